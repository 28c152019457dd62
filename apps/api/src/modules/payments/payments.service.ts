import {
  buildLaoQr,
  FEE_SERVICES,
  INVOICE_OWNER,
  SLIP_SLOT,
  type ConfirmInvoiceBody,
  type CreateInvoiceBody,
  type FeeSchedule,
  type Invoice,
  type InvoiceQr,
  type InvoiceStatus,
  type Language,
  type NotificationReason,
  type NotifyResult,
  type PaymentNotification,
  type PutFeesBody,
  type ResolveNotificationBody,
  type StaffInvoice,
  type UnmatchedNotificationList,
  formatLak,
  vientianeDate,
} from '@bansi/shared';
import type { Actor } from '../../lib/actor';
import { addMs, newId, nowIso } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { AppError, invalid, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { recordAudit } from '../audit';
import { registerFileOwner, type FilesTable } from '../files';
import { canPayInvoice, canReadInvoice } from './payments.policy';
import { presentFee, presentInvoice, presentStaffInvoice, presentUnmatched } from './payments.presenter';
import {
  decideSlip,
  findCompanyForInvoice,
  findFeeInForce,
  findInvoice,
  findInvoiceByNumber,
  findInvoiceBySource,
  findInvoices,
  findNotification,
  findNotificationById,
  findReferenceCode,
  findUnmatchedNotifications,
  insertInvoice,
  insertNotificationOnce,
  insertPayment,
  insertSlip,
  latestReversalsOf,
  latestSlipsOf,
  linesOf,
  listFees,
  listSizeCodes,
  markInvoicePaid,
  markInvoiceVoid,
  nextInvoiceSeq,
  resolveNotification,
  updateNotificationOutcome,
  upsertFee,
  withdrawPendingSlips,
  type InvoiceFilter,
  type SlipRow,
} from './payments.repository';
import { tellCompanyAboutInvoice } from './payments.notify';
import type { InvoiceLinesTable, InvoicesTable, PaymentsTable } from './payments.tables';

/** A field error's message is a fallback: the web shows `errors.field.<code>` in the reader's language (as submissions.uploads does). */
const FIELD_MESSAGE_LANG: Language = 'en';

/** How long a shown LAO QR is offered before the screen asks for a fresh one. */
export const QR_TTL_MS = 15 * 60 * 1000;
/** Days an automatic invoice gives the company to pay. */
export const AUTO_INVOICE_DUE_DAYS = 30;

export const formatInvoiceNumber = (year: number, seq: number) => `INV-${year}-${String(seq).padStart(6, '0')}`;

// --- cursors -------------------------------------------------------------------------------------

const encodeCursor = (key: string, id: string) => Buffer.from(JSON.stringify([key, id])).toString('base64url');
function decodeCursor(raw: string | undefined): { key: string; id: string } | undefined {
  if (!raw) return undefined;
  try {
    const [key, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof key === 'string' && typeof id === 'string') return { key, id };
  } catch {
    // fall through
  }
  throw invalid([{ path: 'querystring.cursor', code: 'invalid_cursor', message: 'cursor' }]);
}

// --- invoices ------------------------------------------------------------------------------------

interface NewInvoice {
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

export const annualReviewSourceKey = (companyId: string, bookYear: number) => `annual_review:${companyId}:${bookYear}`;

/**
 * The annual review fee, invoiced when a company first submits its annual submission for a book year
 * (DESIGN §8.4). Call it inside the submit transaction: it does nothing when that book year is
 * invoiced already (a returned and resubmitted submission is not billed twice: the source key is
 * unique) or when the fee schedule has no price for the company's size (nothing to bill yet).
 */
export async function invoiceAnnualReviewFee(
  trx: Executor,
  actor: Actor,
  submission: { companyId: string; bookYear: number },
  now = nowIso(),
): Promise<InvoicesTable | null> {
  const sourceKey = annualReviewSourceKey(submission.companyId, submission.bookYear);
  if (await findInvoiceBySource(trx, sourceKey)) return null;
  const company = await findCompanyForInvoice(trx, submission.companyId);
  const size = company && (await findReferenceCode(trx, company.sizeId));
  if (!size) return null;
  const day = vientianeDate(now);
  const fee = await findFeeInForce(trx, 'annual_review', size.code, day);
  if (!fee) return null;
  return createInvoice(
    trx,
    actor,
    {
      companyId: submission.companyId,
      lines: [{ description: `Annual review fee, book year ${submission.bookYear}`, service: 'annual_review', amount: Number(fee.amount) }],
      dueDate: vientianeDate(addMs(now, AUTO_INVOICE_DUE_DAYS * 86_400_000)),
      bookYear: submission.bookYear,
      sourceKey,
      issuedBy: null,
    },
    now,
  );
}

async function presentRows(deps: Deps, rows: InvoicesTable[]) {
  const ids = rows.map((r) => r.id);
  const [lines, slips, reversals] = await Promise.all([linesOf(deps.db, ids), latestSlipsOf(deps.db, ids), latestReversalsOf(deps.db, ids)]);
  return { lines: (id: string) => lines.filter((l) => l.invoiceId === id), slips, reversals };
}

async function pageOf<T>(
  deps: Deps,
  lang: Language,
  filter: InvoiceFilter,
  present: (
    row: InvoicesTable & { companyNameLo: string; companyNameEn: string },
    lines: InvoiceLinesTable[],
    slip: SlipRow | undefined,
    reversal: PaymentsTable | undefined,
  ) => T,
) {
  const rows = await findInvoices(deps.db, filter);
  const page = rows.slice(0, filter.limit);
  const { lines, slips, reversals } = await presentRows(deps, page);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => present(r, lines(r.id), slips.get(r.id), reversals.get(r.id))),
    nextCursor: rows.length > filter.limit && last ? encodeCursor(last.issuedAt, last.id) : null,
  };
}

export async function listInvoices(deps: Deps, principal: Principal, q: { status?: InvoiceStatus; cursor?: string; limit: number }, lang: Language) {
  if (!principal.companyId) throw notFound();
  return pageOf(
    deps,
    lang,
    { companyId: principal.companyId, status: q.status, after: decodeCursor(q.cursor), limit: q.limit },
    (row, lines, slip, reversal) => presentInvoice(deps.t, lang, row, lines, slip, reversal),
  );
}

export async function listStaffInvoices(
  deps: Deps,
  q: { status?: InvoiceStatus; companyId?: string; year?: number; slip?: 'pending'; due?: 'overdue'; cursor?: string; limit: number },
  lang: Language,
) {
  return pageOf(
    deps,
    lang,
    {
      companyId: q.companyId,
      status: q.due === 'overdue' ? 'open' : q.status,
      year: q.year,
      slipPending: q.slip === 'pending',
      dueBefore: q.due === 'overdue' ? vientianeDate(new Date()) : undefined,
      after: decodeCursor(q.cursor),
      limit: q.limit,
    },
    (row, lines, slip, reversal) => presentStaffInvoice(deps.t, lang, row, lines, slip, reversal),
  );
}

/** A company's own invoice, else 404 (another company's id is "not found", never "forbidden"). */
export async function readableInvoice(db: Executor, principal: Principal, id: string): Promise<InvoicesTable> {
  const row = await findInvoice(db, id);
  if (!row || !canReadInvoice(principal, row)) throw notFound();
  return row;
}

async function detail(deps: Deps, lang: Language, row: InvoicesTable): Promise<Invoice> {
  const { lines, slips, reversals } = await presentRows(deps, [row]);
  return presentInvoice(deps.t, lang, row, lines(row.id), slips.get(row.id), reversals.get(row.id));
}

export async function getInvoice(deps: Deps, principal: Principal, id: string, lang: Language): Promise<Invoice> {
  return detail(deps, lang, await readableInvoice(deps.db, principal, id));
}

/** Staff read every invoice by id. */
export const findInvoiceForStaff = (deps: Deps, id: string) => findInvoice(deps.db, id);

export async function getStaffInvoice(deps: Deps, id: string, lang: Language): Promise<StaffInvoice> {
  const row = await findInvoice(deps.db, id);
  if (!row) throw notFound();
  const company = await findCompanyForInvoice(deps.db, row.companyId);
  const { lines, slips, reversals } = await presentRows(deps, [row]);
  return presentStaffInvoice(
    deps.t,
    lang,
    { ...row, companyNameLo: company?.nameLo ?? '', companyNameEn: company?.nameEn ?? '' },
    lines(row.id),
    slips.get(row.id),
    reversals.get(row.id),
  );
}

/** The dynamic LAO QR of an open invoice: the merchant from configuration, the amount and the number. */
export async function invoiceQr(deps: Deps, principal: Principal, id: string, now = nowIso()): Promise<InvoiceQr> {
  const row = await readableInvoice(deps.db, principal, id);
  if (row.status !== 'open') throw new AppError(409, 'INVOICE_NOT_OPEN');
  const { config } = deps;
  const payload = buildLaoQr(
    {
      iin: config.LAOQR_IIN,
      merchantId: config.LAOQR_MERCHANT_ID,
      mcc: config.LAOQR_MCC,
      merchantName: config.LAOQR_MERCHANT_NAME,
      city: config.LAOQR_CITY,
    },
    { amount: Number(row.total), billNumber: row.number },
  );
  return { payload, expiresAt: addMs(now, QR_TTL_MS) };
}

export async function issueInvoice(deps: Deps, actor: Actor, principal: Principal, body: CreateInvoiceBody, lang: Language): Promise<StaffInvoice> {
  const company = await findCompanyForInvoice(deps.db, body.companyId);
  if (!company) throw invalid([{ path: 'companyId', code: 'unknown_choice', message: deps.t(lang, 'errors.field.unknown_choice') }]);
  const invoice = await deps.db
    .transaction()
    .execute((trx) => createInvoice(trx, actor, { companyId: body.companyId, lines: body.lines, dueDate: body.dueDate, issuedBy: principal.userId }));
  return getStaffInvoice(deps, invoice.id, lang);
}

export async function voidInvoice(deps: Deps, actor: Actor, principal: Principal, id: string, reason: string, lang: Language): Promise<StaffInvoice> {
  const row = await findInvoice(deps.db, id);
  if (!row) throw notFound();
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markInvoiceVoid(trx, id, { voidReason: reason, voidedBy: principal.userId, voidedAt: now, updatedAt: now })))
      throw new AppError(409, 'INVOICE_NOT_OPEN');
    await recordAudit(trx, actor, 'invoice.void', { kind: 'invoice', id }, { companyId: row.companyId, details: { number: row.number, reason } });
  });
  return getStaffInvoice(deps, id, lang);
}

// --- paying --------------------------------------------------------------------------------------

/** Hooks run inside the transaction that marks an invoice paid (the receipt job registers here). */
type PaidHook = (trx: Executor, invoice: InvoicesTable, actor: Actor, paymentId: string) => Promise<void>;
const paidHooks: PaidHook[] = [];
export const onInvoicePaid = (hook: PaidHook) => void paidHooks.push(hook);

async function settle(
  trx: Executor,
  actor: Actor,
  invoice: InvoicesTable,
  payment: {
    method: 'laoqr' | 'slip';
    paidAt: string;
    provider?: string;
    transactionId?: string;
    notificationId?: string;
    slipId?: string;
    recordedBy?: string;
    transferDate?: string;
  },
): Promise<boolean> {
  const now = nowIso();
  if (!(await markInvoicePaid(trx, invoice.id, { paidAt: payment.paidAt, method: payment.method, updatedAt: now }))) return false;
  const paymentId = newId();
  await insertPayment(trx, {
    id: paymentId,
    invoiceId: invoice.id,
    method: payment.method,
    provider: payment.provider ?? null,
    transactionId: payment.transactionId ?? null,
    notificationId: payment.notificationId ?? null,
    slipId: payment.slipId ?? null,
    amount: Number(invoice.total),
    paidAt: payment.paidAt,
    recordedBy: payment.recordedBy ?? null,
    createdAt: now,
    transferDate: payment.transferDate ?? null,
    receiptFileId: null,
    cancelledReceiptFileId: null,
    reversedAt: null,
    reversedBy: null,
    reversalReason: null,
  });
  await recordAudit(
    trx,
    actor,
    'invoice.paid',
    { kind: 'invoice', id: invoice.id },
    {
      companyId: invoice.companyId,
      details: {
        number: invoice.number,
        method: payment.method,
        provider: payment.provider ?? null,
        transactionId: payment.transactionId ?? null,
        ...(payment.transferDate ? { amount: Number(invoice.total), transferDate: payment.transferDate } : {}),
      },
    },
  );
  const paid = { ...invoice, status: 'paid' as const, paidAt: payment.paidAt, method: payment.method };
  for (const hook of paidHooks) await hook(trx, paid, actor, paymentId);
  return true;
}

function mismatch(invoice: InvoicesTable | undefined, n: PaymentNotification): NotificationReason | null {
  if (!invoice) return 'unknown_bill';
  if (n.currency !== '418') return 'currency_mismatch';
  if (invoice.status !== 'open') return 'not_open';
  if (n.amount !== Number(invoice.total)) return 'amount_mismatch';
  return null;
}

/**
 * A verified notification from the bank. Idempotent on (provider, transactionId): the first
 * delivery decides, and every replay (also a concurrent one) answers that first outcome and changes
 * nothing. A match marks the invoice paid with its payment row, audit entry and receipt job in one
 * transaction; anything else is kept as "unmatched" for staff and the invoice stays open.
 */
export async function receiveNotification(deps: Deps, actor: Actor, n: PaymentNotification, rawBody: string): Promise<NotifyResult> {
  return deps.db.transaction().execute(async (trx) => {
    const invoice = await findInvoiceByNumber(trx, n.billNumber);
    let reason = mismatch(invoice, n);
    // After a reversal nothing pays the invoice by itself: staff decide (decision 120).
    if (!reason && invoice && (await latestReversalsOf(trx, [invoice.id])).size > 0) reason = 'reversed';
    const id = newId();
    const paidAt = new Date(n.paidAt).toISOString();
    const fresh = await insertNotificationOnce(trx, {
      id,
      provider: n.provider,
      transactionId: n.transactionId,
      billNumber: n.billNumber,
      amount: n.amount,
      currency: n.currency,
      paidAt,
      rawBody,
      outcome: reason ? 'unmatched' : 'matched',
      reason,
      invoiceId: invoice?.id ?? null,
      receivedAt: nowIso(),
      resolution: null,
      resolutionNote: null,
      resolvedBy: null,
      resolvedAt: null,
    });
    if (!fresh) {
      const first = await findNotification(trx, n.provider, n.transactionId);
      return { outcome: first?.outcome ?? 'unmatched', reason: first?.reason ?? null };
    }
    if (!reason && invoice) {
      const paid = await settle(trx, actor, invoice, {
        method: 'laoqr',
        paidAt,
        provider: n.provider,
        transactionId: n.transactionId,
        notificationId: id,
      });
      if (!paid) {
        // paid or voided by someone else between the read and now
        reason = 'not_open';
        await updateNotificationOutcome(trx, id, { outcome: 'unmatched', reason, invoiceId: invoice.id });
      }
    }
    if (reason) {
      await recordAudit(
        trx,
        actor,
        'payment.unmatched',
        { kind: 'payment_notification', id },
        {
          companyId: invoice?.companyId ?? null,
          details: { provider: n.provider, transactionId: n.transactionId, billNumber: n.billNumber, amount: n.amount, reason },
        },
      );
    }
    return { outcome: reason ? 'unmatched' : 'matched', reason };
  });
}

export async function listUnmatched(deps: Deps, q: { cursor?: string; limit: number }): Promise<UnmatchedNotificationList> {
  const after = decodeCursor(q.cursor) ?? null;
  const rows = await findUnmatchedNotifications(deps.db, after, q.limit);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return { items: page.map(presentUnmatched), nextCursor: rows.length > q.limit && last ? encodeCursor(last.receivedAt, last.id) : null };
}

/**
 * Staff deal with an unmatched notification (decision 063): `apply` settles the open invoice it was
 * meant for — same amount and currency, exactly as a matched notification would, with its payment
 * row, audit entry and receipt — and `dismiss` records why it is left alone. Each happens once.
 */
export async function resolveUnmatched(deps: Deps, actor: Actor, principal: Principal, id: string, body: ResolveNotificationBody): Promise<void> {
  const n = await findNotificationById(deps.db, id);
  if (!n || n.outcome !== 'unmatched') throw notFound();
  if (n.resolvedAt) throw new AppError(409, 'PAYMENT_NOTIFICATION_RESOLVED');
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    if (body.action === 'dismiss') {
      if (
        !(await resolveNotification(trx, id, { resolution: 'dismissed', resolutionNote: body.reason, resolvedBy: principal.userId, resolvedAt: now }))
      )
        throw new AppError(409, 'PAYMENT_NOTIFICATION_RESOLVED');
      await recordAudit(
        trx,
        actor,
        'payment.dismiss',
        { kind: 'payment_notification', id },
        { companyId: null, details: { provider: n.provider, transactionId: n.transactionId, reason: body.reason } },
      );
      return;
    }
    const invoice = await findInvoiceByNumber(trx, body.invoiceNumber);
    if (!invoice) throw notFound();
    if (invoice.status !== 'open') throw new AppError(409, 'INVOICE_NOT_OPEN');
    if (n.currency !== '418' || Number(n.amount) !== Number(invoice.total)) throw new AppError(409, 'PAYMENT_AMOUNT_MISMATCH');
    if (
      !(await resolveNotification(trx, id, {
        resolution: 'applied',
        resolutionNote: null,
        resolvedBy: principal.userId,
        resolvedAt: now,
        invoiceId: invoice.id,
      }))
    )
      throw new AppError(409, 'PAYMENT_NOTIFICATION_RESOLVED');
    const paid = await settle(trx, actor, invoice, {
      method: 'laoqr',
      paidAt: n.paidAt,
      provider: n.provider,
      transactionId: n.transactionId,
      notificationId: id,
      recordedBy: principal.userId,
    });
    if (!paid) throw new AppError(409, 'INVOICE_NOT_OPEN');
  });
}

// --- transfer slips ------------------------------------------------------------------------------

/** The company sends a transfer slip (image or PDF) for an open invoice through the file seam. */
registerFileOwner(INVOICE_OWNER, {
  async authorizeUpload(deps, principal, request) {
    const row = await findInvoice(deps.db, request.ownerId);
    if (!row || !canPayInvoice(principal, row)) throw notFound();
    if (row.status !== 'open') throw new AppError(409, 'INVOICE_NOT_OPEN');
    if (request.slot !== SLIP_SLOT)
      throw invalid([{ path: 'metadata.slot', code: 'unknown_choice', message: deps.t(FIELD_MESSAGE_LANG, 'errors.field.unknown_choice') }]);
    return { companyId: row.companyId, allowedKinds: ['pdf', 'jpeg', 'png'] };
  },
  async onStored(db: Executor, file: FilesTable, _replaced, principal) {
    const row = await findInvoice(db, file.ownerId);
    if (!row || row.status !== 'open') throw new AppError(409, 'INVOICE_NOT_OPEN');
    await withdrawPendingSlips(db, row.id, file.createdAt, principal.userId);
    const slipId = newId();
    await insertSlip(db, {
      id: slipId,
      invoiceId: row.id,
      fileId: file.id,
      fileName: file.originalName,
      status: 'pending',
      rejectReason: null,
      uploadedBy: principal.userId,
      uploadedAt: file.createdAt,
      decidedBy: null,
      decidedAt: null,
    });
    const actor: Actor = { userId: principal.userId, role: principal.role, companyId: principal.companyId, requestId: null, address: null };
    await recordAudit(
      db,
      actor,
      'invoice.slip_upload',
      { kind: 'invoice', id: row.id },
      { companyId: row.companyId, details: { fileId: file.id, slipId } },
    );
  },
});

/**
 * Staff decide on the pending slip (decision 120). Confirming is a decision with evidence: the amount
 * and the transfer day read from the slip. An amount other than the amount due is refused (400, the
 * difference in the title) and nothing changes; a partial or over-payment is rejected, not recorded.
 * Rejecting tells the company why (mail and bell), and it may upload another slip. Two staff deciding
 * at once: the slip leaves "pending" once, the other gets 409.
 */
export async function decideOnSlip(
  deps: Deps,
  actor: Actor,
  principal: Principal,
  id: string,
  body: ConfirmInvoiceBody,
  lang: Language,
): Promise<StaffInvoice> {
  const row = await findInvoice(deps.db, id);
  if (!row) throw notFound();
  const slip = (await latestSlipsOf(deps.db, [id])).get(id);
  if (!slip || slip.status !== 'pending') throw new AppError(409, 'SLIP_NOT_PENDING');
  if (row.status !== 'open') throw new AppError(409, 'INVOICE_NOT_OPEN');
  const now = nowIso();
  if (body.decision === 'confirm') checkSlipEvidence(deps, row, body, lang, now);
  await deps.db.transaction().execute(async (trx) => {
    const confirm = body.decision === 'confirm';
    if (
      !(await decideSlip(trx, slip.id, {
        status: confirm ? 'confirmed' : 'rejected',
        rejectReason: confirm ? null : body.reason,
        decidedBy: principal.userId,
        decidedAt: now,
      }))
    )
      throw new AppError(409, 'SLIP_NOT_PENDING');
    if (body.decision === 'confirm') {
      const paid = await settle(trx, actor, row, {
        method: 'slip',
        paidAt: now,
        slipId: slip.id,
        recordedBy: principal.userId,
        transferDate: body.transferDate,
      });
      if (!paid) throw new AppError(409, 'INVOICE_NOT_OPEN');
      return;
    }
    const reason = body.reason;
    await recordAudit(trx, actor, 'invoice.slip_reject', { kind: 'invoice', id }, { companyId: row.companyId, details: { slipId: slip.id, reason } });
    await tellCompanyAboutInvoice(deps, trx, 'slipRejected', row, { vars: () => ({ reason }), at: now });
  });
  return getStaffInvoice(deps, id, lang);
}

/** The evidence typed from a slip must be the amount due, on a day that has come (400 otherwise, nothing recorded). */
function checkSlipEvidence(deps: Deps, row: InvoicesTable, body: { amount: number; transferDate: string }, lang: Language, now: string) {
  const due = Number(row.total);
  if (body.amount !== due) {
    const difference = body.amount - due;
    throw new AppError(400, 'SLIP_AMOUNT_MISMATCH', [{ path: 'amount', code: 'amount_mismatch', message: String(difference) }], {
      typed: formatLak(body.amount, lang),
      due: formatLak(due, lang),
      difference: formatLak(Math.abs(difference), lang),
      direction: deps.t(lang, difference > 0 ? 'payments.staff.over' : 'payments.staff.under'),
    });
  }
  if (body.transferDate > vientianeDate(now))
    throw invalid([{ path: 'transferDate', code: 'future_date', message: deps.t(FIELD_MESSAGE_LANG, 'errors.field.future_date') }]);
}

// --- fee schedule --------------------------------------------------------------------------------

export async function getFees(deps: Deps, now = nowIso()): Promise<FeeSchedule> {
  const rows = await listFees(deps.db);
  const today = vientianeDate(now);
  // in force: the latest date not after today, per service and size
  const current = new Set<string>();
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.service}:${row.sizeCode}`;
    if (row.effectiveFrom <= today && !seen.has(key)) {
      seen.add(key);
      current.add(row.id);
    }
  }
  const order = (s: string) => FEE_SERVICES.indexOf(s as (typeof FEE_SERVICES)[number]);
  return {
    items: rows
      .sort((a, b) => order(a.service) - order(b.service) || a.sizeCode.localeCompare(b.sizeCode) || b.effectiveFrom.localeCompare(a.effectiveFrom))
      .map((r) => presentFee(r, current.has(r.id))),
  };
}

/** Only the prices in force today (the latest not after today, per service and size). */
export async function getCurrentFees(deps: Deps, now = nowIso()): Promise<FeeSchedule> {
  const { items } = await getFees(deps, now);
  return { items: items.filter((f) => f.current) };
}

export async function putFees(deps: Deps, actor: Actor, principal: Principal, body: PutFeesBody): Promise<FeeSchedule> {
  const sizeCodes = new Set((await listSizeCodes(deps.db)).map((r) => r.code));
  const unknown = body.items.findIndex((i) => !sizeCodes.has(i.sizeCode));
  if (unknown >= 0)
    throw invalid([
      { path: `items.${unknown}.sizeCode`, code: 'unknown_choice', message: deps.t(FIELD_MESSAGE_LANG, 'errors.field.unknown_choice') },
    ]);
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    for (const item of body.items) {
      await upsertFee(trx, { id: newId(), ...item, demo: 0, updatedBy: principal.userId, createdAt: now, updatedAt: now });
    }
    await recordAudit(trx, actor, 'fee.update', { kind: 'fee_schedule', id: 'fee_schedule' }, { companyId: null, details: { items: body.items } });
  });
  return getFees(deps);
}
