import type { SubmissionEventAction } from '@bansi/shared';
import type { Principal } from '../../plugins/access';
import { newReviewEvent, reviewActorName } from '../review';
import type { SubmissionEventsTable } from './submissions.tables';

/** The user's name as the timeline records it. */
export const actorName = reviewActorName;

/** A timeline row (the review's `newReviewEvent` for this submission); `insertEvents` numbers the rows written together (`ord`). */
export function newEvent(
  principal: Principal,
  name: string,
  submissionId: string,
  action: SubmissionEventAction,
  at: string,
  extra: Partial<SubmissionEventsTable> = {},
): SubmissionEventsTable {
  const { section: _section, ...row } = newReviewEvent(principal, name, action, at, extra);
  return { ...row, submissionId, action, fromStatus: extra.fromStatus ?? null, toStatus: extra.toStatus ?? null };
}

export const createdEvent = (principal: Principal, name: string, submissionId: string, at: string) =>
  newEvent(principal, name, submissionId, 'created', at, { toStatus: 'draft' });
