import type { Kysely, Migration } from 'kysely';

/** The rate-limit counters move from each process's memory into the database they all share. */
export const rateLimitsMigration: Migration = {
  up: (db: Kysely<unknown>) => createRateLimits(db),
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute();
  },
};

/**
 * The counters' table. Also run, `ifNotExists`, by the rate-limit store on the database it counts in:
 * on SQLite a file of its own that no migration runs on (db/index.ts `counters`, decision 114).
 */
export async function createRateLimits(db: Kysely<unknown>, { ifNotExists = false } = {}) {
  let table = db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('resets_at', 'text', (c) => c.notNull());
  let index = db.schema.createIndex('rate_limits_resets_at').on('rate_limits').column('resets_at');
  if (ifNotExists) [table, index] = [table.ifNotExists(), index.ifNotExists()];
  await table.execute();
  await index.execute();
}
