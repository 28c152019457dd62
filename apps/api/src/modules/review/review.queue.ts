import type { Language, ReviewKind, ReviewQueueStatus } from '@bansi/shared';
import { preparedQuery } from '../../db/prepared';
import { KEY_ID, decodeCursor, pageOf } from '../../lib/cursor';
import type { Deps, Executor } from '../../lib/deps';
import type { ReviewQueueSelect } from './review.queue-row';
import { reviewQueueQuery } from './review.repository';

/**
 * The ONE review queue (issue 34, decision 270): filings, notes and payment slips waiting for (or past) staff
 * review, oldest submitted first, as one SQL query. The review module does not read the features' tables
 * (test/table-ownership.test.ts): each feature registers a source for its kind — a SELECT (not run) of the
 * common columns of `ReviewQueueRow` over its own table, with the status and the filters it honours applied
 * inside — and the queue unions them (`UNION ALL … ORDER BY submitted_at, id LIMIT n + 1`, keyset on
 * (submitted_at, id) through lib/cursor.ts), the pattern of the all-document history (lib/documents.ts).
 * The staff queues of filings (`/staff/submissions`) and notes (`/staff/notes`) are this query with one kind;
 * `/staff/review-queue` lists every kind together.
 */
export type { ReviewQueueRow, ReviewQueueSelect } from './review.queue-row';

/** What a source is asked for; `statuses` are written into its SQL as literals (partial indexes, decision 101). */
export interface ReviewQueueFilter {
  statuses: readonly string[];
  bookYear?: number;
  /** filings only: the company's province and profile size */
  provinceCode?: string;
  sizeId?: string;
}

export interface ReviewQueueSource {
  kind: ReviewKind;
  /** the statuses of the 'awaiting' view and of the 'all' view; a single status filter asks only the sources that have it */
  awaiting: readonly string[];
  all: readonly string[];
  /**
   * A SELECT of every `ReviewQueueRow` column, aliased by those names, of the subjects in `filter.statuses`
   * (and its other filters this source honours). The queue adds the keyset, the order and the limit around it,
   * so (submittedAt, id) should be an index of those rows (e.g. a partial index on (submitted_at, id)).
   */
  select(db: Executor, filter: ReviewQueueFilter): ReviewQueueSelect;
}

const sources = new Map<ReviewKind, ReviewQueueSource>();

export function registerReviewQueueSource(source: ReviewQueueSource): void {
  sources.set(source.kind, source);
}

/** The statuses a source lists for a status filter (none: the source is not asked). */
function statusesOf(source: ReviewQueueSource, status: ReviewQueueStatus): readonly string[] {
  if (status === 'awaiting') return source.awaiting;
  if (status === 'all') return source.all;
  return source.all.includes(status) ? [status] : [];
}

export interface ReviewQueuePlan {
  kind: ReviewKind;
  statuses: readonly string[];
}

/** The query itself: the sources of `plan` (kinds and their statuses) unioned, one page after the keyset. */
export const reviewQueueRows = preparedQuery(
  (
    db,
    p: {
      plan: readonly ReviewQueuePlan[];
      bookYear?: number;
      provinceCode?: string;
      sizeId?: string;
      after: { key: string; id: string } | null;
      limit: number;
    },
  ) =>
    reviewQueueQuery(
      db,
      p.plan.map((step) =>
        sources.get(step.kind)!.select(db, { statuses: step.statuses, bookYear: p.bookYear, provinceCode: p.provinceCode, sizeId: p.sizeId }),
      ),
      p,
    ),
  // the plan chooses the sources and their statuses (literals in the SQL)
  { shapeKeys: ['plan'] },
);

export interface ReviewQueueQueryOf {
  /** the kinds to list; absent: every registered kind */
  kinds?: readonly ReviewKind[];
  status: ReviewQueueStatus;
  bookYear?: number;
  provinceCode?: string;
  sizeId?: string;
  cursor?: string;
  limit: number;
}

/** One page of the queue (oldest submitted first) and the cursor of the next; a broken cursor is a 400. */
export async function listReviewQueue(deps: Deps, q: ReviewQueueQueryOf, lang: Language) {
  const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
  const plan: ReviewQueuePlan[] = [...sources.values()]
    .filter((s) => !q.kinds || q.kinds.includes(s.kind))
    .sort((a, b) => a.kind.localeCompare(b.kind))
    .map((s) => ({ kind: s.kind, statuses: statusesOf(s, q.status) }))
    .filter((step) => step.statuses.length > 0);
  const rows =
    plan.length === 0
      ? []
      : await reviewQueueRows(deps.db, {
          plan,
          bookYear: q.bookYear,
          provinceCode: q.provinceCode,
          sizeId: q.sizeId,
          after: after ? { key: after[0], id: after[1] } : null,
          limit: q.limit + 1,
        });
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.submittedAt, r.id]);
  return { rows: page.map((r) => ({ ...r, bookYear: r.bookYear === null ? null : Number(r.bookYear) })), nextCursor };
}
