import {
  groupTimeline,
  isEditableByCompany,
  isOpenBookYear,
  smeSizeVerdict,
  type Language,
  type StaffQueueQuery,
  type StaffSubmissionDetail,
  type SubmissionDetail,
  type SubmissionExistence,
  type SubmissionFiles,
  type SubmissionListQuery,
  type SubmissionStatus,
} from '@bansi/shared';
import { decodeCursor, encodeCursor, pageOf } from '../../lib/cursor';
import type { Deps, Executor } from '../../lib/deps';
import { invalid, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { listReviewQueue, presentReviewGroup, presentReviewTimeline, registerReviewQueueSource } from '../review';
import { presentCompany, findCompany, listCompanyNames, listPeople } from '../companies';
import { findFileById, listFilesOfOwner, type FilesTable } from '../files';
import { buildFiles, checksOf, fieldError, loadReference, sizeViewOf } from './submissions.checklist';
import { actorOf, assertCanRead } from './submissions.policy';
import { presentComment, presentSubmission, presentSummary } from './submissions.presenter';
import {
  SUBMISSION_OWNER,
  countCurrentFiles,
  findReceipt,
  findSubmission,
  findSubmissionOfYear,
  listCommentEvents,
  listCompanySubmissions,
  listEvents,
  findQueueSubmissions,
  submissionsQueueSelect,
  receiptsOf,
  type EventCursor,
} from './submissions.repository';
import type { SubmissionEventsTable, SubmissionsTable } from './submissions.tables';

// Reads of submissions: nothing here writes.

export async function companyOfRow(db: Executor, row: SubmissionsTable) {
  const company = await findCompany(db, row.companyId);
  if (!company) throw notFound();
  return company;
}

export async function detailOf(deps: Deps, row: SubmissionsTable, principal: Principal): Promise<SubmissionDetail> {
  const [company, ref, fileRows, commentRows, receipt] = await Promise.all([
    companyOfRow(deps.db, row),
    loadReference(deps.db),
    listFilesOfOwner(deps.db, SUBMISSION_OWNER, row.id),
    listCommentEvents(deps.db, row.id),
    findReceipt(deps.db, row.id),
  ]);
  const size = sizeViewOf(ref, row, company);
  const files = buildFiles(deps, ref, fileRows);
  return {
    ...presentSubmission(row, size, actorOf(principal), receipt !== undefined),
    files,
    checks: checksOf(row, files, size),
    comments: commentRows.map(presentComment),
  };
}

/** The row if this principal may read it (its company's, or staff); 404 otherwise. Staff read drafts too. */
export async function readable(deps: Deps, principal: Principal, id: string): Promise<SubmissionsTable> {
  const row = await findSubmission(deps.db, id);
  assertCanRead(principal, row);
  return row;
}

export async function getSubmission(deps: Deps, principal: Principal, id: string): Promise<SubmissionDetail> {
  return detailOf(deps, await readable(deps, principal, id), principal);
}

/** The company's submissions, newest book year first (one per year: the year is the key). */
export async function listSubmissions(deps: Deps, companyId: string, q: SubmissionListQuery, lang: Language) {
  const after = decodeCursor(deps, lang, q.cursor, ['number']);
  const rows = await listCompanySubmissions(deps.db, {
    companyId,
    bookYear: q.bookYear,
    status: q.status,
    beforeYear: after?.[0],
    limit: q.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [Number(r.bookYear)]);
  const ids = page.map((r) => r.id);
  const [counts, receipts] = await Promise.all([countCurrentFiles(deps.db, ids), receiptsOf(deps.db, ids)]);
  return { items: page.map((r) => presentSummary(r, counts.get(r.id) ?? 0, receipts.has(r.id))), nextCursor };
}

/** "First-create check" and "submitted check" for a book year (default: the configured one). */
export async function checkSubmission(deps: Deps, companyId: string, bookYear = deps.config.BOOK_YEAR): Promise<SubmissionExistence> {
  const row = await findSubmissionOfYear(deps.db, companyId, bookYear);
  return {
    bookYear,
    open: isOpenBookYear(bookYear, deps.config.BOOK_YEAR),
    exists: row !== undefined,
    id: row?.id ?? null,
    status: row?.status ?? null,
    submitted: row !== undefined && row.firstSubmittedAt !== null,
    editable: row !== undefined && isEditableByCompany(row.status),
  };
}

/**
 * The timeline, newest first; events written together keep their order (`ord`). A page holds `limit`
 * entries, one upload action of several files being one entry (decision 097): rows are read in chunks
 * until the page's last entry is complete (a later entry has begun) or the timeline ends, so an upload
 * action is never split across two pages. The cursor is the last row of the page's last entry.
 */
export async function listSubmissionEvents(deps: Deps, principal: Principal, id: string, q: { cursor?: string; limit: number }, lang: Language) {
  const row = await readable(deps, principal, id);
  const after = decodeCursor(deps, lang, q.cursor, ['string', 'number', 'string']);
  let cursor: EventCursor | null = after ? { at: after[0], ord: after[1], id: after[2] } : null;
  const rows: SubmissionEventsTable[] = [];
  const chunk = q.limit * 4 + 1;
  for (;;) {
    const batch = await listEvents(deps.db, row.id, cursor, chunk);
    rows.push(...batch);
    const groups = groupTimeline(rows);
    if (groups.length > q.limit || batch.length < chunk) {
      const page = groups.slice(0, q.limit);
      const last = page.at(-1)?.at(-1);
      const nextCursor = groups.length > q.limit && last ? encodeCursor([last.at, Number(last.ord), last.id]) : null;
      return { items: page.map(presentReviewGroup), nextCursor };
    }
    const tail = batch.at(-1)!;
    cursor = { at: tail.at, ord: Number(tail.ord), id: tail.id };
  }
}

export async function getSubmissionFiles(deps: Deps, principal: Principal, id: string): Promise<SubmissionFiles> {
  const row = await readable(deps, principal, id);
  const [ref, files] = await Promise.all([loadReference(deps.db), listFilesOfOwner(deps.db, SUBMISSION_OWNER, row.id)]);
  return buildFiles(deps, ref, files);
}

/** The receipt PDF's file row; none before the submission is accepted. */
export async function getReceiptFile(deps: Deps, principal: Principal, id: string): Promise<FilesTable> {
  const row = await readable(deps, principal, id);
  const receipt = await findReceipt(deps.db, row.id);
  const file = receipt ? await findFileById(deps.db, receipt.fileId) : undefined;
  if (!file) throw notFound();
  return file;
}

// --- staff -------------------------------------------------------------------------------------

const AWAITING: SubmissionStatus[] = ['submitted', 'resubmitted', 'in_review'];
const NOT_DRAFT: SubmissionStatus[] = ['submitted', 'in_review', 'returned', 'resubmitted', 'accepted'];

// The filings' source of the one review queue (decision 270).
registerReviewQueueSource({ kind: 'submission', awaiting: AWAITING, all: NOT_DRAFT, select: submissionsQueueSelect });

/**
 * The review queue, oldest submission first; drafts are never listed. The rows come from the one review queue
 * (modules/review, decision 270) asked for filings only; this adds the list's columns and the company.
 */
export async function staffQueue(deps: Deps, q: StaffQueueQuery, lang: Language) {
  const queue = await listReviewQueue(
    deps,
    {
      kinds: ['submission'],
      status: q.status,
      bookYear: q.bookYear,
      provinceCode: q.provinceCode,
      sizeId: q.sizeId,
      cursor: q.cursor,
      limit: q.limit,
    },
    lang,
  );
  const nextCursor = queue.nextCursor;
  const found = new Map(
    (
      await findQueueSubmissions(
        deps.db,
        queue.rows.map((r) => r.id),
      )
    ).map((r) => [r.id, r]),
  );
  const page = queue.rows.flatMap((r) => found.get(r.id) ?? []);
  const ids = page.map((r) => r.id);
  const [ref, counts, receipts, companyRows] = await Promise.all([
    loadReference(deps.db),
    countCurrentFiles(deps.db, ids),
    receiptsOf(deps.db, ids),
    listCompanyNames(
      deps.db,
      page.map((r) => r.companyId),
    ),
  ]);
  const companies = new Map(companyRows.map((c) => [c.id, c]));
  const items = page.flatMap((r) => {
    const c = companies.get(r.companyId);
    if (!c) return [];
    const size = sizeViewOf(ref, r, { categoryId: c.categoryId, sizeId: c.sizeId });
    // Object.assign, not `{ ...summary, … }`: V8 spreads this object into a literal about 60 times slower
    // (11 µs a row measured here; crbug.com/v8/11536), half of this page's JavaScript time (decision 113).
    return Object.assign(presentSummary(r, counts.get(r.id) ?? 0, receipts.has(r.id)), {
      company: { id: c.id, nameLo: c.nameLo, nameEn: c.nameEn, tin: c.tin, provinceCode: c.provinceCode, sizeId: c.sizeId },
      declaredSize: size.declaredSize,
      derivedSize: smeSizeVerdict(size.derivedSize),
      sizeDiffers: size.sizeDiffers,
    });
  });
  return { items, nextCursor };
}

export async function getStaffSubmission(deps: Deps, principal: Principal, id: string): Promise<StaffSubmissionDetail> {
  const row = await readable(deps, principal, id);
  const [detail, company, people, events] = await Promise.all([
    detailOf(deps, row, principal),
    companyOfRow(deps.db, row),
    listPeople(deps.db, row.companyId),
    listEvents(deps.db, row.id, null, 1000),
  ]);
  return { ...detail, company: presentCompany(company, people), events: presentReviewTimeline(events) };
}

/** A file of this submission (any version), for comments; anything else is a field error. */
export async function fileOfSubmission(deps: Deps, lang: Language, row: SubmissionsTable, fileId: string, path: string) {
  const file = await findFileById(deps.db, fileId);
  if (!file || file.ownerKind !== SUBMISSION_OWNER || file.ownerId !== row.id) throw invalid([fieldError(deps, lang, path, 'unknown_choice')]);
  return file;
}
