import type { ReviewEvent, ReviewKind } from '@bansi/shared';
import { Blockquote, Button, List, Text, Timeline } from '@mantine/core';
import { IconBuilding, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import { REVIEW_TIMELINE_TEXT as KINDS } from './review-timeline-text';

/**
 * The one review timeline (issue 34, decision 270): a filing's, a notes document's or a payment slip's events
 * (who, when, what, comment), newest first, as the API's one presenter gives them (`ReviewEvent`).
 */
export function ReviewTimeline({
  kind,
  events,
  hasMore,
  onMore,
  loadingMore,
}: {
  kind: ReviewKind;
  events: ReviewEvent[];
  hasMore?: boolean;
  onMore?: () => void;
  loadingMore?: boolean;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  const text = KINDS[kind];
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t(text.empty)}
      </Text>
    );
  }
  return (
    <>
      <Timeline bulletSize={24} lineWidth={2} data-testid={text.testId}>
        {events.map((e) => (
          <Timeline.Item
            key={e.id}
            bullet={e.actor.kind === 'staff' ? <IconUserCheck size={14} /> : <IconBuilding size={14} />}
            title={text.title(t, e)}
            data-testid="timeline-item"
            data-action={e.action}
            data-files={e.files.length}
          >
            {e.files.length > 1 && (
              <List size="xs" spacing={0} mb={2} data-testid="timeline-files" style={{ overflowWrap: 'anywhere' }}>
                {e.files.map((f, i) => (
                  <List.Item key={f.fileId ?? i}>{f.fileName}</List.Item>
                ))}
              </List>
            )}
            <Text size="xs" c="dimmed">
              {text.by(t, e, formatDateTime(e.at, lng))}
            </Text>
            {e.sections.length > 0 && (
              <Text size="xs" c="dimmed">
                {t('notesUi.timeline.sections', { sections: e.sections.map((s) => t(`notesDocument.sections.${s}`)).join(', ') })}
              </Text>
            )}
            {e.toStatus && e.fromStatus !== e.toStatus && (
              <Text size="xs" c="dimmed">
                {text.status(t, e, e.toStatus)}
              </Text>
            )}
            {e.comment && (
              <Blockquote p="xs" mt={4} fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {e.comment}
              </Blockquote>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
      {hasMore && (
        <Button variant="subtle" size="xs" mt="sm" onClick={onMore} loading={loadingMore}>
          {t(text.more)}
        </Button>
      )}
    </>
  );
}
