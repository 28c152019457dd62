import type { Invoice } from '@bansi/shared';
import { Accordion, Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatDateTime, formatLak } from '../../../lib/format';
import { useReleaseFirstPaint } from '../../../lib/first-paint';
import { useLang } from '../../../lib/use-lang';
import { useInvoices } from '../api/list-invoices';
import { invoiceReceiptUrl } from '../api/receipt-url';
import { InvoiceLines } from '../components/invoice-lines';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import { PayPanel } from '../components/pay-panel';

function InvoiceItem({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const lng = useLang();
  return (
    <Accordion.Item value={invoice.id} data-testid="invoice-item" data-number={invoice.number} data-status={invoice.status}>
      <Accordion.Control icon={<IconReceipt size={20} />}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600} ff="monospace">
              {invoice.number}
            </Text>
            <Text size="xs" c="dimmed">
              {invoice.status === 'paid' && invoice.paidAt
                ? t('payments.paidOn', { date: formatDateTime(invoice.paidAt, lng) })
                : t('payments.due', { date: formatDate(invoice.dueDate, lng) })}
            </Text>
          </Stack>
          <Group gap="sm" wrap="nowrap">
            <Text fw={600} ff="monospace">
              {formatLak(invoice.total, lng)}
            </Text>
            <InvoiceStatusBadge status={invoice.status} />
          </Group>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          <InvoiceLines invoice={invoice} />
          {invoice.status === 'open' && invoice.reversal ? (
            <Alert color="orange" variant="light" data-testid="invoice-reversal">
              <Stack gap={4}>
                <Text size="sm">
                  {t('payments.reversedNote', { date: formatDateTime(invoice.reversal.reversedAt, lng), reason: invoice.reversal.reason })}
                </Text>
                {invoice.receipt ? (
                  <Anchor href={invoiceReceiptUrl(invoice.id)} download size="sm" data-testid="receipt-cancelled-download">
                    {t('payments.receiptCancelled')}
                  </Anchor>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          {invoice.status === 'open' ? <PayPanel invoice={invoice} /> : null}
          {invoice.status === 'paid' ? (
            <Group gap="md">
              <Text size="sm">{t(`payments.method.${invoice.method ?? 'laoqr'}`)}</Text>
              <Anchor href={invoiceReceiptUrl(invoice.id)} download data-testid="receipt-download">
                <Group gap={4} wrap="nowrap">
                  <IconDownload size={16} />
                  {t('payments.receipt')}
                </Group>
              </Anchor>
            </Group>
          ) : null}
          {invoice.status === 'void' ? <Text size="sm">{t('payments.voided', { reason: invoice.voidReason ?? '' })}</Text> : null}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** /dashboard/service-payment: the company's invoices — open ones to pay (LAO QR or transfer slip), paid ones with receipts. */
export default function ServicePaymentRoute() {
  const { t } = useTranslation();
  const invoices = useInvoices();
  const items = invoices.data?.items ?? [];
  const open = items.filter((i) => i.status === 'open');
  const done = items.filter((i) => i.status !== 'open');
  // With an open invoice, its QR releases the server's first paint (LaoQrImage); else the list settling does.
  useReleaseFirstPaint(invoices.isError || (invoices.isSuccess && open.length === 0));
  return (
    <Stack gap="md">
      <PageTitle>{t('payments.title')}</PageTitle>
      {invoices.isPending ? <PageSpinner /> : null}
      {invoices.isError ? <Alert color="red">{errorText(invoices.error)}</Alert> : null}
      {invoices.isSuccess && items.length === 0 ? <Text c="dimmed">{t('payments.empty')}</Text> : null}
      {open.length ? (
        <section aria-label={t('payments.openTitle')}>
          <Text fw={600} mb="xs">
            {t('payments.openTitle')}
          </Text>
          <Accordion variant="separated" defaultValue={open[0]?.id} data-testid="open-invoices">
            {open.map((i) => (
              <InvoiceItem key={i.id} invoice={i} />
            ))}
          </Accordion>
        </section>
      ) : null}
      {done.length ? (
        <section aria-label={t('payments.doneTitle')}>
          <Text fw={600} mb="xs">
            {t('payments.doneTitle')}
          </Text>
          <Accordion variant="separated" data-testid="done-invoices">
            {done.map((i) => (
              <InvoiceItem key={i.id} invoice={i} />
            ))}
          </Accordion>
        </section>
      ) : null}
    </Stack>
  );
}
