import type { Kysely, Migration } from 'kysely';

export const notesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('book_year', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('sections', 'text', (c) => c.notNull())
      .addColumn('prior_filled_from', 'integer')
      .addColumn('pdf_file_id', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text')
      .addColumn('first_submitted_at', 'text')
      .addColumn('accepted_at', 'text')
      .addUniqueConstraint('notes_company_year', ['company_id', 'book_year'])
      .execute();
    await db.schema.createIndex('notes_queue').on('notes').columns(['status', 'submitted_at', 'id']).execute();
    await db.schema.createIndex('notes_company_history').on('notes').columns(['company_id', 'updated_at', 'id']).execute();

    await db.schema
      .createTable('notes_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('notes_id', 'text', (c) => c.notNull().references('notes.id'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('ord', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('actor_id', 'text')
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text')
      .addColumn('comment', 'text')
      .addColumn('section', 'text')
      .addColumn('part_of_return', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('details', 'text')
      .execute();
    await db.schema.createIndex('notes_events_timeline').on('notes_events').columns(['notes_id', 'at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notes_events').execute();
    await db.schema.dropTable('notes').execute();
  },
};
