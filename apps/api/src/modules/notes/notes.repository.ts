import type { DocumentKind, NotesStatus } from '@bansi/shared';
import { sql } from 'kysely';
import type { Executor } from '../../lib/deps';
import type { DocumentSelect } from '../../lib/documents';
import type { NotesEventsTable, NotesTable } from './notes.tables';
import {
  findReturningReviewer,
  insertReviewEvents,
  listReviewComments,
  listReviewEvents,
  type ReviewEventCursor,
  type ReviewEventRow,
  type ReviewEventsTable,
  type ReviewQueueFilter,
  type ReviewQueueSelect,
} from '../review';

/** The owner kind of the PDF kept when notes are accepted (files.owners). */
export const NOTES_PDF_OWNER = 'notes_pdf';

export const findNotes = (db: Executor, id: string) => db.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirst();

export const findNotesOfYear = (db: Executor, companyId: string, bookYear: number) =>
  db.selectFrom('notes').selectAll().where('companyId', '=', companyId).where('bookYear', '=', bookYear).executeTakeFirst();

export async function insertNotes(db: Executor, row: NotesTable) {
  await db.insertInto('notes').values(row).execute();
}

/**
 * The optimistic-concurrency write: changes the row only if it still has `version` (and one of
 * `statuses`), adding 1 to the version. False when someone changed it first.
 */
export async function updateNotesIfCurrent(
  db: Executor,
  id: string,
  version: number,
  patch: Partial<Omit<NotesTable, 'id' | 'companyId' | 'bookYear' | 'version'>>,
  statuses: readonly NotesStatus[],
): Promise<boolean> {
  const result = await db
    .updateTable('notes')
    .set({ ...patch, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('status', 'in', statuses)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The PDF kept when the notes were accepted (in the acceptance's transaction; the version is not changed again). */
export async function setNotesPdf(db: Executor, id: string, pdfFileId: string) {
  await db.updateTable('notes').set({ pdfFileId }).where('id', '=', id).execute();
}

/** The company's notes, newest book year first (one per year: the year is the cursor). */
export function listCompanyNotes(
  db: Executor,
  q: { companyId: string; bookYear?: number; status?: NotesStatus; beforeYear?: number; limit: number },
) {
  let query = db.selectFrom('notes').selectAll().where('companyId', '=', q.companyId);
  if (q.bookYear !== undefined) query = query.where('bookYear', '=', q.bookYear);
  if (q.status) query = query.where('status', '=', q.status);
  if (q.beforeYear !== undefined) query = query.where('bookYear', '<', q.beforeYear);
  return query.orderBy('bookYear', 'desc').limit(q.limit).execute();
}

/**
 * The notes' source of the one review queue (modules/review, decision 270): submitted notes documents in
 * `filter.statuses` (literals: index notes_queue on (status, submitted_at, id)), as its common columns.
 */
export function notesQueueSelect(db: Executor, filter: ReviewQueueFilter): ReviewQueueSelect {
  let query = db
    .selectFrom('notes')
    .select((eb) => [
      sql<'notes'>`'notes'`.as('kind'),
      'notes.id as id',
      'notes.companyId as companyId',
      'notes.bookYear as bookYear',
      eb.cast<string>('notes.status', 'text').as('status'),
      sql<string>`${sql.ref('notes.submittedAt')}`.as('submittedAt'),
    ])
    .where(sql<boolean>`${sql.ref('notes.status')} in (${sql.join(filter.statuses.map((s: string) => sql.lit(s)))})`)
    .where('notes.submittedAt', 'is not', null);
  if (filter.bookYear !== undefined) query = query.where('notes.bookYear', '=', filter.bookYear);
  return query;
}

/** The notes documents of a queue page, in any order. */
export const findNotesByIds = (db: Executor, ids: readonly string[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('notes').selectAll().where('id', 'in', ids).execute();

/** Notes waiting for staff, by state: how many and since when (the back-office overview). */
export const countWaitingNotes = (db: Executor, statuses: readonly NotesStatus[]) =>
  db
    .selectFrom('notes')
    .select(['status'])
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('submittedAt').as('minSubmitted'), eb.fn.min('updatedAt').as('minUpdated')])
    .where('status', 'in', statuses)
    .groupBy('status')
    .execute();

/**
 * The company's notes documents as rows of the all-document history (decision 102: one arm of its
 * UNION ALL): kind 'notes', the PDF kept at acceptance as the file. Index notes_company_history.
 */
export function notesDocumentsSelect(db: Executor, companyId: string, bookYear?: number): DocumentSelect {
  let query = db
    .selectFrom('notes')
    .select((eb) => [
      sql<DocumentKind>`'notes'`.as('kind'),
      'notes.id as id',
      'notes.bookYear as bookYear',
      'notes.updatedAt as at',
      sql<string | null>`null`.as('submissionId'),
      eb.cast<string | null>('notes.status', 'text').as('status'),
      eb.cast<string | null>('notes.pdfFileId', 'text').as('fileId'),
      sql<string | null>`null`.as('slot'),
      sql<number>`0`.as('superseded'),
    ])
    .where('notes.companyId', '=', companyId);
  if (bookYear !== undefined) query = query.where('notes.bookYear', '=', bookYear);
  return query;
}

// --- events ----------------------------------------------------------------------------------

const NOTES = 'notes';

/** A review event as the notes timeline reads it. */
const asNotesEvent = ({ kind: _kind, subjectId, fileId: _f, slot: _s, fileName: _n, ...rest }: ReviewEventsTable): NotesEventsTable => ({
  ...rest,
  notesId: subjectId,
  fromStatus: rest.fromStatus as NotesEventsTable['fromStatus'],
  toStatus: rest.toStatus as NotesEventsTable['toStatus'],
});

/** Who returned the notes last (the newest 'returned' event), if anyone did. */
export const findNotesReturningReviewer = (db: Executor, notesId: string) => findReturningReviewer(db, NOTES, notesId);

/** Events written together keep their order (`ord`), even within one millisecond. */
export const insertNotesEvents = (db: Executor, notesId: string, rows: readonly ReviewEventRow[]) => insertReviewEvents(db, NOTES, notesId, rows);

/** The timeline, newest first, after `cursor`. */
export const listNotesEvents = async (db: Executor, notesId: string, after: ReviewEventCursor | null, limit: number) =>
  (await listReviewEvents(db, NOTES, notesId, after, limit)).map(asNotesEvent);

/** The review's comments: staff's and the company's answers to them (not the notes sent with a submit), oldest first. */
export const listNotesComments = async (db: Executor, notesId: string) =>
  (await listReviewComments(db, NOTES, notesId, { staffAndAnswers: true })).map(asNotesEvent);
