import type { Kysely, Migration } from 'kysely';

/** The rate-limit counters move from each process's memory into the database they all share. */
export const rateLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('resets_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_resets_at').on('rate_limits').column('resets_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute();
  },
};
