import { filingReference } from '@bansi/shared';
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The filing reference (decision 095): `submissions.reference` (unique, null until the first submit).
 * Every submission already submitted gets one now, numbered per book year in the order of its first
 * submission, and the `filing` counter of each year continues after the last one given. Company
 * notifications gain an optional `link` to the dashboard screen they concern (decision 096).
 */
export const submissionReferenceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('submissions').addColumn('reference', 'text').execute();
    await db.schema.createIndex('submissions_reference').unique().on('submissions').column('reference').execute();
    await db.schema.alterTable('content_notifications').addColumn('link', 'text').execute();

    // Aliases without underscores: the app's CamelCasePlugin would rename result columns.
    const { rows } = await sql<{ id: string; year: number | string }>`
      select id, book_year as year from submissions where first_submitted_at is not null order by book_year, first_submitted_at, id`.execute(db);
    const last = new Map<number, number>();
    for (const row of rows) {
      const year = Number(row.year);
      const seq = (last.get(year) ?? 0) + 1;
      last.set(year, seq);
      await sql`update submissions set reference = ${filingReference(year, seq)} where id = ${row.id}`.execute(db);
    }
    for (const [year, seq] of last) {
      await sql`insert into sequence_counters (scope, year, last_seq) values ('filing', ${year}, ${seq})`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from sequence_counters where scope = 'filing'`.execute(db);
    await db.schema.alterTable('content_notifications').dropColumn('link').execute();
    await db.schema.dropIndex('submissions_reference').execute();
    await db.schema.alterTable('submissions').dropColumn('reference').execute();
  },
};
