import { OTHER_SLOT, SubmissionStatus, type DocumentKind } from '@bansi/shared';
import { sql, type Compilable, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import { SUMMARY_COLUMNS } from './submissions.presenter';
import type { DocumentRow, DocumentSelect } from '../../lib/documents';
import type { Executor } from '../../lib/deps';
import { SIZE_COLUMNS, type SubmissionEventsTable, type SubmissionReceiptsTable, type SubmissionsTable } from './submissions.tables';
import { afterKeyset } from '../../db/keyset';
import { companyIdsWhere } from '../companies';
import { companyFilesOf, countCurrentFilesOf } from '../files';
import {
  findReturningReviewer as findReviewerOf,
  insertReviewEvents,
  listReviewComments,
  listReviewEvents,
  type ReviewEventCursor,
  type ReviewEventsTable,
  type ReviewQueueFilter,
  type ReviewQueueSelect,
} from '../review';

export const SUBMISSION_OWNER = 'submission';
export const RECEIPT_OWNER = 'submission_receipt';

/** A position in a list ordered by (key, id). */
export interface KeyCursor {
  key: string;
  id: string;
}

export const findSubmission = (db: Executor, id: string) => db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();

export const findSubmissionOfYear = (db: Executor, companyId: string, bookYear: number) =>
  db.selectFrom('submissions').selectAll().where('companyId', '=', companyId).where('bookYear', '=', bookYear).executeTakeFirst();

export async function insertSubmission(db: Executor, row: SubmissionsTable) {
  await db.insertInto('submissions').values(row).execute();
}

/**
 * The optimistic-concurrency write: changes the row only if it still has `version` (and, when
 * given, one of `statuses`), adding 1 to the version. False when someone changed it first.
 */
export async function updateSubmissionIfCurrent(
  db: Executor,
  id: string,
  version: number,
  patch: Partial<Omit<SubmissionsTable, 'id' | 'companyId' | 'bookYear' | 'version'>>,
  statuses?: readonly SubmissionStatus[],
): Promise<boolean> {
  let query = db
    .updateTable('submissions')
    .set({ ...patch, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version);
  if (statuses) query = query.where('status', 'in', statuses);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks an upload on the submission, only while the company may change it. Inside the upload's
 * transaction this also takes the row's lock (PostgreSQL), so a submit cannot slip in between.
 */
export async function touchIfEditable(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('submissions')
    .set({ updatedAt: at })
    .where('id', '=', id)
    .where('status', 'in', ['draft', 'returned'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The company's submissions, newest book year first (one per year: the year is the cursor). */
export const listCompanySubmissions = preparedQuery(
  (db, q: { companyId: string; bookYear?: number; status?: SubmissionStatus; beforeYear?: number; limit: number }) => {
    let query = db.selectFrom('submissions').select(SUMMARY_COLUMNS).where('companyId', '=', q.companyId);
    if (q.bookYear !== undefined) query = query.where('bookYear', '=', q.bookYear);
    if (q.status) query = query.where('status', '=', q.status);
    if (q.beforeYear !== undefined) query = query.where('bookYear', '<', q.beforeYear);
    return query.orderBy('bookYear', 'desc').limit(q.limit);
  },
);

/** Whether `statuses` is every status but draft (the queue's "all" view). */
const everyButDraft = (statuses: readonly SubmissionStatus[]) =>
  !statuses.includes('draft') && SubmissionStatus.options.every((s) => s === 'draft' || statuses.includes(s));

/**
 * The filings' source of the one review queue (modules/review, decision 270): submitted filings in
 * `filter.statuses`, as its common columns. Statuses are literals (not parameters), so the planner can match
 * the partial indexes submissions_awaiting and submissions_submitted on (submitted_at, id) (decision 101).
 */
export function submissionsQueueSelect(db: Executor, filter: ReviewQueueFilter): ReviewQueueSelect {
  const statuses = filter.statuses as readonly SubmissionStatus[];
  let query = db
    .selectFrom('submissions')
    .select((eb) => [
      sql<'submission'>`'submission'`.as('kind'),
      'submissions.id as id',
      'submissions.companyId as companyId',
      'submissions.bookYear as bookYear',
      eb.cast<string>('submissions.status', 'text').as('status'),
      sql<string>`${sql.ref('submissions.submittedAt')}`.as('submittedAt'),
    ])
    .where(
      everyButDraft(statuses)
        ? sql<boolean>`${sql.ref('submissions.status')} <> 'draft'`
        : sql<boolean>`${sql.ref('submissions.status')} in (${sql.join(statuses.map((s) => sql.lit(s)))})`,
    )
    .where('submissions.submittedAt', 'is not', null);
  if (filter.bookYear !== undefined) query = query.where('submissions.bookYear', '=', filter.bookYear);
  if (filter.provinceCode || filter.sizeId)
    query = query.where('submissions.companyId', 'in', companyIdsWhere(db, { provinceCode: filter.provinceCode, sizeId: filter.sizeId }));
  return query;
}

/** The rows of a queue page (the list's columns), in any order. */
export const findQueueSubmissions = (db: Executor, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('submissions')
        .select([...SUMMARY_COLUMNS, ...SIZE_COLUMNS])
        .where('id', 'in', ids)
        .execute();

/** How many current (not replaced) files each submission has (index files_current). */
export const countCurrentFiles = (db: Executor, submissionIds: string[]) => countCurrentFilesOf(db, SUBMISSION_OWNER, submissionIds);

// --- events ----------------------------------------------------------------------------------

const SUBMISSION = 'submission';

/** A review event as the filing's timeline reads it. */
const asSubmissionEvent = ({ kind: _kind, subjectId, section: _section, ...rest }: ReviewEventsTable): SubmissionEventsTable => ({
  ...rest,
  submissionId: subjectId,
  action: rest.action as SubmissionEventsTable['action'],
  fromStatus: rest.fromStatus as SubmissionEventsTable['fromStatus'],
  toStatus: rest.toStatus as SubmissionEventsTable['toStatus'],
});

/** Who returned the submission last (the newest 'returned' event), if anyone did. */
export const findReturningReviewer = (db: Executor, submissionId: string) => findReviewerOf(db, SUBMISSION, submissionId);

/** Events written together keep their order (`ord`), even within one millisecond. */
export async function insertEvents(db: Executor, rows: SubmissionEventsTable[]) {
  const bySubmission = new Map<string, SubmissionEventsTable[]>();
  for (const r of rows) bySubmission.set(r.submissionId, [...(bySubmission.get(r.submissionId) ?? []), r]);
  for (const [submissionId, group] of bySubmission)
    await insertReviewEvents(
      db,
      SUBMISSION,
      submissionId,
      group.map(({ submissionId: _s, ...r }) => ({ ...r, section: null })),
    );
}

/** A position in the timeline. */
export type EventCursor = ReviewEventCursor;

/** The timeline, newest first, after `cursor`. */
export const listEvents = async (db: Executor, submissionId: string, after: EventCursor | null, limit: number) =>
  (await listReviewEvents(db, SUBMISSION, submissionId, after, limit)).map(asSubmissionEvent);

/** Every event that carries a comment, oldest first. */
export const listCommentEvents = async (db: Executor, submissionId: string) =>
  (await listReviewComments(db, SUBMISSION, submissionId)).map(asSubmissionEvent);

// --- receipts --------------------------------------------------------------------------------

export async function insertReceipt(db: Executor, row: SubmissionReceiptsTable) {
  await db.insertInto('submissionReceipts').values(row).execute();
}

export const findReceipt = (db: Executor, submissionId: string) =>
  db.selectFrom('submissionReceipts').selectAll().where('submissionId', '=', submissionId).executeTakeFirst();

/** The filing references of these submissions (those that have one). */
export async function referencesOf(db: Executor, submissionIds: string[]): Promise<Map<string, string>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await referenceRows(db, { submissionIds });
  return new Map(rows.map((r) => [r.id, r.reference!]));
}

const referenceRows = preparedQuery((db, p: { submissionIds: string[] }) =>
  db.selectFrom('submissions').select(['id', 'reference']).where('id', 'in', p.submissionIds).where('reference', 'is not', null),
);

/** The filing reference of a submission (null before its first submit). */
export async function findReference(db: Executor, submissionId: string): Promise<string | null> {
  const row = await db.selectFrom('submissions').select('reference').where('id', '=', submissionId).executeTakeFirst();
  return row?.reference ?? null;
}

export const findReceiptByCode = (db: Executor, companyId: string, codeHash: string) =>
  db.selectFrom('submissionReceipts').selectAll().where('codeHash', '=', codeHash).where('companyId', '=', companyId).executeTakeFirst();

export async function receiptsOf(db: Executor, submissionIds: string[]): Promise<Set<string>> {
  if (submissionIds.length === 0) return new Set();
  const rows = await receiptRows(db, { submissionIds });
  return new Set(rows.map((r) => r.submissionId));
}

const receiptRows = preparedQuery((db, p: { submissionIds: string[] }) =>
  db.selectFrom('submissionReceipts').select('submissionId').where('submissionId', 'in', p.submissionIds),
);

// --- all-document history (decision 102) -----------------------------------------------------

/** The company's submissions as history rows (index submissions_company_updated). */
export function submissionDocumentsSelect(db: Executor, companyId: string, bookYear?: number): DocumentSelect {
  let query = db
    .selectFrom('submissions')
    .select((eb) => [
      sql<DocumentKind>`'submission'`.as('kind'),
      'submissions.id as id',
      'submissions.bookYear as bookYear',
      'submissions.updatedAt as at',
      'submissions.id as submissionId',
      eb.cast<string | null>('submissions.status', 'text').as('status'),
      sql<string | null>`null`.as('fileId'),
      sql<string | null>`null`.as('slot'),
      sql<number>`0`.as('superseded'),
    ])
    .where('submissions.companyId', '=', companyId);
  if (bookYear !== undefined) query = query.where('submissions.bookYear', '=', bookYear);
  return query;
}

/**
 * Every file (all versions) of the company's submissions and their receipts (index files_company_history).
 * The submission's year and status are scalar subqueries by primary key, not a join: a join lets
 * PostgreSQL start from the submission and sort all of its files (20 ms for a deep page of 10,000),
 * where this reads the company's newest files from the index and stops at the page (0.3 ms).
 */
export function submissionFileDocumentsSelect(db: Executor, companyId: string, bookYear?: number): DocumentSelect {
  // the files come from the files module's subquery (decision 210); the submission's columns are read here
  const files = companyFilesOf(db, companyId, [SUBMISSION_OWNER, RECEIPT_OWNER]).as('f');
  type Files = ExpressionBuilder<Database & { f: { ownerId: string } }, 'f'>;
  const ofSubmission = (eb: Files) => eb.selectFrom('submissions').whereRef('submissions.id', '=', 'f.ownerId');
  let query = db.selectFrom(files).select((eb) => [
    sql<DocumentKind>`case when ${eb.ref('f.ownerKind')} = ${RECEIPT_OWNER} then 'receipt' when ${eb.ref('f.slot')} = ${OTHER_SLOT} then 'other_file' else 'submission_file' end`.as(
      'kind',
    ),
    'f.id as id',
    ofSubmission(eb).select('submissions.bookYear').$asScalar().$notNull().as('bookYear'),
    'f.createdAt as at',
    eb.cast<string | null>('f.ownerId', 'text').as('submissionId'),
    ofSubmission(eb)
      .select((e) => e.cast<string | null>('submissions.status', 'text').as('status'))
      .as('status'),
    eb.cast<string | null>('f.id', 'text').as('fileId'),
    eb.cast<string | null>('f.slot', 'text').as('slot'),
    sql<number>`case when ${eb.ref('f.supersededById')} is null then 0 else 1 end`.as('superseded'),
  ]);
  if (bookYear !== undefined) query = query.where((eb) => eb(ofSubmission(eb).select('submissions.bookYear'), '=', bookYear));
  return query;
}

/**
 * One page of the all-document history: each source's SELECT cut to the rows after the cursor, in
 * (at, id) descending order, `limit` of them (so each reads a short index range), then UNION ALL
 * and the same order and limit over the union. Never more than sources × limit rows are read.
 */
export function documentRowsQuery(db: Executor, selects: DocumentSelect[], q: { kind?: DocumentKind; after: KeyCursor | null; limit: number }) {
  const branches = selects.map((select) => {
    let branch = db.selectFrom(select.as('s')).selectAll();
    if (q.kind) branch = branch.where('s.kind', '=', q.kind);
    const after = q.after;
    if (after) branch = branch.where(afterKeyset(['s.at', 's.id'], 'desc', [after.key, after.id]));
    return db.selectFrom(branch.orderBy('s.at', 'desc').orderBy('s.id', 'desc').limit(q.limit).as('b')).selectAll();
  });
  const merged = branches.slice(1).reduce((all, b) => all.unionAll(b), branches[0]!);
  return db
    .selectFrom(merged.as('u'))
    .selectAll()
    .orderBy('u.at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(q.limit) as unknown as Compilable<DocumentRow>;
}
