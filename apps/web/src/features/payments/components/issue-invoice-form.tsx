import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LakInput } from '../../../components/lak-input';
import { errorText } from '../../../lib/error-text';
import { formatLak } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useCompanySearch } from '../../../api/search-companies';
import { useStaffInvoiceActions } from '../api/staff-invoice-actions';

interface Line {
  description: string;
  amount: number | '';
}

/** Staff issue an invoice with free lines to a company (whole kip; the total is summed, never typed). */
export function IssueInvoiceForm({ onIssued }: { onIssued: (number: string) => void }) {
  const { t } = useTranslation();
  const lng = useLang();
  const [q, setQ] = useState('');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [lines, setLines] = useState<Line[]>([{ description: '', amount: '' }]);
  const [dueDate, setDueDate] = useState('');
  const companies = useCompanySearch(q);
  const { issue } = useStaffInvoiceActions();
  const total = lines.reduce((sum, l) => sum + (typeof l.amount === 'number' ? l.amount : 0), 0);
  const ready = companyId && dueDate && lines.every((l) => l.description.trim() && typeof l.amount === 'number' && l.amount > 0);
  const setLine = (i: number, patch: Partial<Line>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Select
          label={t('payments.staff.company')}
          placeholder={t('payments.staff.companySearch')}
          searchable
          searchValue={q}
          onSearchChange={setQ}
          data={(companies.data?.items ?? []).map((c) => ({ value: c.id, label: `${lng === 'en' ? c.nameEn : c.nameLo} · ${c.tin}` }))}
          value={companyId}
          onChange={setCompanyId}
          nothingFoundMessage={q.trim().length >= 2 ? t('payments.staff.noCompany') : undefined}
          filter={({ options }) => options}
          data-testid="issue-company"
        />
        {lines.map((line, i) => (
          <Group key={i} align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={t('payments.staff.lineDescription')}
              value={line.description}
              onChange={(e) => setLine(i, { description: e.currentTarget.value })}
              style={{ flex: '2 1 12rem' }}
              maxLength={200}
              data-testid={`issue-line-${i}-description`}
            />
            <LakInput
              label={t('payments.staff.lineAmount')}
              value={line.amount}
              onChange={(v) => setLine(i, { amount: typeof v === 'number' ? v : '' })}
              style={{ flex: '1 1 8rem' }}
              data-testid={`issue-line-${i}-amount`}
            />
            {lines.length > 1 ? (
              <Button
                variant="subtle"
                color="red"
                onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                aria-label={t('payments.staff.removeLine')}
              >
                <IconTrash size={16} />
              </Button>
            ) : null}
          </Group>
        ))}
        <Group justify="space-between" wrap="wrap">
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setLines((all) => [...all, { description: '', amount: '' }])}>
            {t('payments.staff.addLine')}
          </Button>
          <Text fw={700}>{t('payments.staff.totalIs', { total: formatLak(total, lng) })}</Text>
        </Group>
        <TextInput
          type="date"
          label={t('payments.staff.dueDate')}
          value={dueDate}
          onChange={(e) => setDueDate(e.currentTarget.value)}
          style={{ maxWidth: '14rem' }}
          data-testid="issue-due"
        />
        {issue.isError ? (
          <Text c="red" size="sm">
            {errorText(issue.error)}
          </Text>
        ) : null}
        <Group>
          <Button
            disabled={!ready}
            loading={issue.isPending}
            data-testid="issue-submit"
            onClick={() =>
              companyId &&
              issue.mutate(
                { companyId, dueDate, lines: lines.map((l) => ({ description: l.description.trim(), amount: Number(l.amount) })) },
                {
                  onSuccess: (invoice) => {
                    setLines([{ description: '', amount: '' }]);
                    onIssued(invoice.number);
                  },
                },
              )
            }
          >
            {t('payments.staff.issue')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
