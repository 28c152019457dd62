import { vientianeDate, type InvoiceSlip, type StaffInvoice } from '@bansi/shared';
import { Alert, Box, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDates, useCalendarLabels } from '../../../components/dates';
import { ImagePreview } from '../../../components/image-preview';
import { LakInput } from '../../../components/lak-input';
import { PdfViewer } from '../../../components/pdf-viewer';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatLak } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { slipFileUrl } from '../api/slip-file-url';
import { useStaffInvoiceActions } from '../api/staff-invoice-actions';

/** The slip itself, in the page: a PDF in the viewer, a photo in the zoomable image preview. */
function SlipFile({ slip, height }: { slip: InvoiceSlip; height: string }) {
  const src = slipFileUrl(slip.fileId);
  const download = slipFileUrl(slip.fileId, { download: true });
  return slip.kind === 'pdf' ? (
    <Box h={height} data-testid="slip-file">
      <PdfViewer key={slip.fileId} url={src} downloadUrl={download} fileName={slip.fileName} defaultScale="page-width" />
    </Box>
  ) : (
    <Box h={height} data-testid="slip-file">
      <ImagePreview key={slip.fileId} src={src} downloadUrl={download} fileName={slip.fileName} height={height} />
    </Box>
  );
}

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * Staff check a transfer slip beside the invoice (decision 120): the slip in the page, the invoice's
 * number, company, amount due and due date, and the evidence read from the slip — the amount and the
 * transfer day. An amount that is not the amount due shows the difference and cannot be confirmed
 * (the API refuses it too); such a slip is rejected with a reason the company reads.
 */
/** The slip check dialog (slip-review-button.tsx loads it with the first opening and keeps it). */
export function SlipDialog({ invoice, slip, opened, close }: { invoice: StaffInvoice; slip: InvoiceSlip; opened: boolean; close: () => void }) {
  const { t } = useTranslation();
  const lng = useLang();
  const phone = useMediaQuery('(max-width: 48em)');
  const calendarLabels = useCalendarLabels();
  const [amount, setAmount] = useState<number | ''>('');
  const [transferDate, setTransferDate] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const actions = useStaffInvoiceActions();
  // one decision per opening: a double click sends one request (the API answers a second with 409 anyway)
  const sent = useRef(false);
  const difference = typeof amount === 'number' ? amount - invoice.total : 0;
  const canConfirm = typeof amount === 'number' && difference === 0 && transferDate !== null;

  const decide = (body: Parameters<typeof actions.decide.mutate>[0]['body']) => {
    if (sent.current) return;
    sent.current = true;
    actions.decide.mutate(
      { id: invoice.id, body },
      {
        onSuccess: () => close(),
        onSettled: () => {
          sent.current = false;
        },
      },
    );
  };
  const frame = phone ? '55dvh' : '70vh';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('payments.staff.checkSlipTitle', { number: invoice.number })}
      fullScreen={phone}
      size="90%"
      centered
      data-testid="slip-dialog"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SlipFile slip={slip} height={frame} />
        <Stack gap="sm">
          <Stack gap={4}>
            <Fact label={t('payments.number')} testId="slip-invoice-number">
              {invoice.number}
            </Fact>
            <Fact label={t('payments.staff.company')}>{lng === 'en' ? invoice.companyNameEn : invoice.companyNameLo}</Fact>
            <Fact label={t('payments.staff.amountDue')} testId="slip-amount-due">
              {formatLak(invoice.total, lng)}
            </Fact>
            <Fact label={t('payments.staff.dueDate')}>{formatDate(invoice.dueDate, lng)}</Fact>
          </Stack>
          <Text size="sm">{t('payments.staff.evidenceLead')}</Text>
          <LakInput
            label={t('payments.staff.slipAmount')}
            value={amount}
            onChange={(v) => setAmount(typeof v === 'number' ? v : '')}
            required
            data-testid="slip-amount"
          />
          {difference !== 0 ? (
            <Text c="red" size="sm" role="status" data-testid="slip-difference">
              {t('payments.staff.difference', {
                difference: formatLak(Math.abs(difference), lng),
                direction: t(difference > 0 ? 'payments.staff.over' : 'payments.staff.under'),
              })}
            </Text>
          ) : null}
          <AppDates>
            <DatePickerInput
              label={t('payments.staff.transferDate')}
              value={transferDate}
              onChange={setTransferDate}
              valueFormat="YYYY-MM-DD"
              maxDate={vientianeDate(new Date())}
              ariaLabels={calendarLabels}
              required
              data-testid="slip-transfer-date"
            />
          </AppDates>
          {actions.decide.error ? (
            <Alert color="red" role="alert" data-testid="slip-error">
              {errorText(actions.decide.error)}
            </Alert>
          ) : null}
          {rejecting ? (
            <Stack gap="xs">
              <Textarea
                label={t('payments.staff.reason')}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                minRows={2}
                autosize
                maxLength={500}
                data-testid="slip-reject-reason"
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setRejecting(false)}>
                  {t('payments.staff.cancel')}
                </Button>
                <Button
                  color="red"
                  disabled={reason.trim().length < 3}
                  loading={actions.decide.isPending}
                  onClick={() => decide({ decision: 'reject', reason: reason.trim() })}
                  data-testid="slip-reject-confirm"
                >
                  {t('payments.staff.rejectSlip')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="flex-end" gap="xs">
              <Button variant="light" color="red" onClick={() => setRejecting(true)} data-testid="slip-reject">
                {t('payments.staff.rejectSlip')}
              </Button>
              <Button
                color="green"
                disabled={!canConfirm}
                loading={actions.decide.isPending}
                onClick={() => typeof amount === 'number' && transferDate && decide({ decision: 'confirm', amount, transferDate })}
                data-testid="slip-confirm"
              >
                {t('payments.staff.confirmSlip')}
              </Button>
            </Group>
          )}
        </Stack>
      </SimpleGrid>
    </Modal>
  );
}
