import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One counter table for every gapless number (decision 095): `sequence_counters (scope, year)`. The
 * invoice counters move into it under scope `invoice` (same numbers: the next invoice continues the
 * year's sequence), and `invoice_counters` goes.
 */
export const sequencesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sequence_counters')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('last_seq', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('sequence_counters_pk', ['scope', 'year'])
      .execute();
    await sql`insert into sequence_counters (scope, year, last_seq) select 'invoice', year, last_seq from invoice_counters`.execute(db);
    await db.schema.dropTable('invoice_counters').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('invoice_counters')
      .addColumn('year', 'integer', (c) => c.primaryKey())
      .addColumn('last_seq', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into invoice_counters (year, last_seq) select year, last_seq from sequence_counters where scope = 'invoice'`.execute(db);
    await db.schema.dropTable('sequence_counters').execute();
  },
};
