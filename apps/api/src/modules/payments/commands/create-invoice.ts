import { vientianeDate } from '@bansi/shared';
import type { Actor } from '../../../lib/actor';
import { newId, nowIso } from '../../../lib/crypto';
import type { Executor } from '../../../lib/deps';
import { invalid } from '../../../lib/errors';
import { recordAudit } from '../../audit';
import { insertInvoice, nextInvoiceSeq } from '../payments.repository';
import type { InvoiceLinesTable, InvoicesTable } from '../payments.tables';

export const formatInvoiceNumber = (year: number, seq: number) => `INV-${year}-${String(seq).padStart(6, '0')}`;

export interface NewInvoice {
  companyId: string;
  lines: { description: string; amount: number; service?: InvoiceLinesTable['service'] }[];
  dueDate: string;
  bookYear?: number | null;
  sourceKey?: string | null;
  issuedBy: string | null;
}

/**
 * Writes an invoice with the next gapless number of its year (the year of the issue day in
 * Vientiane), inside the caller's transaction, with its audit entry.
 */
export async function createInvoice(trx: Executor, actor: Actor, input: NewInvoice, now = nowIso()): Promise<InvoicesTable> {
  const year = Number(vientianeDate(now).slice(0, 4));
  const seq = await nextInvoiceSeq(trx, year);
  const total = input.lines.reduce((sum, l) => sum + l.amount, 0);
  if (!Number.isSafeInteger(total)) throw invalid([{ path: 'lines', code: 'too_big', message: 'total' }]);
  const invoice: InvoicesTable = {
    id: newId(),
    companyId: input.companyId,
    number: formatInvoiceNumber(year, seq),
    year,
    seq,
    status: 'open',
    total,
    dueDate: input.dueDate,
    bookYear: input.bookYear ?? null,
    sourceKey: input.sourceKey ?? null,
    issuedBy: input.issuedBy,
    issuedAt: now,
    paidAt: null,
    method: null,
    voidReason: null,
    voidedBy: null,
    voidedAt: null,
    receiptFileId: null,
    updatedAt: now,
  };
  await insertInvoice(
    trx,
    invoice,
    input.lines.map((l, position) => ({
      id: newId(),
      invoiceId: invoice.id,
      position,
      description: l.description,
      service: l.service ?? null,
      amount: l.amount,
    })),
  );
  await recordAudit(
    trx,
    actor,
    'invoice.issue',
    { kind: 'invoice', id: invoice.id },
    {
      companyId: invoice.companyId,
      details: { number: invoice.number, total, sourceKey: invoice.sourceKey },
    },
  );
  return invoice;
}
