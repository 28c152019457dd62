import { INVOICE_STATUSES, type InvoiceStatus, type StaffInvoice } from '@bansi/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/form';
import { formatDate, formatDateTime, formatLak } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { invoiceReceiptUrl } from '../api/receipt-url';
import { useStaffInvoiceActions } from '../api/staff-invoice-actions';
import { useStaffInvoices, useUnmatched, type StaffInvoiceFilters } from '../api/staff-invoices';
import { FeeEditor } from '../components/fee-editor';
import { InvoiceLines } from '../components/invoice-lines';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import { IssueInvoiceForm } from '../components/issue-invoice-form';

/** A reason is asked for before voiding an invoice or rejecting a slip. */
function ReasonButton({
  label,
  title,
  color,
  onSubmit,
  loading,
  testId,
}: {
  label: string;
  title: string;
  color: string;
  onSubmit: (reason: string) => void;
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [reason, setReason] = useState('');
  return (
    <>
      <Button size="compact-sm" variant="light" color={color} onClick={open} data-testid={testId}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <Stack>
          <Textarea
            label={t('payments.staff.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            minRows={2}
            autosize
            maxLength={500}
            data-testid={`${testId}-reason`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('payments.staff.cancel')}
            </Button>
            <Button
              color={color}
              disabled={reason.trim().length < 3}
              loading={loading}
              data-testid={`${testId}-confirm`}
              onClick={() => {
                onSubmit(reason.trim());
                close();
              }}
            >
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function InvoiceCard({ invoice }: { invoice: StaffInvoice }) {
  const { t } = useTranslation();
  const lng = useLang();
  const actions = useStaffInvoiceActions();
  const pendingSlip = invoice.status === 'open' && invoice.slip?.status === 'pending' ? invoice.slip : null;
  const failed = actions.void.error ?? actions.decide.error;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="staff-invoice" data-number={invoice.number} data-status={invoice.status}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600} ff="monospace">
              {invoice.number}
            </Text>
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
        {pendingSlip ? (
          <Alert color="blue" variant="light" title={t('payments.staff.slipWaiting')}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Anchor href={`/api/accounting-document-system/staff/files/${pendingSlip.fileId}/content`} target="_blank" size="sm">
                {pendingSlip.fileName}
              </Anchor>
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  color="green"
                  loading={actions.decide.isPending}
                  onClick={() => actions.decide.mutate({ id: invoice.id, body: { decision: 'confirm' } })}
                  data-testid="slip-confirm"
                >
                  {t('payments.staff.confirmSlip')}
                </Button>
                <ReasonButton
                  label={t('payments.staff.rejectSlip')}
                  title={t('payments.staff.rejectSlipTitle', { number: invoice.number })}
                  color="red"
                  loading={actions.decide.isPending}
                  testId="slip-reject"
                  onSubmit={(reason) => actions.decide.mutate({ id: invoice.id, body: { decision: 'reject', reason } })}
                />
              </Group>
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
          {invoice.status === 'paid' ? (
            <Anchor href={invoiceReceiptUrl(invoice.id, { staff: true })} size="sm" download>
              {t('payments.receipt')}
            </Anchor>
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

function InvoicesTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<InvoiceStatus | 'all'>('open');
  const [year, setYear] = useState<string | null>(null);
  const [slip, setSlip] = useState(false);
  const filters: StaffInvoiceFilters = {
    status: status === 'all' ? undefined : status,
    year: year ? Number(year) : undefined,
    slip: slip ? 'pending' : undefined,
  };
  const list = useStaffInvoices(filters);
  const thisYear = new Date().getFullYear();
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          value={status}
          onChange={(v) => setStatus(v as InvoiceStatus | 'all')}
          data={[...INVOICE_STATUSES.map((s) => ({ value: s, label: t(`payments.status.${s}`) })), { value: 'all', label: t('payments.staff.all') }]}
          data-testid="filter-status"
        />
        <Select
          label={t('payments.staff.year')}
          clearable
          value={year}
          onChange={setYear}
          data={Array.from({ length: 5 }, (_, i) => String(thisYear - i))}
          style={{ width: '8rem' }}
        />
        <Switch label={t('payments.staff.slipOnly')} checked={slip} onChange={(e) => setSlip(e.currentTarget.checked)} data-testid="filter-slip" />
      </Group>
      {list.isError ? <Alert color="red">{errorText(list.error)}</Alert> : null}
      {list.data && list.data.items.length === 0 ? <Text c="dimmed">{t('payments.staff.none')}</Text> : null}
      {(list.data?.items ?? []).map((i) => (
        <InvoiceCard key={i.id} invoice={i} />
      ))}
    </Stack>
  );
}

function UnmatchedTab() {
  const { t } = useTranslation();
  const lng = useLang();
  const list = useUnmatched();
  if (list.isError) return <Alert color="red">{errorText(list.error)}</Alert>;
  if (list.data && list.data.items.length === 0) return <Text c="dimmed">{t('payments.staff.noUnmatched')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payments.staff.receivedAt')}</Table.Th>
            <Table.Th>{t('payments.staff.provider')}</Table.Th>
            <Table.Th>{t('payments.number')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('payments.amount')}</Table.Th>
            <Table.Th>{t('payments.staff.reasonColumn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.items ?? []).map((n) => (
            <Table.Tr key={n.id}>
              <Table.Td>{formatDateTime(n.receivedAt, lng)}</Table.Td>
              <Table.Td>
                {n.provider} ·{' '}
                <Text span ff="monospace" size="xs">
                  {n.transactionId}
                </Text>
              </Table.Td>
              <Table.Td ff="monospace">{n.billNumber}</Table.Td>
              <Table.Td style={{ textAlign: 'right', fontFamily: 'monospace' }}>
                {n.currency === '418' ? formatLak(n.amount, lng) : `${n.amount} (${n.currency})`}
              </Table.Td>
              <Table.Td>
                <Badge color="orange" variant="light">
                  {t(`payments.staff.reasons.${n.reason}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /staff/invoices: invoices by state, company and year; slips to confirm; unmatched notifications; issue; fees (staff admins). */
export function StaffInvoicesScreen({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const [issued, setIssued] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('invoices');
  return (
    <Stack gap="md">
      <PageTitle>{t('payments.staff.title')}</PageTitle>
      {issued ? (
        <Alert color="green" withCloseButton onClose={() => setIssued(null)} data-testid="issued">
          {t('payments.staff.issued', { number: issued })}
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="invoices">{t('payments.staff.tabs.invoices')}</Tabs.Tab>
          <Tabs.Tab value="unmatched">{t('payments.staff.tabs.unmatched')}</Tabs.Tab>
          <Tabs.Tab value="issue">{t('payments.staff.tabs.issue')}</Tabs.Tab>
          {isAdmin ? <Tabs.Tab value="fees">{t('payments.staff.tabs.fees')}</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="invoices" pt="md">
          <InvoicesTab />
        </Tabs.Panel>
        <Tabs.Panel value="unmatched" pt="md">
          {tab === 'unmatched' ? <UnmatchedTab /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="issue" pt="md">
          <IssueInvoiceForm
            onIssued={(number) => {
              setIssued(number);
              setTab('invoices');
            }}
          />
        </Tabs.Panel>
        {isAdmin ? (
          <Tabs.Panel value="fees" pt="md">
            {tab === 'fees' ? <FeeEditor /> : null}
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
