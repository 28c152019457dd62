import { INVOICE_STATUSES, type StaffInvoice } from '@bansi/shared';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Select, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useCompanySearch } from '../../../api/search-companies';
import { DataTable, FilterSelect, useUrlFilters, YearFilter } from '../../../components/data-table';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatDateTime, formatLak } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { invoiceReceiptUrl } from '../api/receipt-url';
import { useStaffInvoiceActions } from '../api/staff-invoice-actions';
import { useResolveUnmatched, useStaffInvoices, useUnmatched, type StaffInvoiceFilters } from '../api/staff-invoices';
import { InvoiceLines } from '../components/invoice-lines';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import type { FromList } from './staff-invoice';
import { ReasonButton } from '../components/reason-button';
import { lazyPart } from '../../../lib/lazy';

const IssueInvoiceForm = lazyPart(() => import('../components/issue-invoice-form').then((m) => m.IssueInvoiceForm));
const TestBankPanel = lazyPart(() => import('../components/test-bank-panel').then((m) => m.TestBankPanel));

function InvoiceCard({ invoice, canReverse }: { invoice: StaffInvoice; canReverse: boolean }) {
  const { t } = useTranslation();
  const lng = useLang();
  const actions = useStaffInvoiceActions();
  const pendingSlip = invoice.status === 'open' && invoice.slip?.status === 'pending' ? invoice.slip : null;
  const failed = actions.void.error ?? actions.reverse.error;
  // the screen's "back" returns to this list with its filters
  const fromList: FromList = { listSearch: useLocation().search };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="staff-invoice" data-number={invoice.number} data-status={invoice.status}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Anchor component={Link} to={paths.staff.invoice(invoice.id)} state={fromList} fw={600} ff="monospace" data-testid="invoice-open">
              {invoice.number}
            </Anchor>
            <Text size="sm">{lng === 'en' ? invoice.companyNameEn : invoice.companyNameLo}</Text>
            <Text size="xs" c="dimmed">
              {invoice.paidAt
                ? t('payments.paidOn', { date: formatDateTime(invoice.paidAt, lng) })
                : t('payments.due', { date: formatDate(invoice.dueDate, lng) })}
            </Text>
          </Stack>
          <Group gap="sm">
            <Text fw={600} ff="monospace">
              {formatLak(invoice.total, lng)}
            </Text>
            <InvoiceStatusBadge status={invoice.status} />
          </Group>
        </Group>
        <InvoiceLines invoice={invoice} />
        {invoice.reversal ? (
          <Text size="sm" c="orange.8" data-testid="invoice-reversal">
            {t('payments.reversedNote', { date: formatDateTime(invoice.reversal.reversedAt, lng), reason: invoice.reversal.reason })}
          </Text>
        ) : null}
        {pendingSlip ? (
          <Alert color="blue" variant="light" title={t('payments.staff.slipWaiting')}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">{pendingSlip.fileName}</Text>
              <Button component={Link} to={paths.staff.invoice(invoice.id)} state={fromList} size="compact-sm" data-testid="slip-review">
                {t('payments.staff.checkSlip')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        <Group gap="xs">
          {invoice.status === 'open' ? (
            <ReasonButton
              label={t('payments.staff.void')}
              title={t('payments.staff.voidTitle', { number: invoice.number })}
              color="gray"
              loading={actions.void.isPending}
              testId="invoice-void"
              onSubmit={(reason) => actions.void.mutate({ id: invoice.id, reason })}
            />
          ) : null}
          {invoice.receipt ? (
            <Anchor href={invoiceReceiptUrl(invoice.id, { staff: true })} size="sm" download data-testid="invoice-receipt">
              {t(invoice.status === 'paid' ? 'payments.receipt' : 'payments.receiptCancelled')}
            </Anchor>
          ) : null}
          {invoice.status === 'paid' && canReverse ? (
            <ReasonButton
              label={t('payments.staff.reverse')}
              title={t('payments.staff.reverseTitle', { number: invoice.number })}
              lead={t('payments.staff.reverseLead')}
              color="orange"
              loading={actions.reverse.isPending}
              testId="invoice-reverse"
              onSubmit={(reason) => actions.reverse.mutate({ id: invoice.id, reason })}
            />
          ) : null}
          {invoice.status === 'void' ? <Text size="sm">{t('payments.voided', { reason: invoice.voidReason ?? '' })}</Text> : null}
        </Group>
        {failed ? (
          <Text c="red" size="sm">
            {errorText(failed)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function InvoicesTab({ canReverse }: { canReverse: boolean }) {
  const { t } = useTranslation();
  const lng = useLang();
  const { params, setFilter, bookYear } = useUrlFilters();
  const status = INVOICE_STATUSES.find((v) => v === params.get('status'));
  const companyId = params.get('company') ?? undefined;
  const filters: StaffInvoiceFilters = {
    status,
    companyId,
    year: bookYear,
    slip: params.get('slip') === 'pending' ? 'pending' : undefined,
    due: params.get('due') === 'overdue' ? 'overdue' : undefined,
  };
  const list = useStaffInvoices(filters);
  const [q, setQ] = useState('');
  const companies = useCompanySearch(q);
  // the chosen company's name: from the search, else from its invoices (a filtered address opened directly)
  const chosen = list.data?.pages[0]?.items[0];
  // The label is the name alone, the same whether it comes from the search or from the invoices: Mantine writes
  // the chosen option's label back into the search, and a label that changed with it ("name" ↔ "name · TIN",
  // which finds nothing) searched back and forth for ever, so a navigation from this list never finished.
  const companyOptions = (companies.data?.items ?? []).map((c) => ({ value: c.id, label: lng === 'en' ? c.nameEn : c.nameLo }));
  const tinOf = new Map((companies.data?.items ?? []).map((c) => [c.id, c.tin]));
  if (companyId && chosen?.companyId === companyId && !companyOptions.some((o) => o.value === companyId))
    companyOptions.unshift({ value: companyId, label: lng === 'en' ? chosen.companyNameEn : chosen.companyNameLo });
  return (
    <Stack gap="md">
      <DataTable
        query={list}
        testId="staff-invoices"
        filters={
          <>
            <FilterSelect
              label={t('payments.staff.state')}
              data={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`payments.status.${s}`) }))}
              value={status ?? ''}
              onChange={(v) => setFilter('status', v)}
              data-testid="filter-status"
            />
            <Select
              label={t('payments.staff.company')}
              placeholder={t('payments.staff.companySearch')}
              searchable
              clearable
              searchValue={q}
              onSearchChange={setQ}
              data={companyOptions}
              value={companyId ?? null}
              onChange={(v) => setFilter('company', v)}
              nothingFoundMessage={q.trim().length >= 2 ? t('payments.staff.noCompany') : undefined}
              filter={({ options }) => options}
              renderOption={({ option }) => (
                <Text size="sm">{tinOf.has(option.value) ? `${option.label} · ${tinOf.get(option.value) ?? ''}` : option.label}</Text>
              )}
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 260 }}
              data-testid="filter-company"
            />
            <YearFilter value={bookYear} onChange={(v) => setFilter('year', v)} testId="filter-year" />
            <Switch
              label={t('payments.staff.slipOnly')}
              checked={filters.slip === 'pending'}
              onChange={(e) => setFilter('slip', e.currentTarget.checked ? 'pending' : null)}
              data-testid="filter-slip"
            />
            <Switch
              label={t('payments.staff.overdueOnly')}
              checked={filters.due === 'overdue'}
              onChange={(e) => setFilter('due', e.currentTarget.checked ? 'overdue' : null)}
              data-testid="filter-overdue"
            />
          </>
        }
        rowKey={(i) => i.id}
        renderRow={(i) => <InvoiceCard invoice={i} canReverse={canReverse} />}
        empty={<Text c="dimmed">{t('payments.staff.none')}</Text>}
      />
    </Stack>
  );
}

/** Apply an unmatched notification to the invoice it was meant for (the number staff found). */
function ApplyButton({ id, onSubmit, loading }: { id: string; onSubmit: (invoiceNumber: string) => void; loading: boolean }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [number, setNumber] = useState('');
  const valid = /^INV-\d{4}-\d{6}$/.test(number.trim());
  return (
    <>
      <Button size="compact-sm" variant="light" color="green" onClick={open} data-testid="unmatched-apply">
        {t('payments.staff.apply')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('payments.staff.applyTitle')} centered>
        <Stack>
          <Text size="sm">{t('payments.staff.applyLead')}</Text>
          <TextInput
            label={t('payments.number')}
            placeholder="INV-2024-000123"
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value.toUpperCase())}
            ff="monospace"
            data-testid={`unmatched-apply-number-${id}`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('payments.staff.cancel')}
            </Button>
            <Button
              color="green"
              disabled={!valid}
              loading={loading}
              data-testid="unmatched-apply-confirm"
              onClick={() => {
                onSubmit(number.trim());
                close();
              }}
            >
              {t('payments.staff.apply')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function UnmatchedTab() {
  const { t } = useTranslation();
  const lng = useLang();
  const list = useUnmatched();
  const resolve = useResolveUnmatched();
  if (list.isError) return <Alert color="red">{errorText(list.error)}</Alert>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('payments.staff.unmatchedLead')}
      </Text>
      {resolve.isError ? (
        <Alert color="red" role="alert">
          {errorText(resolve.error)}
        </Alert>
      ) : null}
      {list.data && list.data.items.length === 0 ? <Text c="dimmed">{t('payments.staff.noUnmatched')}</Text> : null}
      {(list.data?.items ?? []).map((n) => (
        <Paper key={n.id} withBorder p="sm" radius="md" data-testid="unmatched" data-transaction={n.transactionId}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Group gap="xs">
                <Text ff="monospace" fw={600}>
                  {n.billNumber}
                </Text>
                <Badge color="orange" variant="light">
                  {t(`payments.staff.reasons.${n.reason}`)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(n.receivedAt, lng)} · {n.provider} ·{' '}
                <Text span ff="monospace" size="xs">
                  {n.transactionId}
                </Text>
              </Text>
            </Stack>
            <Text fw={600} ff="monospace">
              {n.currency === '418' ? formatLak(n.amount, lng) : `${n.amount} (${n.currency})`}
            </Text>
          </Group>
          <Group gap="xs" mt="xs">
            <ApplyButton
              id={n.id}
              loading={resolve.isPending}
              onSubmit={(invoiceNumber) => resolve.mutate({ id: n.id, body: { action: 'apply', invoiceNumber } })}
            />
            <ReasonButton
              label={t('payments.staff.dismiss')}
              title={t('payments.staff.dismissTitle', { transaction: n.transactionId })}
              color="gray"
              loading={resolve.isPending}
              testId="unmatched-dismiss"
              onSubmit={(reason) => resolve.mutate({ id: n.id, body: { action: 'dismiss', reason } })}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

const TABS = ['invoices', 'unmatched', 'issue'] as const;

/**
 * /staff/invoices: invoices by state, company and year; slips to confirm; unmatched notifications; issue.
 * The fee schedule is reference data (/staff/reference). Staff admins may also reverse a payment and see the
 * test bank's wiring.
 */
export function StaffInvoicesScreen({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const [issued, setIssued] = useState<string | null>(null);
  const { params, setFilter } = useUrlFilters();
  const tab = TABS.find((v) => v === params.get('tab')) ?? 'invoices';
  return (
    <Stack gap="md">
      <PageTitle>{t('payments.staff.title')}</PageTitle>
      {issued ? (
        <Alert color="green" withCloseButton onClose={() => setIssued(null)} data-testid="issued">
          {t('payments.staff.issued', { number: issued })}
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={(v) => setFilter('tab', v === 'invoices' ? null : v)} keepMounted={false}>
        <Tabs.List>
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`invoices-tab-${key}`}>
              {t(`payments.staff.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="invoices" pt="md">
          <InvoicesTab canReverse={isAdmin} />
        </Tabs.Panel>
        <Tabs.Panel value="unmatched" pt="md">
          <UnmatchedTab />
        </Tabs.Panel>
        <Tabs.Panel value="issue" pt="md">
          <Suspense fallback={<PageSpinner />}>
            <IssueInvoiceForm
              onIssued={(number) => {
                setIssued(number);
                setFilter('tab', null);
              }}
            />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      {isAdmin ? (
        <Suspense fallback={null}>
          <TestBankPanel />
        </Suspense>
      ) : null}
    </Stack>
  );
}
