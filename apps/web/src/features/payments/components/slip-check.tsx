import { vientianeDate, type InvoiceSlip, type StaffInvoice } from '@bansi/shared';
import { Alert, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMedia } from '../../../lib/use-media';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDates, useCalendarLabels } from '../../../components/dates';
import { ImagePreview } from '../../../components/image-preview';
import { LakInput } from '../../../components/lak-input';
import { PdfViewer } from '../../../components/pdf-viewer';
import { errorText } from '../../../lib/error-text';
import { formatDateTime, formatLak } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { slipFileUrl } from '../api/slip-file-url';
import { useStaffInvoiceActions } from '../api/staff-invoice-actions';
import { InvoiceLines } from './invoice-lines';

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

/**
 * The evidence read from the slip — the amount and the transfer day (decision 120). An amount that is not the
 * amount due shows the difference and cannot be confirmed (the API refuses it too); such a slip is rejected,
 * with a reason the company reads, from the screen's actions.
 */
function ConfirmForm({ invoice }: { invoice: StaffInvoice }) {
  const { t } = useTranslation();
  const lng = useLang();
  const calendarLabels = useCalendarLabels();
  const [amount, setAmount] = useState<number | ''>('');
  const [transferDate, setTransferDate] = useState<string | null>(null);
  const actions = useStaffInvoiceActions();
  // one decision at a time: a double click sends one request (the API answers a second with 409 anyway)
  const sent = useRef(false);
  const difference = typeof amount === 'number' ? amount - invoice.total : 0;
  const canConfirm = typeof amount === 'number' && difference === 0 && transferDate !== null;

  const confirm = () => {
    if (sent.current || typeof amount !== 'number' || !transferDate) return;
    sent.current = true;
    actions.decide.mutate(
      { id: invoice.id, body: { decision: 'confirm', amount, transferDate } },
      {
        onSettled: () => {
          sent.current = false;
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="slip-confirm-form">
      <Text size="sm">{t('payments.staff.evidenceLead')}</Text>
      <LakInput
        label={t('payments.staff.slipAmount')}
        value={amount}
        onChange={(v) => setAmount(typeof v === 'number' ? v : '')}
        required
        data-testid="slip-amount"
      />
      {difference !== 0 ? (
        <Text c="red.8" size="sm" role="status" data-testid="slip-difference">
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
      <Group justify="flex-end">
        <Button color="green.8" disabled={!canConfirm} loading={actions.decide.isPending} onClick={confirm} data-testid="slip-confirm">
          {t('payments.staff.confirmSlip')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The slip's panel on the invoice's review screen (issue 34): the slip in the page beside what it pays — the
 * invoice's lines and total — and, while it waits, the confirm form. Side by side on a wide screen, one under
 * the other on a phone.
 */
export function SlipCheck({ invoice }: { invoice: StaffInvoice }) {
  const { t } = useTranslation();
  const lng = useLang();
  const phone = useMedia('(max-width: 48em)');
  const slip = invoice.slip;
  const pending = invoice.status === 'open' && slip?.status === 'pending';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('payments.staff.checkSlipTitle', { number: invoice.number })}
      data-testid="slip-panel"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {slip ? (
          <SlipFile slip={slip} height={phone ? '60dvh' : '70vh'} />
        ) : (
          <Text c="dimmed" size="sm" data-testid="slip-none">
            {t('payments.staff.screen.noSlip')}
          </Text>
        )}
        <Stack gap="md" data-testid="slip-invoice">
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t('payments.staff.screen.lines')}
            </Title>
            <InvoiceLines invoice={invoice} />
          </Stack>
          {slip ? (
            <Text size="sm" c="dimmed">
              {t('payments.staff.screen.slipSent', { name: slip.fileName, date: formatDateTime(slip.uploadedAt, lng) })}
            </Text>
          ) : null}
          {slip?.status === 'rejected' && slip.rejectReason ? (
            <Text size="sm" c="red.8" data-testid="slip-reject-reason-shown">
              {t('payments.staff.screen.rejectedBecause', { reason: slip.rejectReason })}
            </Text>
          ) : null}
          {pending ? <ConfirmForm key={slip.fileId} invoice={invoice} /> : null}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
