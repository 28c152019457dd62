/** The staff member who returned a filing or notes, as the timeline recorded them. */
export interface ReturningReviewer {
  actorId: string | null;
  actorName: string;
}

/**
 * The timeline fields of the "review started" entry a resubmit writes for the reviewer who returned it, when
 * the review table's step `resumesReview` (statusAfterSubmit in @bansi/shared, decision 190).
 */
export const resumedBy = (reviewer: ReturningReviewer) => ({
  actorId: reviewer.actorId,
  actorKind: 'staff' as const,
  actorName: reviewer.actorName,
  fromStatus: 'resubmitted' as const,
  toStatus: 'in_review' as const,
  details: JSON.stringify({ resumed: true }),
});
