import { sql, type Kysely, type Migration } from 'kysely';

// Indexes that match the staff queue's and the all-document history's WHERE and ORDER BY
// (issue 17, decisions 101 and 102).

export const listIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // The review queue by default: only the waiting states, oldest submission first. Partial, so it
    // holds the few hundred waiting rows, not every submission of every year (the query repeats the
    // predicate literally: submissions.repository listQueue).
    await sql`create index submissions_awaiting on submissions (submitted_at, id) where status in ('submitted', 'resubmitted', 'in_review')`.execute(
      db,
    );
    // The queue's other views (all, or one status filtered along it). It replaces (status, submitted_at),
    // which SQLite's planner preferred for the waiting view (three seeks and a sort of every waiting row).
    await sql`create index submissions_submitted on submissions (submitted_at, id) where status <> 'draft'`.execute(db);
    await db.schema.dropIndex('submissions_queue').execute();
    // All-document history sources: a company's rows newest first.
    await db.schema.createIndex('submissions_company_updated').on('submissions').columns(['company_id', 'updated_at', 'id']).execute();
    await db.schema.dropIndex('files_company_created').execute();
    await db.schema.createIndex('files_company_history').on('files').columns(['company_id', 'created_at', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('files_company_history').execute();
    await db.schema.createIndex('files_company_created').on('files').columns(['company_id', 'created_at']).execute();
    await db.schema.dropIndex('submissions_company_updated').execute();
    await db.schema.createIndex('submissions_queue').on('submissions').columns(['status', 'submitted_at']).execute();
    await db.schema.dropIndex('submissions_submitted').execute();
    await db.schema.dropIndex('submissions_awaiting').execute();
  },
};
