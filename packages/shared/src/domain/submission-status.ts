import type { SubmissionAction, SubmissionActor, SubmissionStatus } from '../contracts/submissions';

/**
 * The life of an annual submission (issue 6):
 *
 *   draft ──submit──▶ submitted ──startReview──▶ in_review ──accept──▶ accepted
 *                                                   │  ▲
 *                                              return  startReview
 *                                                   ▼  │
 *                     returned ──submit──▶ resubmitted
 *
 * The company submits (a draft becomes "submitted", a returned one "resubmitted"); staff start the
 * review, return it with reasons, or accept it. Accepted is final. Nothing else is allowed.
 */
export interface SubmissionTransition {
  from: SubmissionStatus;
  action: SubmissionAction;
  actor: SubmissionActor;
  to: SubmissionStatus;
}

export const SUBMISSION_TRANSITIONS: readonly SubmissionTransition[] = [
  { from: 'draft', action: 'submit', actor: 'company', to: 'submitted' },
  { from: 'returned', action: 'submit', actor: 'company', to: 'resubmitted' },
  { from: 'submitted', action: 'startReview', actor: 'staff', to: 'in_review' },
  { from: 'resubmitted', action: 'startReview', actor: 'staff', to: 'in_review' },
  { from: 'in_review', action: 'return', actor: 'staff', to: 'returned' },
  { from: 'in_review', action: 'accept', actor: 'staff', to: 'accepted' },
];

/** The status `action` by `actor` leads to from `from`, or null when that is not allowed. */
export function nextSubmissionStatus(from: SubmissionStatus, action: SubmissionAction, actor: SubmissionActor): SubmissionStatus | null {
  const t = SUBMISSION_TRANSITIONS.find((x) => x.from === from && x.action === action && x.actor === actor);
  return t ? t.to : null;
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
