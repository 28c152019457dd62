import { sql } from 'kysely';
import type { Executor } from '../lib/deps';

/**
 * Gapless numbers per scope and year (decision 081, generalised by decision 095): invoice numbers
 * (`invoice`), filing references (`filing`), booking references (`booking`) and the places of the pull feeds'
 * entries (`feed_filings`, `feed_payments`, year 0: commit order, decision 241). One counter row per (scope, year) is created or bumped
 * with one `INSERT … ON CONFLICT DO UPDATE … RETURNING` inside the caller's transaction: PostgreSQL holds
 * the row lock until commit (a concurrent caller waits, then gets the next number), SQLite has one
 * writer, and a rolled-back caller takes its number back with it — no gaps, no repeats.
 */
export type SequenceScope = 'invoice' | 'filing' | 'booking' | 'feed_filings' | 'feed_payments';

export async function nextSequence(trx: Executor, scope: SequenceScope, year: number): Promise<number> {
  const row = await trx
    .insertInto('sequenceCounters')
    .values({ scope, year, lastSeq: 1 })
    .onConflict((oc) => oc.columns(['scope', 'year']).doUpdateSet({ lastSeq: sql<number>`sequence_counters.last_seq + 1` }))
    .returning('lastSeq')
    .executeTakeFirstOrThrow();
  return Number(row.lastSeq);
}

/** Sets a counter (a migration's backfill): the next number after `lastSeq`. */
export async function setSequence(trx: Executor, scope: SequenceScope, year: number, lastSeq: number) {
  await trx
    .insertInto('sequenceCounters')
    .values({ scope, year, lastSeq })
    .onConflict((oc) => oc.columns(['scope', 'year']).doUpdateSet({ lastSeq }))
    .execute();
}
