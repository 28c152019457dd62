import { findCompany, listCompanyNames } from '../companies';
import {
  buildLaoQr,
  FEE_SERVICES,
  vientianeDate,
  type FeeSchedule,
  type Invoice,
  type InvoiceQr,
  type InvoiceStatus,
  type Language,
  SLIP_STATUSES,
  type StaffInvoiceDetail,
  type UnmatchedNotificationList,
} from '@bansi/shared';
import { addMs, nowIso } from '../../lib/crypto';
import { KEY_ID, decodeCursor, pageOf } from '../../lib/cursor';
import type { Deps, Executor } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { canReadInvoice } from './payments.policy';
import { listReviewEventsOf, presentReviewTimeline, registerReviewQueueSource, reviewUserName, type ReviewTimelineRow } from '../review';
import { presentFee, presentInvoice, presentStaffInvoice, presentUnmatched } from './payments.presenter';
import {
  findInvoice,
  findInvoices,
  findUnmatchedNotifications,
  latestReversalsOf,
  latestSlipsOf,
  linesOf,
  slipsOfInvoice,
  slipsQueueSelect,
  listFees,
  type InvoiceFilter,
  type SlipRow,
} from './payments.repository';
import type { InvoiceLinesTable, InvoicesTable, PaymentsTable } from './payments.tables';

// The payments module's reads; each change is a command in commands/.

/** How long a shown LAO QR is offered before the screen asks for a fresh one. */
export const QR_TTL_MS = 15 * 60 * 1000;

async function presentRows(deps: Deps, rows: InvoicesTable[]) {
  const ids = rows.map((r) => r.id);
  const [lines, slips, reversals] = await Promise.all([linesOf(deps.db, ids), latestSlipsOf(deps.db, ids), latestReversalsOf(deps.db, ids)]);
  return { lines: (id: string) => lines.filter((l) => l.invoiceId === id), slips, reversals };
}

async function invoicePage<T>(
  deps: Deps,
  filter: InvoiceFilter,
  present: (
    row: InvoicesTable & { companyNameLo: string; companyNameEn: string },
    lines: InvoiceLinesTable[],
    slip: SlipRow | undefined,
    reversal: PaymentsTable | undefined,
  ) => T,
) {
  const rows = await findInvoices(deps.db, filter);
  const { page, nextCursor } = pageOf(rows, filter.limit, (r) => [r.issuedAt, r.id]);
  // the companies of the page in a second read (decision 210)
  const [{ lines, slips, reversals }, companies] = await Promise.all([
    presentRows(deps, page),
    listCompanyNames(
      deps.db,
      page.map((r) => r.companyId),
    ),
  ]);
  const companyOf = new Map(companies.map((c) => [c.id, c]));
  const named = (r: InvoicesTable) => ({
    ...r,
    companyNameLo: companyOf.get(r.companyId)?.nameLo ?? '',
    companyNameEn: companyOf.get(r.companyId)?.nameEn ?? '',
  });
  return { items: page.map((r) => present(named(r), lines(r.id), slips.get(r.id), reversals.get(r.id))), nextCursor };
}

/** The `{ key, id }` a list query continues after, from the request's cursor (400 when it is not one). */
function afterOf(deps: Deps, lang: Language, raw: string | undefined) {
  const after = decodeCursor(deps, lang, raw, KEY_ID);
  return after ? { key: after[0], id: after[1] } : undefined;
}

export async function listInvoices(deps: Deps, principal: Principal, q: { status?: InvoiceStatus; cursor?: string; limit: number }, lang: Language) {
  if (!principal.companyId) throw notFound();
  return invoicePage(
    deps,
    { companyId: principal.companyId, status: q.status, after: afterOf(deps, lang, q.cursor), limit: q.limit },
    (row, lines, slip, reversal) => presentInvoice(deps.t, lang, row, lines, slip, reversal),
  );
}

export async function listStaffInvoices(
  deps: Deps,
  q: { status?: InvoiceStatus; companyId?: string; year?: number; slip?: 'pending'; due?: 'overdue'; cursor?: string; limit: number },
  lang: Language,
) {
  return invoicePage(
    deps,
    {
      companyId: q.companyId,
      status: q.due === 'overdue' ? 'open' : q.status,
      year: q.year,
      slipPending: q.slip === 'pending',
      dueBefore: q.due === 'overdue' ? vientianeDate(new Date()) : undefined,
      after: afterOf(deps, lang, q.cursor),
      limit: q.limit,
    },
    (row, lines, slip, reversal) => presentStaffInvoice(deps.t, lang, row, lines, slip, reversal),
  );
}

// The slips' source of the one review queue (decision 270): pending is waiting; confirmed and rejected are done.
registerReviewQueueSource({ kind: 'slip', awaiting: ['pending'], all: SLIP_STATUSES, select: slipsQueueSelect });

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

export async function getStaffInvoice(deps: Deps, id: string, lang: Language): Promise<StaffInvoiceDetail> {
  const row = await findInvoice(deps.db, id);
  if (!row) throw notFound();
  const company = await findCompany(deps.db, row.companyId);
  const [{ lines, slips, reversals }, reviewEvents] = await Promise.all([presentRows(deps, [row]), slipTimeline(deps.db, row.id)]);
  return Object.assign(
    presentStaffInvoice(
      deps.t,
      lang,
      { ...row, companyNameLo: company?.nameLo ?? '', companyNameEn: company?.nameEn ?? '' },
      lines(row.id),
      slips.get(row.id),
      reversals.get(row.id),
    ),
    { reviewEvents },
  );
}

/**
 * The review timeline of an invoice's slips, newest first, from the one review presenter (decision 270): each
 * upload (the slip row itself: the company's upload is not a review event) and the staff decisions that
 * decide-on-slip wrote to the review table.
 */
async function slipTimeline(db: Executor, invoiceId: string) {
  const slips = await slipsOfInvoice(db, invoiceId);
  const [events, names] = await Promise.all([
    listReviewEventsOf(
      db,
      'slip',
      slips.map((s) => s.id),
    ),
    Promise.all([...new Set(slips.map((s) => s.uploadedBy))].map(async (userId) => [userId, await reviewUserName(db, userId)] as const)),
  ]);
  const nameOf = new Map(names);
  const uploads: ReviewTimelineRow[] = slips.map((s) => ({
    id: s.id,
    at: s.uploadedAt,
    actorId: s.uploadedBy,
    actorKind: 'company',
    actorName: nameOf.get(s.uploadedBy) ?? '',
    action: 'uploaded',
    fromStatus: null,
    toStatus: 'pending',
    comment: null,
    details: null,
    fileId: s.fileId,
    slot: null,
    fileName: s.fileName,
  }));
  // newest first; a decision is never older than its upload
  const rows = [...events, ...uploads].sort((a, b) =>
    a.at === b.at ? (a.action === 'uploaded' ? 1 : 0) - (b.action === 'uploaded' ? 1 : 0) : a.at < b.at ? 1 : -1,
  );
  return presentReviewTimeline(rows);
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

export async function listUnmatched(deps: Deps, q: { cursor?: string; limit: number }, lang: Language): Promise<UnmatchedNotificationList> {
  const rows = await findUnmatchedNotifications(deps.db, afterOf(deps, lang, q.cursor) ?? null, q.limit);
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.receivedAt, r.id]);
  return { items: page.map(presentUnmatched), nextCursor };
}

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
