import type { Deps, Executor } from '../../lib/deps';
import { definePort } from '../../lib/port';
import {
  recordFiling,
  recordNotes,
  recordPaymentMade,
  recordPaymentReversed,
  type AcceptedFiling,
  type AcceptedNotes,
  type PaymentMade,
  type PaymentReversed,
} from './feeds.record';
import { listFeedSubjects } from './feeds.repository';

/** A payment as its owner keeps it: made, and perhaps reversed since. */
export type PaymentFacts = PaymentMade & { reversal: Pick<PaymentReversed, 'reason' | 'reversedAt'> | null };

/**
 * Everything the feeds list that their owners already hold: the accepted filings (submissions), the accepted
 * notes (notes) and the payments made (payments), through the composition (modules/providers.ts) — the feeds
 * stand beside those features and may not import them (decision 222).
 */
export interface FeedBackfillSources {
  filings(trx: Executor): Promise<AcceptedFiling[]>;
  notes(trx: Executor): Promise<AcceptedNotes[]>;
  payments(trx: Executor): Promise<PaymentFacts[]>;
}
export const feedBackfillSources = definePort<FeedBackfillSources>('what the feeds backfill from');

/** Queued at start under the unique key `feeds.backfill` (feeds.routes.ts, decision 242). */
export const FEED_BACKFILL_JOB = 'feeds.backfill';

type Pending = { at: string; subjectId: string; kind: string; write: (trx: Executor) => Promise<void> };

/**
 * Writes an entry for every accepted filing and notes, payment and reversal that has none yet (decision 241,
 * amended), oldest first in each feed, through the same composing functions as the live subscribers. One
 * transaction: the feed counters stay locked until it commits, so the backfilled entries are numbered together
 * and a live acceptance or payment waits, then takes the next number. Idempotent: what a feed already lists
 * (by kind and subject) is skipped. The entries already there are read after the owners' lists, so anything
 * those lists show as accepted or paid after the feeds existed is seen with its entry, committed with it.
 * Answers how many entries it wrote.
 */
export async function backfillFeeds(deps: Pick<Deps, 'db'>): Promise<number> {
  const sources = feedBackfillSources.use();
  return deps.db.transaction().execute(async (trx) => {
    const [filings, notes, payments] = [await sources.filings(trx), await sources.notes(trx), await sources.payments(trx)];
    const filingsFeed: Pending[] = [
      ...filings.map((f) => ({ at: f.acceptedAt, subjectId: f.submissionId, kind: 'filing', write: (t: Executor) => recordFiling(t, f) })),
      ...notes.map((n) => ({ at: n.acceptedAt, subjectId: n.notesId, kind: 'notes', write: (t: Executor) => recordNotes(t, n) })),
    ];
    const paymentsFeed: Pending[] = payments.flatMap(({ reversal, ...p }) => [
      { at: p.paidAt, subjectId: p.paymentId, kind: 'payment', write: (t: Executor) => recordPaymentMade(t, p) },
      ...(reversal
        ? [
            {
              at: reversal.reversedAt,
              subjectId: p.paymentId,
              kind: 'reversal',
              write: (t: Executor) => recordPaymentReversed(t, { ...p, ...reversal }),
            },
          ]
        : []),
    ]);
    let written = 0;
    for (const [feed, pending] of [
      ['filings', filingsFeed],
      ['payments', paymentsFeed],
    ] as const) {
      const listed = new Set((await listFeedSubjects(trx, feed)).map((r) => `${r.kind}:${r.subjectId}`));
      // ISO-8601 UTC times sort as text; the sort is stable, so a payment stays before its reversal at the same time
      for (const entry of [...pending].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))) {
        if (listed.has(`${entry.kind}:${entry.subjectId}`)) continue;
        await entry.write(trx);
        written += 1;
      }
    }
    return written;
  });
}
