import { bookingReference } from '@bansi/shared';
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Readable booking references (`BK-2026-000123`, the gapless `booking` counter of the year the booking was made,
 * Vientiane time) for bookings made before, numbered in the order they were made; and where a holiday comes from
 * (`booking_holidays.source`: the decree for the seeded official holidays, null for a day staff entered).
 */
export const bookingReferencesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('booking_holidays').addColumn('source', 'text').execute();
    await db.schema.alterTable('bookings').addColumn('reference', 'text').execute();
    await db.schema.createIndex('bookings_reference').unique().on('bookings').column('reference').execute();
    // Aliases without underscores: the app's CamelCasePlugin would rename result columns.
    const { rows } = await sql<{ id: string; made: string }>`select id, created_at as made from bookings order by created_at, id`.execute(db);
    const last = new Map<number, number>();
    for (const row of rows) {
      const year = new Date(Date.parse(row.made) + 7 * 3600_000).getUTCFullYear();
      const seq = (last.get(year) ?? 0) + 1;
      last.set(year, seq);
      await sql`update bookings set reference = ${bookingReference(year, seq)} where id = ${row.id}`.execute(db);
    }
    for (const [year, seq] of last) {
      await sql`insert into sequence_counters (scope, year, last_seq) values ('booking', ${year}, ${seq})`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from sequence_counters where scope = 'booking'`.execute(db);
    await db.schema.dropIndex('bookings_reference').execute();
    await db.schema.alterTable('bookings').dropColumn('reference').execute();
    await db.schema.alterTable('booking_holidays').dropColumn('source').execute();
  },
};
