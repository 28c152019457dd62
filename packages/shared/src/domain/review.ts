import type { SlipStatus } from '../contracts/payments';
import type { SubmissionAction, SubmissionActor, SubmissionStatus } from '../contracts/submissions';

/**
 * One review workflow for everything staff check (issue 34): an annual filing, its notes, a payment slip.
 * Their states and transitions are ONE table; what differs by kind is data in it (`kinds`, `resumesReview`).
 *
 *   filing, notes:
 *   draft ──submit──▶ submitted ──startReview──▶ in_review ──accept──▶ accepted
 *                                                   │  ▲
 *                                              return  startReview (at once, by the returning reviewer: decision 190)
 *                                                   ▼  │
 *                     returned ──submit──▶ resubmitted
 *
 *   slip:  pending ──confirm──▶ confirmed        pending ──reject──▶ rejected
 *
 * Accepted, confirmed and rejected are final. Nothing else is allowed.
 */
export const REVIEW_KINDS = ['submission', 'notes', 'slip'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export type ReviewStatus = SubmissionStatus | SlipStatus;
export type ReviewAction = SubmissionAction | 'confirm' | 'reject';

export interface ReviewTransition {
  kinds: readonly ReviewKind[];
  from: ReviewStatus;
  action: ReviewAction;
  actor: SubmissionActor;
  to: ReviewStatus;
  /** when someone returned it before, the review resumes at once: `startReview` is taken on their behalf (decision 190) */
  resumesReview?: true;
}

const FILINGS: readonly ReviewKind[] = ['submission', 'notes'];

export const REVIEW_TRANSITIONS: readonly ReviewTransition[] = [
  { kinds: FILINGS, from: 'draft', action: 'submit', actor: 'company', to: 'submitted' },
  { kinds: FILINGS, from: 'returned', action: 'submit', actor: 'company', to: 'resubmitted', resumesReview: true },
  { kinds: FILINGS, from: 'submitted', action: 'startReview', actor: 'staff', to: 'in_review' },
  { kinds: FILINGS, from: 'resubmitted', action: 'startReview', actor: 'staff', to: 'in_review' },
  { kinds: FILINGS, from: 'in_review', action: 'return', actor: 'staff', to: 'returned' },
  { kinds: FILINGS, from: 'in_review', action: 'accept', actor: 'staff', to: 'accepted' },
  { kinds: ['slip'], from: 'pending', action: 'confirm', actor: 'staff', to: 'confirmed' },
  { kinds: ['slip'], from: 'pending', action: 'reject', actor: 'staff', to: 'rejected' },
];

/** The transition `action` by `actor` takes from `from` for this kind, or undefined when it is not allowed. */
export function reviewTransition(kind: ReviewKind, from: ReviewStatus, action: ReviewAction, actor: SubmissionActor): ReviewTransition | undefined {
  return REVIEW_TRANSITIONS.find((t) => t.kinds.includes(kind) && t.from === from && t.action === action && t.actor === actor);
}

/** The status `action` by `actor` leads to from `from` for this kind, or null when that is not allowed. */
export function nextReviewStatus(kind: ReviewKind, from: ReviewStatus, action: ReviewAction, actor: SubmissionActor): ReviewStatus | null {
  return reviewTransition(kind, from, action, actor)?.to ?? null;
}

/** What `actor` may do to an item of this kind in status `status` (for buttons and the API alike). */
export function allowedReviewActions(kind: ReviewKind, status: ReviewStatus, actor: SubmissionActor): ReviewAction[] {
  return REVIEW_TRANSITIONS.filter((t) => t.kinds.includes(kind) && t.from === status && t.actor === actor).map((t) => t.action);
}

/**
 * Where a company's submit leaves a filing or notes (decision 190): the table's step, and when that step
 * `resumesReview` and someone returned it, the `startReview` after it, taken on the returning reviewer's behalf.
 */
export function statusAfterSubmit(kind: ReviewKind, from: ReviewStatus, returnedBefore: boolean): ReviewStatus | null {
  const step = reviewTransition(kind, from, 'submit', 'company');
  if (!step) return null;
  if (!step.resumesReview || !returnedBefore) return step.to;
  return nextReviewStatus(kind, step.to, 'startReview', 'staff') ?? step.to;
}

/**
 * While the service has a filing or notes, or has returned them, the company may answer the service's comments;
 * a draft has none, and an accepted one's conversation is closed (decision 096). The API and the screens ask this.
 */
export const commentsAnswerable = (status: ReviewStatus): boolean => ['submitted', 'in_review', 'returned', 'resubmitted'].includes(status);

/** What the review rule needs of a comment (SubmissionComment has it). */
export interface ReviewCommentLike {
  returned: boolean;
  author: { kind: 'company' | 'staff' };
  answersId: string | null;
}

/**
 * The comments staff saved during the current review (decision 191): their own comments (not answers, not
 * the company's notes) written after the last return. The Return dialog lists them pre-filled, and the
 * return's mail and notification repeat the ones the reviewer keeps. Oldest first, as given.
 */
export function commentsSavedInReview<T extends ReviewCommentLike>(comments: readonly T[]): T[] {
  const lastReturn = comments.findLastIndex((c) => c.returned);
  return comments.slice(lastReturn + 1).filter((c) => c.author.kind === 'staff' && !c.returned && c.answersId === null);
}
