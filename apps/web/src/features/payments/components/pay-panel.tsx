import { INVOICE_OWNER, SLIP_SLOT, type Invoice } from '@bansi/shared';
import { Alert, Divider, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/file-upload';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatLak } from '../../../lib/format';
import { useReleaseFirstPaint } from '../../../lib/first-paint';
import { useLang } from '../../../lib/use-lang';
import { useInvoiceQr } from '../api/get-invoice-qr';
import { paymentKeys } from '../api/keys';
import { LaoQrImage } from './lao-qr-image';
import { QrPictureActions } from './qr-picture-actions';

/** How to pay an open invoice: its LAO QR with the amount and number beside it, or a transfer slip. */
export function PayPanel({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const lng = useLang();
  const qr = useInvoiceQr(invoice.id, invoice.status === 'open');
  const queryClient = useQueryClient();
  const slipPending = invoice.slip?.status === 'pending';
  useReleaseFirstPaint(qr.isError);
  return (
    <Stack gap="md">
      <Group align="flex-start" gap="lg" wrap="wrap">
        {qr.data ? <LaoQrImage payload={qr.data.payload} alt={t('payments.qrAlt', { number: invoice.number })} /> : null}
        {qr.isError ? <Alert color="red">{errorText(qr.error)}</Alert> : null}
        <Stack gap={6} style={{ flex: '1 1 12rem' }}>
          <Text size="sm" c="dimmed">
            {t('payments.amount')}
          </Text>
          <Text fz={28} fw={700} ff="monospace" data-testid="qr-amount">
            {formatLak(invoice.total, lng)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('payments.number')}
          </Text>
          <Text fz="lg" fw={600} ff="monospace" data-testid="qr-number">
            {invoice.number}
          </Text>
          <Text size="sm">{t('payments.due', { date: formatDate(invoice.dueDate, lng) })}</Text>
          <Text size="sm" c="dimmed">
            {t('payments.scanHint')}
          </Text>
          {qr.data ? <QrPictureActions invoice={invoice} payload={qr.data.payload} /> : null}
        </Stack>
      </Group>
      <Divider label={t('payments.slip.or')} labelPosition="center" />
      <Stack gap="xs">
        <Text size="sm">{t('payments.slip.hint')}</Text>
        {/* a confirmed slip on an open invoice belongs to a payment that was reversed (the reversal note says so) */}
        {invoice.slip && invoice.slip.status !== 'confirmed' ? (
          <Text size="sm" data-testid="slip-state">
            {t(`payments.slip.state.${invoice.slip.status}`, { name: invoice.slip.fileName })}
            {invoice.slip.rejectReason && invoice.slip.status === 'rejected' ? ` — ${invoice.slip.rejectReason}` : ''}
          </Text>
        ) : null}
        <FileUpload
          ownerKind={INVOICE_OWNER}
          ownerId={invoice.id}
          slot={SLIP_SLOT}
          kinds={['pdf', 'jpeg', 'png']}
          label={slipPending ? t('payments.slip.replace') : t('payments.slip.upload')}
          testId="slip-upload"
          clearDone
          onUploaded={() => void queryClient.invalidateQueries({ queryKey: paymentKeys.lists })}
        />
      </Stack>
    </Stack>
  );
}
