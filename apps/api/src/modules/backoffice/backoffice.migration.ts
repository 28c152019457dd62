import type { Kysely, Migration } from 'kysely';

export const backofficeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reminder_deliveries')
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('book_year', 'integer', (c) => c.notNull())
      .addColumn('days_before', 'integer', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('reminder_deliveries_pk', ['company_id', 'book_year', 'days_before'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reminder_deliveries').execute();
  },
};
