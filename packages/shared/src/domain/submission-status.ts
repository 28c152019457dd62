import type { SubmissionAction, SubmissionActor, SubmissionStatus } from '../contracts/submissions';
import { nextReviewStatus, REVIEW_TRANSITIONS } from './review';

/** The annual submission's part of the one review table (domain/review.ts). */
export interface SubmissionTransition {
  from: SubmissionStatus;
  action: SubmissionAction;
  actor: SubmissionActor;
  to: SubmissionStatus;
}

export const SUBMISSION_TRANSITIONS: readonly SubmissionTransition[] = REVIEW_TRANSITIONS.filter((t) => t.kinds.includes('submission')).map(
  (t) => ({ from: t.from, action: t.action, actor: t.actor, to: t.to }) as SubmissionTransition,
);

/** The status `action` by `actor` leads to from `from`, or null when that is not allowed. */
export function nextSubmissionStatus(from: SubmissionStatus, action: SubmissionAction, actor: SubmissionActor): SubmissionStatus | null {
  return nextReviewStatus('submission', from, action, actor) as SubmissionStatus | null;
}

/** What `actor` may do to a submission in status `status` (for buttons and the API alike). */
export function allowedSubmissionActions(status: SubmissionStatus, actor: SubmissionActor): SubmissionAction[] {
  return SUBMISSION_TRANSITIONS.filter((t) => t.from === status && t.actor === actor).map((t) => t.action);
}

/** The company may change its data and files only in a draft or after staff returned it. */
export function isEditableByCompany(status: SubmissionStatus): boolean {
  return status === 'draft' || status === 'returned';
}

/** Submitted and not yet returned (or accepted): locked for the company while staff have it. */
export function isLockedForCompany(status: SubmissionStatus): boolean {
  return !isEditableByCompany(status);
}

/** Waiting for staff: what the review queue shows by default. */
export function isAwaitingStaff(status: SubmissionStatus): boolean {
  return status === 'submitted' || status === 'resubmitted' || status === 'in_review';
}
