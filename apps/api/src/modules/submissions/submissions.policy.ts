import { isEditableByCompany, type SubmissionAction, type SubmissionActor, type SubmissionStatus } from '@bansi/shared';
import { AppError } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { assertMayReadReviewed, reviewActorKind } from '../review';
import { reviewStep } from '../review';
import type { SubmissionsTable } from './submissions.tables';

/** Company or staff, as the timeline and the state machine see the caller. */
export const actorOf = reviewActorKind;

/**
 * Staff see every submission; a company user only their own company's. Anything else is "not
 * found" (a foreign id must not reveal that it exists).
 */
export function assertCanRead(principal: Principal, row: SubmissionsTable | undefined): asserts row is SubmissionsTable {
  assertMayReadReviewed(principal, row);
}

/** The company changes data and files only in a draft or after staff returned it. */
export function assertEditable(row: SubmissionsTable) {
  if (!isEditableByCompany(row.status)) throw new AppError(409, 'SUBMISSION_LOCKED');
}

/** The version the caller read must still be the current one. */
export function assertCurrent(row: SubmissionsTable, version: number) {
  if (row.version !== version) throw new AppError(409, 'STALE');
}

/** Where `action` by this caller leads from the row's status; 409 INVALID_TRANSITION when nowhere. */
export function transitionFor(row: SubmissionsTable, action: SubmissionAction, actor: SubmissionActor): SubmissionStatus {
  return reviewStep('submission', row.status, action, actor);
}
