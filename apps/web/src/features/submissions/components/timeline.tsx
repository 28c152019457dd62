import type { SubmissionEvent } from '@bansi/shared';
import { Blockquote, Button, Text, Timeline } from '@mantine/core';
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
            title={t(`submission.event.${e.action}`, {
              file: e.fileName ?? '',
            })}
            data-testid="timeline-item"
            data-action={e.action}
          >
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
