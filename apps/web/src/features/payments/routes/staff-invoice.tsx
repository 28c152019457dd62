import type { SlipStatus, StaffInvoiceDetail } from '@bansi/shared';
import { Alert, Anchor, Badge, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { ReviewPage } from '../../../components/review/review-page';
import { ReviewScreen } from '../../../components/review/review-screen';
import { ReviewTimeline } from '../../../components/review/review-timeline';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatDateTime, formatLak } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useStaffInvoice } from '../api/get-staff-invoice';
import { invoiceReceiptUrl } from '../api/receipt-url';
import { useStaffInvoiceActions } from '../api/staff-invoice-actions';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import { ReasonButton } from '../components/reason-button';
import { SlipCheck } from '../components/slip-check';

const SLIP_COLORS: Record<SlipStatus, string> = { pending: 'blue', confirmed: 'green', rejected: 'red' };

/** The list's filters travel in the link's state, so "back" returns to the same filtered list. */
export interface FromList {
  listSearch?: string;
}

/**
 * /staff/invoices/:id: one invoice on the staff review screen (issue 34) — its transfer slip beside it, the
 * confirm form while the slip waits, and the list's actions (reject the slip, void, reverse the payment).
 */
export function StaffInvoiceScreen({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const state = useLocation().state as FromList | null;
  const detail = useStaffInvoice(id);
  // a malformed id is refused (400) before the lookup: for the person it is the same missing page
  if (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400))
    return <NotFound home={paths.staff.invoices} />;
  return (
    <ReviewPage
      back={`${paths.staff.invoices}${state?.listSearch ?? ''}`}
      backLabel={t('payments.staff.screen.back')}
      backTestId="invoice-back"
      title={t('payments.staff.screen.title')}
      detail={detail}
    >
      {(invoice) => <InvoiceReview invoice={invoice} isAdmin={isAdmin} />}
    </ReviewPage>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

function InvoiceReview({ invoice, isAdmin }: { invoice: StaffInvoiceDetail; isAdmin: boolean }) {
  const { t } = useTranslation();
  const lng = useLang();
  const actions = useStaffInvoiceActions();
  const pendingSlip = invoice.status === 'open' && invoice.slip?.status === 'pending';
  // the header's actions' failures (a rejected slip's included; the confirm form shows its own)
  const failed = actions.void.error ?? actions.reverse.error ?? actions.decide.error;
  return (
    <ReviewScreen
      testId="staff-invoice-review"
      status={invoice.status}
      version={0}
      notices={
        failed ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorText(failed)}
          </Alert>
        ) : null
      }
      title={invoice.number}
      titleTestId="slip-invoice-number"
      badges={
        <>
          <InvoiceStatusBadge status={invoice.status} />
          {invoice.slip ? (
            <Badge color={SLIP_COLORS[invoice.slip.status]} variant="outline" data-testid="slip-status">
              {t(`payments.staff.screen.slipStatus.${invoice.slip.status}`)}
            </Badge>
          ) : null}
        </>
      }
      actions={
        <>
          {pendingSlip ? (
            <ReasonButton
              label={t('payments.staff.rejectSlip')}
              title={t('payments.staff.screen.rejectTitle', { number: invoice.number })}
              color="red"
              size="sm"
              loading={actions.decide.isPending}
              testId="slip-reject"
              onSubmit={(reason) => actions.decide.mutate({ id: invoice.id, body: { decision: 'reject', reason } })}
            />
          ) : null}
          {invoice.status === 'open' ? (
            <ReasonButton
              label={t('payments.staff.void')}
              title={t('payments.staff.voidTitle', { number: invoice.number })}
              color="gray"
              size="sm"
              loading={actions.void.isPending}
              testId="invoice-void"
              onSubmit={(reason) => actions.void.mutate({ id: invoice.id, reason })}
            />
          ) : null}
          {invoice.receipt ? (
            <Button component="a" href={invoiceReceiptUrl(invoice.id, { staff: true })} download variant="default" data-testid="invoice-receipt">
              {t(invoice.status === 'paid' ? 'payments.receipt' : 'payments.receiptCancelled')}
            </Button>
          ) : null}
          {invoice.status === 'paid' && isAdmin ? (
            <ReasonButton
              label={t('payments.staff.reverse')}
              title={t('payments.staff.reverseTitle', { number: invoice.number })}
              lead={t('payments.staff.reverseLead')}
              color="orange"
              size="sm"
              loading={actions.reverse.isPending}
              testId="invoice-reverse"
              onSubmit={(reason) => actions.reverse.mutate({ id: invoice.id, reason })}
            />
          ) : null}
        </>
      }
      facts={
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
          <Fact label={t('payments.staff.company')}>
            <Anchor component={Link} to={paths.staff.company(invoice.companyId)} inherit data-testid="invoice-company">
              {lng === 'en' ? invoice.companyNameEn : invoice.companyNameLo}
            </Anchor>
          </Fact>
          <Fact label={t('payments.staff.amountDue')} testId="slip-amount-due">
            {formatLak(invoice.total, lng)}
          </Fact>
          <Fact label={t('payments.staff.dueDate')}>{formatDate(invoice.dueDate, lng)}</Fact>
          <Fact label={t('payments.staff.screen.bookYear')}>{invoice.bookYear ?? t('payments.staff.screen.noBookYear')}</Fact>
        </SimpleGrid>
      }
      timelineTitle={t('payments.staff.screen.history.title')}
      timeline={<ReviewTimeline kind="slip" events={invoice.reviewEvents} />}
    >
      {invoice.reversal ? (
        <Text size="sm" c="orange.8" data-testid="invoice-reversal">
          {t('payments.reversedNote', { date: formatDateTime(invoice.reversal.reversedAt, lng), reason: invoice.reversal.reason })}
        </Text>
      ) : null}
      <SlipCheck invoice={invoice} />
    </ReviewScreen>
  );
}
