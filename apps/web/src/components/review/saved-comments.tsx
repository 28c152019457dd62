import { Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface SavedComment {
  id: string;
  /** what it is about: a file's slot and name, or the whole filing */
  about: string;
  body: string;
}

/**
 * The comments saved during this review, as the Return dialog lists them (decision 191): each ticked to be
 * sent with the return; the reviewer unticks those to leave out. Nothing is shown when there are none.
 */
export function SavedComments({ comments, kept, onChange }: { comments: SavedComment[]; kept: string[]; onChange: (kept: string[]) => void }) {
  const { t } = useTranslation();
  if (comments.length === 0) return null;
  return (
    <Stack gap={6} data-testid="return-saved-comments">
      <Text size="sm" fw={600}>
        {t('review.returnDialog.savedComments')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('review.returnDialog.savedHint')}
      </Text>
      {comments.map((c) => (
        <Checkbox
          key={c.id}
          checked={kept.includes(c.id)}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            onChange(on ? [...kept, c.id] : kept.filter((x) => x !== c.id));
          }}
          label={
            <>
              <Text span size="xs" fw={700} c="dimmed" tt="uppercase" style={{ overflowWrap: 'anywhere' }}>
                {c.about}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {c.body}
              </Text>
            </>
          }
          data-testid="return-saved-comment"
        />
      ))}
    </Stack>
  );
}
