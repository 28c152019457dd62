import type { Kysely, Migration } from 'kysely';

// The size a reviewer sets on a filing where the SME thresholds cannot decide it (issue 33, decision 152).
export const filingSizeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('submissions').addColumn('reviewer_size', 'text').execute();
    await db.schema.alterTable('submissions').addColumn('reviewer_size_reason', 'text').execute();
    await db.schema.alterTable('submissions').addColumn('reviewer_size_by', 'text').execute();
    await db.schema.alterTable('submissions').addColumn('reviewer_size_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const c of ['reviewer_size_at', 'reviewer_size_by', 'reviewer_size_reason', 'reviewer_size'])
      await db.schema.alterTable('submissions').dropColumn(c).execute();
  },
};
