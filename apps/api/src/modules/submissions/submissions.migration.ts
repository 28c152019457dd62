import type { Kysely, Migration } from 'kysely';

export const submissionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('submissions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('book_year', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('department_id', 'text')
      .addColumn('average_labour', 'double precision')
      .addColumn('total_assets', 'bigint')
      .addColumn('annual_income', 'bigint')
      .addColumn('special_category_id', 'text')
      .addColumn('signatories', 'text')
      .addColumn('declared_size_id', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text')
      .addColumn('first_submitted_at', 'text')
      .addColumn('accepted_at', 'text')
      .addUniqueConstraint('submissions_company_year', ['company_id', 'book_year'])
      .execute();
    await db.schema.createIndex('submissions_queue').on('submissions').columns(['status', 'submitted_at']).execute();

    await db.schema
      .createTable('submission_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('submission_id', 'text', (c) => c.notNull().references('submissions.id'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('ord', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('actor_id', 'text')
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text')
      .addColumn('comment', 'text')
      .addColumn('file_id', 'text')
      .addColumn('slot', 'text')
      .addColumn('file_name', 'text')
      .addColumn('part_of_return', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('details', 'text')
      .execute();
    await db.schema.createIndex('submission_events_timeline').on('submission_events').columns(['submission_id', 'at']).execute();

    await db.schema
      .createTable('submission_receipts')
      .addColumn('submission_id', 'text', (c) => c.primaryKey().references('submissions.id'))
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
      .addColumn('book_year', 'integer', (c) => c.notNull())
      .addColumn('company_name_lo', 'text', (c) => c.notNull())
      .addColumn('company_name_en', 'text', (c) => c.notNull())
      .addColumn('accepted_at', 'text', (c) => c.notNull())
      .addColumn('accepted_by_name', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('submission_receipts').execute();
    await db.schema.dropTable('submission_events').execute();
    await db.schema.dropTable('submissions').execute();
  },
};
