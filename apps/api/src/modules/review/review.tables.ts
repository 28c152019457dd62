import type { SubmissionActor } from '@bansi/shared';

/** What a review event is about: a filing, a notes document or a payment slip. */
export type ReviewEventKind = 'submission' | 'notes' | 'slip';

/**
 * The one review timeline (decision 205): every change of a filing, notes document or payment slip under
 * review — who (name as it was then), when, what; comments are events with a comment.
 */
export interface ReviewEventsTable {
  id: string;
  kind: ReviewEventKind;
  /** the submission, notes or slip (no foreign key: one column for three tables) */
  subjectId: string;
  at: string;
  /** the order of events written together (same `at`): 0, 1, … */
  ord: number;
  /** the user (no foreign key: the timeline outlives removed accounts) */
  actorId: string | null;
  actorKind: SubmissionActor;
  actorName: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  comment: string | null;
  /** a filing's file the event is about */
  fileId: string | null;
  slot: string | null;
  fileName: string | null;
  /** the notes section a comment is about (null: the whole document) */
  section: string | null;
  /** 1: a file or section comment given as part of a return */
  partOfReturn: number;
  /** JSON with action-specific facts (e.g. the warnings confirmed at submit) */
  details: string | null;
}

export interface ReviewTables {
  reviewEvents: ReviewEventsTable;
}
