import { z } from 'zod';
import { NOTES_SECTION_KEYS } from '../domain/notes';

/**
 * One entry of a review timeline (issue 34): a filing's, a notes document's or a payment slip's (decision 270).
 * The API answers every timeline through one presenter (`modules/review/review.timeline.ts`), so the three
 * kinds share this shape; a field that does not apply to a kind is null or empty. This file imports no other
 * feature contract: submissions' and notes' contracts alias it (`SubmissionEvent`, `NotesEvent`).
 */

/** The statuses of a filing or notes document (as `SubmissionStatus`). */
export const SUBMISSION_STATUSES = ['draft', 'submitted', 'in_review', 'returned', 'resubmitted', 'accepted'] as const;

/** A payment slip's statuses (as `SlipStatus`). */
export const SLIP_STATUSES = ['pending', 'confirmed', 'rejected'] as const;

/** Who acts: the company (its users) or the service's staff. */
export const SubmissionActor = z.enum(['company', 'staff']);
export type SubmissionActor = z.infer<typeof SubmissionActor>;

/** Who did something: their name as it was then, and whether they are the company or the service. */
export const SubmissionActorInfo = z.object({ kind: SubmissionActor, name: z.string() });

export const SUBMISSION_EVENT_ACTIONS = [
  'created',
  'updated',
  'file_uploaded',
  'file_replaced',
  'submitted',
  'resubmitted',
  'review_started',
  'commented',
  'returned',
  'accepted',
  'answered',
] as const;

export const NOTES_EVENT_ACTIONS = [
  'created',
  'updated',
  'submitted',
  'resubmitted',
  'review_started',
  'commented',
  'answered',
  'returned',
  'accepted',
  'linked',
] as const;

/** A payment slip's: sent by the company, then confirmed or rejected by staff (decision 120). */
export const SLIP_EVENT_ACTIONS = ['uploaded', 'confirmed', 'rejected'] as const;

export const REVIEW_EVENT_ACTIONS = [...new Set([...SUBMISSION_EVENT_ACTIONS, ...NOTES_EVENT_ACTIONS, ...SLIP_EVENT_ACTIONS])] as [
  (typeof SUBMISSION_EVENT_ACTIONS)[number] | (typeof NOTES_EVENT_ACTIONS)[number] | (typeof SLIP_EVENT_ACTIONS)[number],
  ...((typeof SUBMISSION_EVENT_ACTIONS)[number] | (typeof NOTES_EVENT_ACTIONS)[number] | (typeof SLIP_EVENT_ACTIONS)[number])[],
];
export const ReviewEventAction = z.enum(REVIEW_EVENT_ACTIONS);
export type ReviewEventAction = z.infer<typeof ReviewEventAction>;

/** A filing's, notes document's or slip's status. */
export const ReviewEventStatus = z.enum([...SUBMISSION_STATUSES, ...SLIP_STATUSES]);

export const ReviewEventFile = z.object({ fileId: z.uuid().nullable(), slot: z.string().nullable(), fileName: z.string().nullable() });

/** One entry of a review timeline (who, when, what, comment), newest first in every list. */
export const ReviewEvent = z.object({
  id: z.uuid(),
  at: z.string(),
  actor: SubmissionActorInfo,
  action: ReviewEventAction,
  fromStatus: ReviewEventStatus.nullable(),
  toStatus: ReviewEventStatus.nullable(),
  comment: z.string().nullable(),
  /** the file an upload, replacement, comment or slip decision concerns */
  fileId: z.uuid().nullable(),
  slot: z.string().nullable(),
  fileName: z.string().nullable(),
  /**
   * One upload action is one entry (domain/timeline-groups.ts): every file of it, newest first (the
   * first is the entry's own fileId/slot/fileName). Empty for events that concern no file.
   */
  files: z.array(ReviewEventFile),
  /** notes: the sections an update changed or a comment is about; empty otherwise */
  sections: z.array(z.enum(NOTES_SECTION_KEYS)),
});
export type ReviewEvent = z.infer<typeof ReviewEvent>;
