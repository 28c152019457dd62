import { ReportState, type SubmissionReport, localized } from '@bansi/shared';
import { Alert, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApiIndex } from '../../../api/get-api-index';
import { useProvinces } from '../../../api/get-provinces';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/error-text';
import { useLang } from '../../../lib/use-lang';
import { reportCsvUrl, useReport } from '../api/get-report';
import { useStaffReference } from '../api/get-staff-reference';
import { useUrlFilters } from '../../../components/data-table';

const STATES = ReportState.options;

/** A count table: one row per `rows` key, one column per state, totals at the end of rows and columns. */
function CountTable({
  report,
  rowKey,
  rows,
  caption,
  testId,
}: {
  report: SubmissionReport;
  rowKey: 'sizeId' | 'provinceCode';
  rows: { key: string; label: string }[];
  caption: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const count = (row: string | null, state: string | null) =>
    report.cells.filter((c) => (row === null || c[rowKey] === row) && (state === null || c.state === state)).reduce((n, c) => n + c.count, 0);
  const shown = rows.filter((r) => count(r.key, null) > 0);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={caption}>
      <Title order={2} size="h4" mb="sm">
        {caption}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withColumnBorders fz="sm" data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              {STATES.map((s) => (
                <Table.Th key={s} ta="right">
                  {t(`backoffice.states.${s}`)}
                </Table.Th>
              ))}
              <Table.Th ta="right">{t('backoffice.reports.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Th scope="row">{r.label}</Table.Th>
                {STATES.map((s) => (
                  <Table.Td key={s} ta="right" data-cell={`${r.key}:${s}`}>
                    {count(r.key, s) || ''}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={700}>
                  {count(r.key, null)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('backoffice.reports.total')}</Table.Th>
              {STATES.map((s) => (
                <Table.Th key={s} ta="right" data-total={s}>
                  {count(null, s)}
                </Table.Th>
              ))}
              <Table.Th ta="right">{report.companies}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** /staff/reports: companies by submission state × size × province for a book year, and the CSV. */
export default function ReportsRoute() {
  const { t } = useTranslation();
  const lng = useLang();
  const index = useApiIndex();
  const { params, setFilter } = useUrlFilters();
  const bookYear = Number(params.get('year')) || index.data?.bookYear;
  const report = useReport(bookYear);
  const provinces = useProvinces();
  // retired sizes too: a company may still have one
  const sizes = useStaffReference('sizes');
  const years = index.data ? Array.from({ length: 10 }, (_, i) => String(index.data.bookYear - i)) : [];

  return (
    <Stack gap="md">
      <div>
        <PageTitle>{t('backoffice.reports.title')}</PageTitle>
        <Text c="dimmed">{t('backoffice.reports.lead')}</Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('backoffice.reports.bookYear')}
          data={years}
          value={bookYear ? String(bookYear) : null}
          onChange={(v) => setFilter('year', v)}
          allowDeselect={false}
          w={{ base: '100%', xs: 160 }}
          data-testid="report-year"
        />
        {bookYear ? (
          <Button
            component="a"
            href={reportCsvUrl(bookYear)}
            download
            leftSection={<IconDownload size={16} />}
            variant="light"
            data-testid="report-csv"
          >
            {t('backoffice.reports.download')}
          </Button>
        ) : null}
      </Group>
      {report.isPending ? (
        <PageSpinner />
      ) : report.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(report.error)}
        </Alert>
      ) : report.data.companies === 0 ? (
        <Text c="dimmed">{t('backoffice.reports.empty')}</Text>
      ) : (
        <>
          <Text fw={600} data-testid="report-companies">
            {t('backoffice.reports.companies', { count: report.data.companies })}
          </Text>
          <CountTable
            report={report.data}
            rowKey="sizeId"
            rows={(sizes.data?.items ?? []).map((s) => ({ key: s.id, label: localized(s.nameLo, s.nameEn, lng) }))}
            caption={`${t('backoffice.reports.state')} × ${t('backoffice.reports.size')}`}
            testId="report-by-size"
          />
          <CountTable
            report={report.data}
            rowKey="provinceCode"
            rows={(provinces.data?.items ?? []).map((p) => ({ key: p.code, label: localized(p.nameLo, p.nameEn, lng) }))}
            caption={`${t('backoffice.reports.state')} × ${t('backoffice.reports.province')}`}
            testId="report-by-province"
          />
        </>
      )}
    </Stack>
  );
}
