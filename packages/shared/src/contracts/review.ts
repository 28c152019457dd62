import { z } from 'zod';
import { REVIEW_KINDS } from '../domain/review';
import { Page, PageQuery } from './common';
import { ReviewEventStatus } from './review-event';
import { BookYear } from './submissions';

/**
 * GET /staff/review-queue (issue 34, decision 270): everything staff review — filings, notes, payment slips — in
 * one list, oldest submitted (or uploaded) first. `status`: 'awaiting' (filings and notes submitted, resubmitted
 * or in review; slips pending), 'all' (everything but drafts) or one status (of the kinds that have it).
 */
export const ReviewQueueKind = z.enum(REVIEW_KINDS);
export const ReviewQueueStatus = z.enum([
  'awaiting',
  'all',
  'submitted',
  'in_review',
  'returned',
  'resubmitted',
  'accepted',
  'pending',
  'confirmed',
  'rejected',
]);
export type ReviewQueueStatus = z.infer<typeof ReviewQueueStatus>;
export const ReviewQueueQuery = PageQuery.extend({
  /** one kind; absent: every kind */
  kind: ReviewQueueKind.optional(),
  status: ReviewQueueStatus.default('awaiting'),
  bookYear: BookYear.optional(),
});
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuery>;

export const ReviewQueueItem = z.object({
  kind: ReviewQueueKind,
  /** the submission's, notes document's or slip's id */
  id: z.uuid(),
  company: z.object({ id: z.uuid(), nameLo: z.string(), nameEn: z.string(), tin: z.string() }),
  /** a slip of an invoice that is for no book year: null */
  bookYear: z.number().int().nullable(),
  status: ReviewEventStatus,
  /** when it was (last) submitted; a slip's upload time */
  submittedAt: z.string(),
  /** the staff screen that reviews it (a path of WebPaths) */
  link: z.string(),
});
export type ReviewQueueItem = z.infer<typeof ReviewQueueItem>;
export const ReviewQueuePage = Page(ReviewQueueItem);
export type ReviewQueuePage = z.infer<typeof ReviewQueuePage>;
