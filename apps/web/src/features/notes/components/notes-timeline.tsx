import type { NotesEvent } from '@bansi/shared';
import { Blockquote, Button, Text, Timeline } from '@mantine/core';
import { IconBuilding, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

/** The notes document's timeline (who, when, what, comment), newest first. */
export function NotesTimeline({
  events,
  hasMore,
  onMore,
  loadingMore,
}: {
  events: NotesEvent[];
  hasMore?: boolean;
  onMore?: () => void;
  loadingMore?: boolean;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('notesUi.timeline.empty')}
      </Text>
    );
  }
  return (
    <>
      <Timeline bulletSize={24} lineWidth={2} data-testid="notes-timeline">
        {events.map((e) => (
          <Timeline.Item
            key={e.id}
            bullet={e.actor.kind === 'staff' ? <IconUserCheck size={14} /> : <IconBuilding size={14} />}
            title={t(`notesUi.event.${e.action}`)}
            data-testid="timeline-item"
            data-action={e.action}
          >
            <Text size="xs" c="dimmed">
              {t('notesUi.timeline.by', { name: e.actor.name, at: formatDateTime(e.at, lng) })}
            </Text>
            {e.sections.length > 0 && (
              <Text size="xs" c="dimmed">
                {t('notesUi.timeline.sections', { sections: e.sections.map((s) => t(`notesDocument.sections.${s}`)).join(', ') })}
              </Text>
            )}
            {e.toStatus && e.fromStatus !== e.toStatus && (
              <Text size="xs" c="dimmed">
                {t('notesUi.timeline.status', { status: t(`submission.status.${e.toStatus}`) })}
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
          {t('lists.more')}
        </Button>
      )}
    </>
  );
}
