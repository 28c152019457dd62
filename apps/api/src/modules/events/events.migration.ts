import type { Kysely, Migration } from 'kysely';

export const domainEventsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('domain_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('subject_kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('company_id', 'text')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('domain_events_subject').on('domain_events').columns(['subject_kind', 'subject_id', 'occurred_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('domain_events').execute();
  },
};
