import type { FeeRecord, Invoice, Language, StaffInvoice, UnmatchedNotification } from '@bansi/shared';
import type { Translate } from '../../lib/i18n';
import type { SlipRow } from './payments.repository';
import type { FeeScheduleTable, InvoiceLinesTable, InvoicesTable, PaymentNotificationsTable, PaymentsTable } from './payments.tables';

/** A fee-schedule line reads in the reader's language; a line staff typed stays as typed. */
function lineText(t: Translate, lang: Language, invoice: InvoicesTable, line: InvoiceLinesTable): string {
  if (!line.service) return line.description;
  return t(lang, `payments.service.${line.service}`, { bookYear: invoice.bookYear ?? '' });
}

export function presentInvoice(
  t: Translate,
  lang: Language,
  row: InvoicesTable,
  lines: InvoiceLinesTable[],
  slip: SlipRow | undefined,
  reversal?: PaymentsTable,
): Invoice {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    lines: lines.map((l) => ({ description: lineText(t, lang, row, l), amount: Number(l.amount) })),
    total: Number(row.total),
    currency: 'LAK',
    issuedAt: row.issuedAt,
    dueDate: row.dueDate,
    bookYear: row.bookYear,
    paidAt: row.paidAt,
    method: row.method,
    voidReason: row.voidReason,
    slip: slip
      ? {
          fileId: slip.fileId,
          fileName: slip.fileName,
          kind: slip.fileKind === 'pdf' ? 'pdf' : slip.fileKind === 'png' ? 'png' : 'jpeg',
          status: slip.status,
          rejectReason: slip.rejectReason,
          uploadedAt: slip.uploadedAt,
        }
      : null,
    reversal: reversal?.reversedAt ? { reversedAt: reversal.reversedAt, reason: reversal.reversalReason ?? '' } : null,
    // after a reversal the company keeps the cancelled receipt until the invoice is paid again
    receipt: row.status === 'paid' || (row.status === 'open' && Boolean(reversal?.cancelledReceiptFileId)),
  };
}

export function presentStaffInvoice(
  t: Translate,
  lang: Language,
  row: InvoicesTable & { companyNameLo: string; companyNameEn: string },
  lines: InvoiceLinesTable[],
  slip: SlipRow | undefined,
  reversal?: PaymentsTable,
): StaffInvoice {
  return {
    ...presentInvoice(t, lang, row, lines, slip, reversal),
    companyId: row.companyId,
    companyNameLo: row.companyNameLo,
    companyNameEn: row.companyNameEn,
  };
}

export function presentFee(row: FeeScheduleTable, current: boolean): FeeRecord {
  return {
    id: row.id,
    service: row.service,
    sizeCode: row.sizeCode,
    amount: Number(row.amount),
    effectiveFrom: row.effectiveFrom,
    current,
    demo: row.demo === 1,
    updatedAt: row.updatedAt,
  };
}

export function presentUnmatched(row: PaymentNotificationsTable): UnmatchedNotification {
  return {
    id: row.id,
    provider: row.provider,
    transactionId: row.transactionId,
    billNumber: row.billNumber,
    amount: Number(row.amount),
    currency: row.currency,
    paidAt: row.paidAt,
    receivedAt: row.receivedAt,
    reason: row.reason ?? 'unknown_bill',
  };
}

/** A field error's message is a fallback: the web shows `errors.field.<code>` in the reader's language (as submissions.uploads does). */
export const FIELD_MESSAGE_LANG: Language = 'en';
