import type { SubmissionActor, SubmissionEventAction, SubmissionStatus } from '@bansi/shared';

/** One annual submission per company and book year (unique). */
export interface SubmissionsTable {
  id: string;
  companyId: string;
  bookYear: number;
  status: SubmissionStatus;
  /** optimistic concurrency: every change of data or status is `update … where version = ?` and adds 1 */
  version: number;
  departmentId: string | null;
  /** persons; an annual average may have decimals */
  averageLabour: number | null;
  /** LAK (bigint: PostgreSQL answers a string, the presenter makes it a number) */
  totalAssets: number | string | null;
  annualIncome: number | string | null;
  specialCategoryId: string | null;
  /** JSON of SubmissionSignatories: a snapshot of the people, not a reference to them */
  signatories: string | null;
  /** the company profile's size when it was last submitted */
  declaredSizeId: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  firstSubmittedAt: string | null;
  acceptedAt: string | null;
  /** the filing reference `BS-<book year>-<seq>` (decision 095), given at the first submit; unique */
  reference: string | null;
  /** the size a reviewer set where the thresholds cannot decide (micro | small | medium | large), with why, who, when */
  reviewerSize: string | null;
  reviewerSizeReason: string | null;
  reviewerSizeBy: string | null;
  reviewerSizeAt: string | null;
}

/**
 * A filing's timeline entry: every change, who (name as it was then), when, what; comments are events with a
 * comment. Stored in the review module's `review_events` (kind 'submission', decision 205).
 */
export interface SubmissionEventsTable {
  id: string;
  submissionId: string;
  at: string;
  /** the order of events written together (same `at`): 0, 1, … */
  ord: number;
  /** the user (no foreign key: the timeline outlives removed accounts) */
  actorId: string | null;
  actorKind: SubmissionActor;
  actorName: string;
  action: SubmissionEventAction;
  fromStatus: SubmissionStatus | null;
  toStatus: SubmissionStatus | null;
  comment: string | null;
  fileId: string | null;
  slot: string | null;
  fileName: string | null;
  /** 1: a file comment given as part of a return */
  partOfReturn: number;
  /** JSON with action-specific facts (e.g. the warnings confirmed at submit) */
  details: string | null;
}

/**
 * The acknowledgement receipt of an accepted submission. Only the SHA-256 of the QR code's secret
 * is kept (verification needs no more); the PDF that shows the code is a stored file.
 */
export interface SubmissionReceiptsTable {
  submissionId: string;
  companyId: string;
  codeHash: string;
  fileId: string;
  bookYear: number;
  companyNameLo: string;
  companyNameEn: string;
  acceptedAt: string;
  acceptedByName: string;
}

export interface SubmissionTables {
  submissions: SubmissionsTable;
  submissionReceipts: SubmissionReceiptsTable;
}

/** The columns `sizeViewOf` reads (the staff queue selects only these besides the summary). */
export const SIZE_COLUMNS = [
  'status',
  'departmentId',
  'declaredSizeId',
  'averageLabour',
  'totalAssets',
  'annualIncome',
  'bookYear',
  'reviewerSize',
  'reviewerSizeReason',
  'reviewerSizeAt',
] as const satisfies readonly (keyof SubmissionsTable)[];
