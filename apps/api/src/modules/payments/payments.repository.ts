import type { DocumentKind, InvoiceStatus } from '@bansi/shared';
import { sql } from 'kysely';
import type { DocumentSelect } from '../../lib/documents';
import { nextSequence } from '../../db/sequences';
import type { Executor } from '../../lib/deps';
import type { ReviewQueueFilter, ReviewQueueSelect } from '../review';
import { companyFilesOf, findFilesByIds } from '../files';
import type {
  FeeScheduleTable,
  InvoiceLinesTable,
  InvoiceSlipsTable,
  InvoicesTable,
  PaymentNotificationsTable,
  PaymentsTable,
} from './payments.tables';
import { afterKeyset } from '../../db/keyset';

// --- fee schedule --------------------------------------------------------------------------------

export const listFees = (db: Executor) =>
  db.selectFrom('feeSchedule').selectAll().orderBy('service').orderBy('sizeCode').orderBy('effectiveFrom', 'desc').execute();

/** The price in force on `day` (YYYY-MM-DD) for a service and size: the latest effective date not after it. */
export const findFeeInForce = (db: Executor, service: string, sizeCode: string, day: string) =>
  db
    .selectFrom('feeSchedule')
    .selectAll()
    .where('service', '=', service as FeeScheduleTable['service'])
    .where('sizeCode', '=', sizeCode)
    .where('effectiveFrom', '<=', day)
    .orderBy('effectiveFrom', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Sets one price; the same service, size and date is replaced (and loses its demo mark). */
export async function upsertFee(db: Executor, row: FeeScheduleTable) {
  await db
    .insertInto('feeSchedule')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['service', 'sizeCode', 'effectiveFrom'])
        .doUpdateSet({ amount: row.amount, demo: row.demo, updatedBy: row.updatedBy, updatedAt: row.updatedAt }),
    )
    .execute();
}

// --- invoices ------------------------------------------------------------------------------------

/**
 * The next number of `year`, inside the caller's transaction: the one gapless counter of db/sequences.ts
 * (scope `invoice`), so numbers never repeat and a rolled-back invoice takes its number back with it.
 */
export const nextInvoiceSeq = (trx: Executor, year: number): Promise<number> => nextSequence(trx, 'invoice', year);

export async function insertInvoice(trx: Executor, invoice: InvoicesTable, lines: InvoiceLinesTable[]) {
  await trx.insertInto('invoices').values(invoice).execute();
  await trx.insertInto('invoiceLines').values(lines).execute();
}

export const findInvoice = (db: Executor, id: string) => db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
export const findInvoiceBySource = (db: Executor, sourceKey: string) =>
  db.selectFrom('invoices').selectAll().where('sourceKey', '=', sourceKey).executeTakeFirst();
export const findInvoiceByNumber = (db: Executor, number: string) =>
  db.selectFrom('invoices').selectAll().where('number', '=', number).executeTakeFirst();

export const linesOf = (db: Executor, invoiceIds: string[]) =>
  invoiceIds.length === 0
    ? Promise.resolve([] as InvoiceLinesTable[])
    : db.selectFrom('invoiceLines').selectAll().where('invoiceId', 'in', invoiceIds).orderBy('invoiceId').orderBy('position').execute();

export type SlipRow = InvoiceSlipsTable & { fileKind: string };

/** The latest slip of each invoice, with its file's kind (read through the files face, decision 210). */
export async function latestSlipsOf(db: Executor, invoiceIds: string[]): Promise<Map<string, SlipRow>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db.selectFrom('invoiceSlips').selectAll().where('invoiceId', 'in', invoiceIds).orderBy('uploadedAt').orderBy('id').execute();
  const kinds = new Map((await findFilesByIds(db, [...new Set(rows.map((r) => r.fileId))])).map((f) => [f.id, f.kind]));
  return new Map(rows.map((r) => [r.invoiceId, { ...r, fileKind: kinds.get(r.fileId) ?? '' }]));
}

/**
 * The slips' source of the one review queue (modules/review, decision 270): slips in `filter.statuses`
 * (literals: index invoice_slips_pending, else invoice_slips_queue on (uploaded_at, id)), their company and
 * book year from the invoice; the upload time is the queue's order.
 */
export function slipsQueueSelect(db: Executor, filter: ReviewQueueFilter): ReviewQueueSelect {
  let query = db
    .selectFrom('invoiceSlips')
    .innerJoin('invoices', 'invoices.id', 'invoiceSlips.invoiceId')
    .select((eb) => [
      sql<'slip'>`'slip'`.as('kind'),
      'invoiceSlips.id as id',
      'invoices.companyId as companyId',
      'invoices.bookYear as bookYear',
      eb.cast<string>('invoiceSlips.status', 'text').as('status'),
      'invoiceSlips.uploadedAt as submittedAt',
    ])
    .where(sql<boolean>`${sql.ref('invoiceSlips.status')} in (${sql.join(filter.statuses.map((s: string) => sql.lit(s)))})`);
  if (filter.bookYear !== undefined) query = query.where('invoices.bookYear', '=', filter.bookYear);
  return query;
}

/** Every slip of an invoice, oldest first. */
export const slipsOfInvoice = (db: Executor, invoiceId: string) =>
  db.selectFrom('invoiceSlips').selectAll().where('invoiceId', '=', invoiceId).orderBy('uploadedAt').orderBy('id').execute();

export interface InvoiceFilter {
  companyId?: string;
  status?: InvoiceStatus;
  year?: number;
  slipPending?: boolean;
  /** open invoices due before this day (YYYY-MM-DD): overdue */
  dueBefore?: string;
  after?: { key: string; id: string };
  limit: number;
}

/** Newest first, keyset on (issuedAt, id). */
export function findInvoices(db: Executor, f: InvoiceFilter) {
  let q = db.selectFrom('invoices').selectAll('invoices');
  if (f.companyId) q = q.where('invoices.companyId', '=', f.companyId);
  if (f.status) q = q.where('invoices.status', '=', f.status);
  if (f.year) q = q.where('invoices.year', '=', f.year);
  if (f.dueBefore) q = q.where('invoices.dueDate', '<', f.dueBefore);
  if (f.slipPending)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('invoiceSlips')
          .select('invoiceSlips.id')
          .whereRef('invoiceSlips.invoiceId', '=', 'invoices.id')
          .where('invoiceSlips.status', '=', 'pending'),
      ),
    );
  if (f.after) q = q.where(afterKeyset(['invoices.issuedAt', 'invoices.id'], 'desc', [f.after.key, f.after.id]));
  return q
    .orderBy('invoices.issuedAt', 'desc')
    .orderBy('invoices.id', 'desc')
    .limit(f.limit + 1)
    .execute();
}

/** open → paid, only if still open (a concurrent payment or void wins otherwise: false). */
export async function markInvoicePaid(trx: Executor, id: string, patch: { paidAt: string; method: InvoicesTable['method']; updatedAt: string }) {
  const res = await trx
    .updateTable('invoices')
    .set({ status: 'paid', ...patch })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markInvoiceVoid(
  trx: Executor,
  id: string,
  patch: { voidReason: string; voidedBy: string; voidedAt: string; updatedAt: string },
) {
  const res = await trx
    .updateTable('invoices')
    .set({ status: 'void', ...patch })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setReceiptFile(trx: Executor, id: string, fileId: string) {
  await trx.updateTable('invoices').set({ receiptFileId: fileId }).where('id', '=', id).execute();
}

// --- slips ---------------------------------------------------------------------------------------

export async function insertSlip(trx: Executor, row: InvoiceSlipsTable) {
  await trx.insertInto('invoiceSlips').values(row).execute();
}

/** pending → confirmed | rejected, only if still pending. */
export async function decideSlip(
  trx: Executor,
  id: string,
  patch: { status: 'confirmed' | 'rejected'; rejectReason: string | null; decidedBy: string; decidedAt: string },
) {
  const res = await trx.updateTable('invoiceSlips').set(patch).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A newer slip replaces a pending one (the company uploaded again before staff decided). */
export async function withdrawPendingSlips(trx: Executor, invoiceId: string, at: string, by: string) {
  await trx
    .updateTable('invoiceSlips')
    .set({ status: 'rejected', rejectReason: 'replaced', decidedAt: at, decidedBy: by })
    .where('invoiceId', '=', invoiceId)
    .where('status', '=', 'pending')
    .execute();
}

// --- notifications and payments -------------------------------------------------------------------

/**
 * Records a notification unless (provider, transactionId) is known already: false then. On
 * PostgreSQL a concurrent duplicate waits here for the first one's transaction and then does nothing.
 */
export async function insertNotificationOnce(trx: Executor, row: PaymentNotificationsTable): Promise<boolean> {
  const inserted = await trx
    .insertInto('paymentNotifications')
    .values(row)
    .onConflict((oc) => oc.columns(['provider', 'transactionId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export const findNotification = (db: Executor, provider: string, transactionId: string) =>
  db.selectFrom('paymentNotifications').selectAll().where('provider', '=', provider).where('transactionId', '=', transactionId).executeTakeFirst();

export async function updateNotificationOutcome(
  trx: Executor,
  id: string,
  patch: Pick<PaymentNotificationsTable, 'outcome' | 'reason' | 'invoiceId'>,
) {
  await trx.updateTable('paymentNotifications').set(patch).where('id', '=', id).execute();
}

export function findUnmatchedNotifications(db: Executor, after: { key: string; id: string } | null, limit: number) {
  let q = db.selectFrom('paymentNotifications').selectAll().where('outcome', '=', 'unmatched').where('resolvedAt', 'is', null);
  if (after) q = q.where(afterKeyset(['receivedAt', 'id'], 'desc', [after.key, after.id]));
  return q
    .orderBy('receivedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
}

export const findNotificationById = (db: Executor, id: string) =>
  db.selectFrom('paymentNotifications').selectAll().where('id', '=', id).executeTakeFirst();

/** Marks an unmatched notification dealt with, once: false when someone else resolved it first. */
export async function resolveNotification(
  trx: Executor,
  id: string,
  patch: Pick<PaymentNotificationsTable, 'resolution' | 'resolutionNote' | 'resolvedBy' | 'resolvedAt'> & { invoiceId?: string },
): Promise<boolean> {
  const res = await trx
    .updateTable('paymentNotifications')
    .set(patch)
    .where('id', '=', id)
    .where('outcome', '=', 'unmatched')
    .where('resolvedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertPayment(trx: Executor, row: PaymentsTable) {
  await trx.insertInto('payments').values(row).execute();
}

/** The invoice's standing payment (not reversed): at most one (payments_standing). */
export const findPaymentOf = (db: Executor, invoiceId: string) =>
  db.selectFrom('payments').selectAll().where('invoiceId', '=', invoiceId).where('reversedAt', 'is', null).executeTakeFirst();

/** The invoice's first payment, reversed or not (what a receipt code from before decision 120 stands for). */
export const findFirstPaymentOf = (db: Executor, invoiceId: string) =>
  db.selectFrom('payments').selectAll().where('invoiceId', '=', invoiceId).orderBy('createdAt').orderBy('id').limit(1).executeTakeFirst();

export const findPaymentById = (db: Executor, id: string) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();

/** The latest reversed payment of each invoice. */
export async function latestReversalsOf(db: Executor, invoiceIds: string[]): Promise<Map<string, PaymentsTable>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('invoiceId', 'in', invoiceIds)
    .where('reversedAt', 'is not', null)
    .orderBy('reversedAt')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.invoiceId, r]));
}

/** paid → open when a payment is reversed, only if still paid (a concurrent reversal wins otherwise: false). */
export async function reopenPaidInvoice(trx: Executor, id: string, updatedAt: string) {
  const res = await trx
    .updateTable('invoices')
    .set({ status: 'open', paidAt: null, method: null, receiptFileId: null, updatedAt })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a standing payment reversed, once: false when it was reversed already. */
export async function markPaymentReversed(
  trx: Executor,
  id: string,
  patch: Pick<PaymentsTable, 'reversedAt' | 'reversedBy' | 'reversalReason' | 'receiptFileId'>,
) {
  const res = await trx.updateTable('payments').set(patch).where('id', '=', id).where('reversedAt', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setPaymentFiles(trx: Executor, id: string, patch: Partial<Pick<PaymentsTable, 'receiptFileId' | 'cancelledReceiptFileId'>>) {
  await trx.updateTable('payments').set(patch).where('id', '=', id).execute();
}
export const countPaymentsOf = (db: Executor, invoiceId: string) =>
  db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('invoiceId', '=', invoiceId)
    .executeTakeFirstOrThrow();

/** Claims the receipt slot: false when another run stored one first. */
export async function setReceiptFileOnce(trx: Executor, id: string, fileId: string): Promise<boolean> {
  const res = await trx
    .updateTable('invoices')
    .set({ receiptFileId: fileId })
    .where('id', '=', id)
    .where('receiptFileId', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The files table's owner kind of a paid invoice's receipt (the owner id is the invoice's). */
export const RECEIPT_OWNER = 'invoice_receipt';

/**
 * The company's paid-invoice receipts as all-document history rows (decision 102): the company's
 * receipt files, newest first, from the partial index files_invoice_receipts (its predicate written
 * as the same literal), each joined to its invoice by key for the book year. Only the file an
 * invoice names as its receipt is listed; the file's company is the invoice's (the receipt is made
 * for it), so the company is checked on the file, and the planner has no reason to read the
 * company's invoices (invoices_company) instead of the invoice's key.
 */
export function receiptDocumentsSelect(db: Executor, companyId: string, bookYear?: number): DocumentSelect {
  // the files come from the files module's subquery (decision 210)
  let q = db
    .selectFrom(companyFilesOf(db, companyId, [RECEIPT_OWNER]).as('f'))
    .innerJoin('invoices', (join) => join.onRef('invoices.id', '=', 'f.ownerId').onRef('invoices.receiptFileId', '=', 'f.id'))
    .select((eb) => [
      sql<DocumentKind>`'invoice_receipt'`.as('kind'),
      'f.id as id',
      eb.fn.coalesce('invoices.bookYear', 'invoices.year').as('bookYear'),
      'f.createdAt as at',
      sql<string | null>`null`.as('submissionId'),
      sql<string | null>`null`.as('status'),
      eb.cast<string | null>('f.id', 'text').as('fileId'),
      sql<string | null>`null`.as('slot'),
      sql<number>`0`.as('superseded'),
    ]);
  if (bookYear !== undefined) q = q.where((eb) => eb.fn.coalesce('invoices.bookYear', 'invoices.year'), '=', bookYear);
  return q;
}
