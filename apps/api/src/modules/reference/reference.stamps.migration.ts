import { sql, type Kysely, type Migration } from 'kysely';
import { onPostgres } from '../../db/dialect';

/** The tables whose rows the per-process reference cache holds (docs/decisions/105). */
const STAMPED = ['reference_items', 'sme_threshold_cells'] as const;

/**
 * A version stamp for reference data: one row (`name = 'reference'`) whose version every insert,
 * update or delete of reference items or SME threshold cells raises, by trigger — so no write path
 * (staff edits, seeds, imports, a hand-made SQL fix) can forget it.
 */
export const referenceStampsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reference_stamps')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into reference_stamps (name, version) values ('reference', 1)`.execute(db);
    if (onPostgres(db)) {
      await sql`create function reference_stamp_bump() returns trigger language plpgsql as $$
        begin update reference_stamps set version = version + 1 where name = 'reference'; return null; end $$`.execute(db);
      for (const table of STAMPED) {
        await sql`create trigger ${sql.raw(`${table}_stamp`)} after insert or update or delete on ${sql.table(table)}
          for each statement execute function reference_stamp_bump()`.execute(db);
      }
    } else {
      for (const table of STAMPED) {
        for (const event of ['insert', 'update', 'delete']) {
          await sql`create trigger ${sql.raw(`${table}_stamp_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
            begin update reference_stamps set version = version + 1 where name = 'reference'; end`.execute(db);
        }
      }
    }
  },
  async down(db: Kysely<unknown>) {
    if (onPostgres(db)) {
      for (const table of STAMPED) await sql`drop trigger if exists ${sql.raw(`${table}_stamp`)} on ${sql.table(table)}`.execute(db);
      await sql`drop function if exists reference_stamp_bump()`.execute(db);
    } else {
      for (const table of STAMPED) {
        for (const event of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.raw(`${table}_stamp_${event}`)}`.execute(db);
      }
    }
    await db.schema.dropTable('reference_stamps').execute();
  },
};
