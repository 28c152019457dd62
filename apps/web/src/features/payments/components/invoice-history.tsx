import type { StaffInvoice } from '@bansi/shared';
import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

interface Step {
  key: string;
  at: string | null;
  text: string;
}

/**
 * The invoice's history as GET /staff/invoices/:id answers it: issued, the slip sent (and rejected), paid,
 * reversed, voided. One small component so the shared review timeline can take its place.
 */
export function InvoiceHistory({ invoice }: { invoice: StaffInvoice }) {
  const { t } = useTranslation();
  const lng = useLang();
  const steps: Step[] = [{ key: 'issued', at: invoice.issuedAt, text: t('payments.staff.screen.history.issued') }];
  if (invoice.slip) {
    steps.push({ key: 'slip', at: invoice.slip.uploadedAt, text: t('payments.staff.screen.history.slipSent', { name: invoice.slip.fileName }) });
    if (invoice.slip.status === 'rejected')
      steps.push({ key: 'rejected', at: null, text: t('payments.staff.screen.history.slipRejected', { reason: invoice.slip.rejectReason ?? '' }) });
  }
  if (invoice.reversal)
    steps.push({
      key: 'reversed',
      at: invoice.reversal.reversedAt,
      text: t('payments.staff.screen.history.reversed', { reason: invoice.reversal.reason }),
    });
  if (invoice.paidAt)
    steps.push({
      key: 'paid',
      at: invoice.paidAt,
      text: t(invoice.method === 'slip' ? 'payments.staff.screen.history.paidSlip' : 'payments.staff.screen.history.paid'),
    });
  if (invoice.status === 'void') steps.push({ key: 'void', at: null, text: t('payments.voided', { reason: invoice.voidReason ?? '' }) });
  return (
    <Timeline bulletSize={14} lineWidth={2} active={steps.length - 1} data-testid="invoice-history">
      {steps.map((s) => (
        <Timeline.Item key={s.key} data-testid="invoice-history-step" data-step={s.key}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {s.text}
          </Text>
          {s.at ? (
            <Text size="xs" c="dimmed">
              {formatDateTime(s.at, lng)}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
