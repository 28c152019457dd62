import { SUBMISSION_STATUSES, SubmissionStatus } from '@bansi/shared';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, FilterSelect, useUrlFilters, YearFilter } from '../../../components/data-table';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useSubmissions } from '../api/list-submissions';
import { FilingReference } from '../components/filing-reference';
import { StatusBadge } from '../components/status-badge';
import { useLang } from '../../../lib/use-lang';

/** /dashboard/submit-document-history: the company's submissions, filtered by year and status, page by page. */
export default function SubmissionHistoryRoute() {
  const { t } = useTranslation();
  const lng = useLang();
  const { params, setFilter, bookYear } = useUrlFilters();
  const parsedStatus = SubmissionStatus.safeParse(params.get('status'));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const list = useSubmissions({ bookYear, status });

  return (
    <Stack gap="md">
      <PageTitle>{t('dashboard.nav.submissionHistory')}</PageTitle>
      <DataTable
        query={list}
        filters={
          <>
            <YearFilter value={bookYear} onChange={(v) => setFilter('year', v)} testId="filter-year" />
            <FilterSelect
              label={t('submission.filters.status')}
              data={SUBMISSION_STATUSES.map((s) => ({
                value: s,
                label: t(`submission.status.${s}`),
              }))}
              value={status ?? ''}
              onChange={(v) => setFilter('status', v)}
              data-testid="filter-status"
            />
          </>
        }
        rowKey={(s) => s.id}
        renderRow={(s) => (
          <Paper
            withBorder
            p="sm"
            radius="md"
            component={Link}
            to={paths.dashboard.submissionDetail(s.id)}
            data-testid="history-item"
            style={{ textDecoration: 'none', color: 'inherit' }}
            aria-label={t('submission.history.open', { year: s.bookYear })}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="sm" wrap="wrap">
                  <Text fw={700}>{t('submission.detail.bookYear', { year: s.bookYear })}</Text>
                  <StatusBadge status={s.status} />
                  <FilingReference reference={s.reference} size="xs" />
                </Group>
                <Text size="xs" c="dimmed">
                  {t('submission.history.files', { count: s.fileCount })}
                  {' · '}
                  {s.submittedAt
                    ? t('submission.detail.submittedAt', {
                        date: formatDateTime(s.submittedAt, lng),
                      })
                    : t('submission.history.updatedAt', {
                        date: formatDateTime(s.updatedAt, lng),
                      })}
                </Text>
              </Stack>
              <IconChevronRight size={18} aria-hidden />
            </Group>
          </Paper>
        )}
        empty={
          <Paper withBorder p="lg" radius="md" data-testid="history-empty">
            <Text mb="sm">{t('submission.history.empty')}</Text>
            <Button component={Link} to={paths.dashboard.submitDocument} leftSection={<IconFileUpload size={16} />}>
              {t('dashboard.nav.submitDocument')}
            </Button>
          </Paper>
        }
        testId="history-list"
      />
    </Stack>
  );
}
