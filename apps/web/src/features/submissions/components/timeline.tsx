import type { SubmissionEvent } from '@bansi/shared';
import { Blockquote, Button, List, Text, Timeline } from '@mantine/core';
import { IconBuilding, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

/** The submission's timeline (who, when, what, comment), newest first. */
export function SubmissionTimeline({
  events,
  hasMore,
  onMore,
  loadingMore,
}: {
  events: SubmissionEvent[];
  hasMore?: boolean;
  onMore?: () => void;
  loadingMore?: boolean;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  // One upload action of several files is one entry (decision 097); a company's answer has its own title.
  const eventTitle = (e: SubmissionEvent) => {
    if (e.action === 'answered') return t('filing.event.answered');
    if (e.files.length > 1)
      return t(e.action === 'file_replaced' ? 'filing.event.filesReplaced' : 'filing.event.filesUploaded', { count: e.files.length });
    return t(`submission.event.${e.action}`, { file: e.fileName ?? '' });
  };
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('submission.timeline.empty')}
      </Text>
    );
  }
  return (
    <>
      <Timeline bulletSize={24} lineWidth={2} data-testid="submission-timeline">
        {events.map((e) => (
          <Timeline.Item
            key={e.id}
            bullet={e.actor.kind === 'staff' ? <IconUserCheck size={14} /> : <IconBuilding size={14} />}
            title={eventTitle(e)}
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
              {t('submission.timeline.by', {
                name: e.actor.name,
                who: t(`submission.timeline.actor.${e.actor.kind}`),
                at: formatDateTime(e.at, lng),
              })}
            </Text>
            {e.toStatus && e.fromStatus !== e.toStatus && (
              <Text size="xs" c="dimmed">
                {t('submission.timeline.status', {
                  status: t(`submission.status.${e.toStatus}`),
                })}
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
          {t('submission.common.more')}
        </Button>
      )}
    </>
  );
}
