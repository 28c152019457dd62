import { API_BASE, AUDIT_AREAS, AuditPaths } from '@bansi/shared';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, FilterSelect, useUrlFilters } from '../../../components/data-table';
import { AppDates, useCalendarLabels } from '../../../components/dates';
import { PageTitle } from '../../../components/page-title';
import { useAudit } from '../api/list-audit';
import { AuditRow } from '../components/audit-row';
import { FailedJobs } from '../components/failed-jobs';
import { LastBackupPanel } from '../components/last-backup';

/** A day (YYYY-MM-DD, Vientiane) as the instant it starts, for the `from`/`to` filters. */
const dayStart = (day: string | null, plusDays = 0) => {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  return new Date(Date.parse(`${day}T00:00:00+07:00`) + plusDays * 86_400_000).toISOString();
};

/** A text filter kept in the address, written there a moment after typing stops. */
function TextFilter({ name, label, placeholder }: { name: string; label: string; placeholder: string }) {
  const { params, setFilter } = useUrlFilters();
  const [text, setText] = useState(params.get(name) ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 400);
  useEffect(() => setFilter(name, debounced || null), [debounced]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      maxLength={254}
      w={{ base: '100%', xs: 220 }}
      data-testid={`audit-filter-${name}`}
    />
  );
}

/**
 * A day filter kept in the address as YYYY-MM-DD, shown in the language's own format ("5 ມີນາ 2024", "5 Mar 2024")
 * with a calendar in the language, not the browser's native "mm/dd/yyyy" field.
 */
function DayFilter({ name, label }: { name: 'from' | 'to'; label: string }) {
  const { params, setFilter } = useUrlFilters();
  const calendarLabels = useCalendarLabels();
  const value = params.get(name);
  return (
    <AppDates>
      <DatePickerInput
        label={label}
        value={value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null}
        onChange={(day) => setFilter(name, day || null)}
        valueFormat="D MMMM YYYY"
        clearable
        ariaLabels={calendarLabels}
        w={{ base: '100%', xs: 170 }}
        data-testid={`audit-filter-${name}`}
      />
    </AppDates>
  );
}

/** The CSV of what the filters show, in the language of the account (the server reads it). */
function csvHref(filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
  return `${API_BASE}${AuditPaths.csv}${query.size ? `?${query}` : ''}`;
}

/** /staff/audit: who did what, when (staff admins), the last backup, and the background jobs that failed. */
export default function StaffAuditRoute() {
  const { t } = useTranslation();
  const { params, setFilter } = useUrlFilters();
  const filters = {
    action: params.get('action') || undefined,
    actor: params.get('actor') || undefined,
    subject: params.get('subject') || undefined,
    companyId: params.get('companyId') || undefined,
    from: dayStart(params.get('from')),
    to: dayStart(params.get('to'), 1),
  };
  const audit = useAudit(filters);
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{t('audit.title')}</PageTitle>
        <Text c="dimmed">{t('audit.lead')}</Text>
      </div>
      <LastBackupPanel />
      <FailedJobs />
      <Stack gap="sm" component="section" aria-labelledby="audit-log-title">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id="audit-log-title">
            {t('audit.log.title')}
          </Title>
          <Button component="a" href={csvHref(filters)} variant="light" size="xs" leftSection={<IconDownload size={14} />} data-testid="audit-csv">
            {t('audit.csv.download')}
          </Button>
        </Group>
        <DataTable
          query={audit}
          filters={
            <>
              <FilterSelect
                label={t('audit.filters.area')}
                data={AUDIT_AREAS.map((a) => ({ value: a, label: t(`audit.areas.${a}`) }))}
                value={filters.action && !filters.action.includes('.') ? filters.action : ''}
                onChange={(v) => setFilter('action', v)}
                data-testid="audit-filter-area"
              />
              <TextFilter name="actor" label={t('audit.filters.actor')} placeholder={t('audit.filters.actorPlaceholder')} />
              <TextFilter name="subject" label={t('audit.filters.subject')} placeholder={t('audit.filters.subjectPlaceholder')} />
              <DayFilter name="from" label={t('audit.filters.from')} />
              <DayFilter name="to" label={t('audit.filters.to')} />
            </>
          }
          rowKey={(e) => e.id}
          renderRow={(e) => <AuditRow entry={e} />}
          empty={
            <Text c="dimmed" data-testid="audit-empty">
              {t('audit.log.empty')}
            </Text>
          }
          testId="audit-list"
        />
      </Stack>
    </Stack>
  );
}
