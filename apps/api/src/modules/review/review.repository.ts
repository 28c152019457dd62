import type { Compilable } from 'kysely';
import type { Executor } from '../../lib/deps';
import type { ReviewQueueRow, ReviewQueueSelect } from './review.queue-row';
import { afterKeyset } from '../../db/keyset';
import type { ReviewEventKind, ReviewEventsTable } from './review.tables';

/** A review event without its subject (the caller names kind and subject). */
export type ReviewEventRow = Omit<ReviewEventsTable, 'kind' | 'subjectId'>;

/** A position in a timeline. */
export interface ReviewEventCursor {
  at: string;
  ord: number;
  id: string;
}

/** Events written together keep their order (`ord`), even within one millisecond. */
export async function insertReviewEvents(db: Executor, kind: ReviewEventKind, subjectId: string, rows: readonly ReviewEventRow[]) {
  if (rows.length)
    await db
      .insertInto('reviewEvents')
      .values(rows.map((r, i) => ({ ...r, kind, subjectId, ord: i })))
      .execute();
}

const ofSubject = (db: Executor, kind: ReviewEventKind, subjectId: string) =>
  db.selectFrom('reviewEvents').where('kind', '=', kind).where('subjectId', '=', subjectId);

/** Who returned the subject last (the newest 'returned' event), if anyone did. */
export const findReturningReviewer = (db: Executor, kind: ReviewEventKind, subjectId: string) =>
  ofSubject(db, kind, subjectId)
    .select(['actorId', 'actorName'])
    .where('action', '=', 'returned')
    .orderBy('at', 'desc')
    .orderBy('ord', 'desc')
    .limit(1)
    .executeTakeFirst();

/** A subject's timeline, newest first, after `cursor`. */
export function listReviewEvents(db: Executor, kind: ReviewEventKind, subjectId: string, after: ReviewEventCursor | null, limit: number) {
  let query = ofSubject(db, kind, subjectId).selectAll();
  if (after) query = query.where(afterKeyset(['at', 'ord', 'id'], 'desc', [after.at, after.ord, after.id]));
  return query.orderBy('at', 'desc').orderBy('ord', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** One event of a subject's timeline. */
export const findReviewEvent = (db: Executor, kind: ReviewEventKind, subjectId: string, eventId: string) =>
  ofSubject(db, kind, subjectId).selectAll().where('id', '=', eventId).executeTakeFirst();

/**
 * The comment thread: every event that carries a comment, oldest first; with `staffAndAnswers` only staff's and
 * the company's answers to them (not the company's notes sent with a submit).
 */
export function listReviewComments(db: Executor, kind: ReviewEventKind, subjectId: string, opts: { staffAndAnswers?: boolean } = {}) {
  let query = ofSubject(db, kind, subjectId).selectAll().where('comment', 'is not', null);
  if (opts.staffAndAnswers) query = query.where((eb) => eb.or([eb('actorKind', '=', 'staff'), eb('action', '=', 'answered')]));
  return query.orderBy('at', 'asc').orderBy('ord', 'asc').orderBy('id', 'asc').execute();
}

/**
 * The one review queue (review.queue.ts): each source's SELECT after the keyset, in queue order, cut to the page,
 * then all of them unioned and cut again — each branch reads its own index range (submitted_at, id).
 */
export function reviewQueueQuery(
  db: Executor,
  selects: readonly ReviewQueueSelect[],
  q: { after: { key: string; id: string } | null; limit: number },
) {
  const branches = selects.map((select) => {
    let branch = db.selectFrom(select.as('s')).selectAll();
    if (q.after) branch = branch.where(afterKeyset(['s.submittedAt', 's.id'], 'asc', [q.after.key, q.after.id]));
    return db.selectFrom(branch.orderBy('s.submittedAt', 'asc').orderBy('s.id', 'asc').limit(q.limit).as('b')).selectAll();
  });
  const merged = branches.slice(1).reduce((all, b) => all.unionAll(b), branches[0]!);
  return db
    .selectFrom(merged.as('u'))
    .selectAll()
    .orderBy('u.submittedAt', 'asc')
    .orderBy('u.id', 'asc')
    .limit(q.limit) as unknown as Compilable<ReviewQueueRow>;
}

/** The timelines of several subjects of one kind (a slip's invoice has its slips), newest first. */
export function listReviewEventsOf(db: Executor, kind: ReviewEventKind, subjectIds: readonly string[]) {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reviewEvents')
    .selectAll()
    .where('kind', '=', kind)
    .where('subjectId', 'in', subjectIds)
    .orderBy('at', 'desc')
    .orderBy('ord', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
