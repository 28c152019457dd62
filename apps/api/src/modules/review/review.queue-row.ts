import type { ReviewKind } from '@bansi/shared';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/** A row of the one review queue (decision 270): what every kind's source selects, and the queue and its repository read. */
export interface ReviewQueueRow {
  kind: ReviewKind;
  /** the subject's own UUID (unique across sources): the keyset's tie-break */
  id: string;
  companyId: string;
  /** null: a slip of an invoice that is for no book year */
  bookYear: number | null;
  status: string;
  /** ISO-8601 UTC, never null in the queue (a source lists only submitted subjects); the queue's order */
  submittedAt: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ReviewQueueSelect = SelectQueryBuilder<Database, any, ReviewQueueRow>;
