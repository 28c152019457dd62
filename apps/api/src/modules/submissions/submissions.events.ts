import type { SubmissionEventAction } from '@bansi/shared';
import { newId } from '../../lib/crypto';
import type { Principal } from '../../plugins/access';
import { reviewActorName } from '../review';
import { actorOf } from './submissions.policy';
import type { SubmissionEventsTable } from './submissions.tables';

/** The user's name as the timeline records it. */
export const actorName = reviewActorName;

/** A timeline row; `insertEvents` numbers the rows written together (`ord`). */
export function newEvent(
  principal: Principal,
  name: string,
  submissionId: string,
  action: SubmissionEventAction,
  at: string,
  extra: Partial<SubmissionEventsTable> = {},
): SubmissionEventsTable {
  return {
    id: newId(),
    submissionId,
    at,
    actorId: principal.userId,
    actorKind: actorOf(principal),
    actorName: name,
    action,
    fromStatus: null,
    toStatus: null,
    comment: null,
    fileId: null,
    slot: null,
    fileName: null,
    ord: 0,
    partOfReturn: 0,
    details: null,
    ...extra,
  };
}

export const createdEvent = (principal: Principal, name: string, submissionId: string, at: string) =>
  newEvent(principal, name, submissionId, 'created', at, { toStatus: 'draft' });
