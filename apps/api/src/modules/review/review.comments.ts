import { commentsAnswerable, type FieldError, type Language } from '@bansi/shared';
import { newId, nowIso } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, invalid } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { recordAudit, type Actor } from '../audit';
import { reviewActorKind, reviewActorName } from './review.actor';
import { findReviewEvent, insertReviewEvents, type ReviewEventRow } from './review.repository';
import type { ReviewEventKind, ReviewEventsTable } from './review.tables';
import type { ReviewedRow } from './review.transition';

/**
 * What a comment is about, in the one comment thread of every kind (issue 34): a filing's file (`fileId`,
 * `slot`, `fileName`) or a notes section (`section`); nothing set: the whole filing or document.
 */
export type ReviewItem = Partial<Pick<ReviewEventsTable, 'fileId' | 'slot' | 'fileName' | 'section'>>;

const ITEM_NONE = { fileId: null, slot: null, fileName: null, section: null };

/** A new review event of the caller, about `item`; `insertReviewEvents` numbers the rows written together. */
export function newReviewEvent(
  principal: Principal,
  actorName: string,
  action: string,
  at: string,
  extra: Partial<ReviewEventRow> = {},
): ReviewEventRow {
  return {
    id: newId(),
    at,
    ord: 0,
    actorId: principal.userId,
    actorKind: reviewActorKind(principal),
    actorName,
    action,
    fromStatus: null,
    toStatus: null,
    comment: null,
    ...ITEM_NONE,
    partOfReturn: 0,
    details: null,
    ...extra,
  };
}

const unknownChoice = (deps: Deps, lang: Language, path: string): FieldError => ({
  path,
  code: 'unknown_choice',
  message: deps.t(lang, 'errors.field.unknown_choice'),
});

/**
 * The comments saved during the review that a return repeats (decision 191): those of `saved` named in
 * `keptIds`, or all of them when it is absent. An id that is not one of them is a field error (400).
 */
export function keptComments<T extends { id: string }>(deps: Deps, lang: Language, saved: readonly T[], keptIds: readonly string[] | undefined): T[] {
  const unknown = (keptIds ?? []).flatMap((id, i) => (saved.some((c) => c.id === id) ? [] : [unknownChoice(deps, lang, `body.keptCommentIds.${i}`)]));
  if (unknown.length) throw invalid(unknown);
  return saved.filter((c) => keptIds?.includes(c.id) ?? true);
}

/** The comment an answer answers (`details.answersId`), or null. */
export function answersIdOf(details: string | null): string | null {
  if (!details) return null;
  const parsed = JSON.parse(details) as { answersId?: unknown };
  return typeof parsed.answersId === 'string' ? parsed.answersId : null;
}

/** Writes one comment event with its audit entry (`<kind>.<verb>`) in one transaction; the subject does not change. */
async function recordComment(
  deps: Deps,
  actor: Actor,
  kind: ReviewEventKind,
  row: ReviewedRow,
  event: ReviewEventRow,
  verb: string,
  details: Record<string, unknown>,
) {
  await deps.db.transaction().execute(async (trx) => {
    await insertReviewEvents(trx, kind, row.id, [event]);
    await recordAudit(trx, actor, `${kind}.${verb}`, { kind, id: row.id }, { companyId: row.companyId, details });
  });
  return event;
}

/**
 * A staff comment during the review, on one item (a filing's file, a notes section) or on the whole subject:
 * the version read must be current (409 STALE); the subject's status and version do not change. The Return
 * dialog, mail and notification list it later (decision 191).
 */
export async function commentInReview(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  kind: ReviewEventKind,
  row: ReviewedRow,
  version: number,
  body: string,
  item: ReviewItem,
): Promise<ReviewEventRow> {
  if (row.version !== version) throw new AppError(409, 'STALE');
  const event = newReviewEvent(principal, await reviewActorName(deps.db, principal), 'commented', nowIso(), { comment: body, ...item });
  return recordComment(deps, actor, kind, row, event, 'comment', { fileId: item.fileId ?? null, section: item.section ?? null });
}

/**
 * The company answers one comment of the service (given with a return or during the review) without
 * resubmitting: an `answered` event on the same item, naming the comment it answers. 409 SUBMISSION_CLOSED
 * outside the review; a field error on `body.commentId` when it is not such a comment of this subject.
 */
export async function answerInReview(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  kind: ReviewEventKind,
  row: ReviewedRow,
  commentId: string,
  body: string,
  lang: Language,
): Promise<ReviewEventRow> {
  if (!commentsAnswerable(row.status)) throw new AppError(409, 'SUBMISSION_CLOSED');
  const comment = await findReviewEvent(deps.db, kind, row.id, commentId);
  const answerable =
    comment && comment.actorKind === 'staff' && comment.comment !== null && (comment.action === 'commented' || comment.action === 'returned');
  if (!answerable) throw invalid([unknownChoice(deps, lang, 'body.commentId')]);
  const item = { fileId: comment.fileId, slot: comment.slot, fileName: comment.fileName, section: comment.section };
  const event = newReviewEvent(principal, await reviewActorName(deps.db, principal), 'answered', nowIso(), {
    comment: body,
    ...item,
    details: JSON.stringify({ answersId: comment.id }),
  });
  return recordComment(deps, actor, kind, row, event, 'answer', { commentId: comment.id, fileId: comment.fileId, section: comment.section });
}
