import { localized, StaffNotesQueueStatus, type StaffNotesQueueItem } from '@bansi/shared';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, FilterSelect, useUrlFilters, YearFilter } from '../../../components/data-table';
import { PageTitle } from '../../../components/page-title';
import { ReviewStatusBadge } from '../../../components/review-status-badge';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useStaffNotesQueue } from '../api/staff-queue';

function QueueRow({ item }: { item: StaffNotesQueueItem }) {
  const { t } = useTranslation();
  const lng = useLang();
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component={Link}
      to={paths.staff.notesOne(item.id)}
      style={{ textDecoration: 'none', color: 'inherit' }}
      data-testid="notes-queue-item"
      data-id={item.id}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {localized(item.company.nameLo, item.company.nameEn, lng)}
            </Text>
            <ReviewStatusBadge status={item.status} testId="notes-status" size="sm" />
          </Group>
          <Text size="xs" c="dimmed">
            {[
              t('notesUi.staff.tin', { tin: item.company.tin }),
              t('notesUi.history.title', { year: item.bookYear }),
              item.submittedAt ? t('notesUi.staff.submittedAt', { date: formatDateTime(item.submittedAt, lng) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <IconChevronRight size={18} aria-hidden />
      </Group>
    </Paper>
  );
}

/** /staff/notes: notes waiting for review (or in another state), oldest submitted first. */
export default function StaffNotesQueueRoute() {
  const { t } = useTranslation();
  const { params, setFilter, bookYear } = useUrlFilters();
  const parsed = StaffNotesQueueStatus.safeParse(params.get('status') ?? 'awaiting');
  const status = parsed.success ? parsed.data : 'awaiting';
  const queue = useStaffNotesQueue({ bookYear, status });
  return (
    <Stack gap="md">
      <PageTitle>{t('notesUi.staff.queueTitle')}</PageTitle>
      <DataTable
        query={queue}
        filters={
          <>
            <YearFilter value={bookYear} onChange={(v) => setFilter('year', v)} testId="notes-queue-year" />
            <FilterSelect
              label={t('notesUi.staff.status')}
              // "awaiting" is the default; the empty choice ("all") lists every submitted document.
              data={StaffNotesQueueStatus.options.filter((s) => s !== 'all').map((s) => ({ value: s, label: t(`notesUi.staff.queueStatus.${s}`) }))}
              value={status === 'all' ? '' : status}
              onChange={(v) => setFilter('status', v || 'all')}
              data-testid="notes-queue-status"
            />
          </>
        }
        note={
          <Text size="xs" c="dimmed">
            {t('notesUi.staff.oldestFirst')}
          </Text>
        }
        rowKey={(item) => item.id}
        renderRow={(item) => <QueueRow item={item} />}
        empty={
          <Text c="dimmed" data-testid="notes-queue-empty">
            {t('notesUi.staff.queueEmpty')}
          </Text>
        }
        testId="notes-queue"
      />
    </Stack>
  );
}
