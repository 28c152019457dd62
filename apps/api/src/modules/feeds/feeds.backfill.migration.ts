import { sql, type Kysely, type Migration } from 'kysely';
import { newId, nowIso } from '../../lib/crypto';

/**
 * Queues the feeds' one-time backfill (decision 241, amended): the filings, notes and payments accepted or made
 * before the feeds existed. A migration runs once per database, under the migrator's lock, whatever the number
 * of processes; the unique key makes a second queueing a no-op all the same. Plain SQL, as the jobs migration
 * does: this row must fit the jobs table as it is at this point of the migrations, whatever later code expects.
 */
export const feedsBackfillMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const now = nowIso();
    await sql`insert into jobs (id, kind, payload, status, attempts, max_attempts, run_at, unique_key, created_at, updated_at)
      values (${newId()}, 'feeds.backfill', '{}', 'pending', 0, 5, ${now}, 'feeds.backfill', ${now}, ${now})`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from jobs where unique_key = 'feeds.backfill'`.execute(db);
  },
};
