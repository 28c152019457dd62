import { nextSubmissionStatus, type SubmissionStatus } from '@bansi/shared';

/** The staff member who returned a filing or notes, as the timeline recorded them. */
export interface ReturningReviewer {
  actorId: string | null;
  actorName: string;
}

/**
 * What a company's submit leads to (decision 190): a resubmit goes straight back to "in review" with the
 * reviewer who returned it (the state machine's resubmitted → in_review, on that reviewer's behalf), so staff
 * need not press "Start review" again. Without a returning reviewer it stays where the state machine put it.
 */
export function statusAfterSubmit(to: SubmissionStatus, reviewer: ReturningReviewer | undefined): SubmissionStatus {
  if (to !== 'resubmitted' || !reviewer) return to;
  return nextSubmissionStatus(to, 'startReview', 'staff') ?? to;
}

/** The timeline fields of the "review started" entry written for the returning reviewer. */
export const resumedBy = (reviewer: ReturningReviewer) => ({
  actorId: reviewer.actorId,
  actorKind: 'staff' as const,
  actorName: reviewer.actorName,
  fromStatus: 'resubmitted' as const,
  toStatus: 'in_review' as const,
  details: JSON.stringify({ resumed: true }),
});
