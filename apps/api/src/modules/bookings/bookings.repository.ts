import type { BookingStatus } from '@bansi/shared';
import { sql } from 'kysely';
import type { Executor } from '../../lib/deps';
import type { BookingHolidaysTable, BookingSettingsTable, BookingsTable } from './bookings.tables';
import { afterKeyset } from '../../db/keyset';
import { onPostgres } from '../../db/dialect';

// --- settings and holidays ------------------------------------------------------------------------

export const findSettings = (db: Executor) => db.selectFrom('bookingSettings').selectAll().where('id', '=', 'default').executeTakeFirst();

export async function saveSettings(db: Executor, row: BookingSettingsTable) {
  const { id: _id, ...rest } = row;
  await db
    .insertInto('bookingSettings')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(rest))
    .execute();
}

export function listHolidays(db: Executor, range: { from?: string; to?: string } = {}) {
  let q = db.selectFrom('bookingHolidays').selectAll();
  if (range.from) q = q.where('date', '>=', range.from);
  if (range.to) q = q.where('date', '<=', range.to);
  return q.orderBy('date').execute();
}

export const findHolidayByDate = (db: Executor, date: string) =>
  db.selectFrom('bookingHolidays').selectAll().where('date', '=', date).executeTakeFirst();

/**
 * Makes the caller's transaction the only one until it ends that books on, or closes, this Vientiane date:
 * a booking checks the day is still open, and a holiday finds the day's bookings, only while holding it
 * (decision 115). PostgreSQL: a transaction-scoped advisory lock on the date; under READ COMMITTED each statement
 * after it sees what the other transaction committed. SQLite: nothing to do — the process's one connection runs one
 * transaction at a time (Kysely's SQLite driver holds it until commit), and in WAL mode a transaction that read before
 * another connection committed cannot then write (SQLITE_BUSY_SNAPSHOT): it fails rather than slips in.
 */
export async function lockBookingDay(db: Executor, date: string) {
  if (onPostgres(db)) await sql`select pg_advisory_xact_lock(hashtextextended(${bookingDayLock(date)}, 0))`.execute(db);
}

/** The name the date's advisory lock is hashed from (the tests find waiting requests by it). */
export const bookingDayLock = (date: string) => `booking-day:${date}`;

export async function insertHoliday(db: Executor, row: BookingHolidaysTable) {
  await db.insertInto('bookingHolidays').values(row).execute();
}

export const findHoliday = (db: Executor, id: string) => db.selectFrom('bookingHolidays').selectAll().where('id', '=', id).executeTakeFirst();

export async function deleteHoliday(db: Executor, id: string) {
  await db.deleteFrom('bookingHolidays').where('id', '=', id).execute();
}

/** The bookings not yet received or cancelled whose slot starts in [from, to). */
export const listBookedBetween = (db: Executor, from: string, to: string) =>
  db
    .selectFrom('bookings')
    .selectAll()
    .where('status', '=', 'booked')
    .where('slotStart', '>=', from)
    .where('slotStart', '<', to)
    .orderBy('slotStart')
    .execute();

// --- slot places ------------------------------------------------------------------------------------

/** Booked counts of the slots starting in [from, to). */
export async function bookedCounts(db: Executor, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('bookingSlots').select(['start', 'booked']).where('start', '>=', from).where('start', '<', to).execute();
  return new Map(rows.map((r) => [r.start, Number(r.booked)]));
}

/**
 * Takes one place in the slot if it has one left: the row is created if missing, then ONE
 * conditional update (`booked < capacity`) decides. PostgreSQL re-checks the condition on the
 * row's newest version after waiting for a concurrent writer's lock; SQLite runs one writer at a
 * time. Either way two requests cannot both take the last place.
 */
export async function takePlace(db: Executor, start: string, capacity: number): Promise<boolean> {
  await db
    .insertInto('bookingSlots')
    .values({ start, booked: 0 })
    .onConflict((oc) => oc.column('start').doNothing())
    .execute();
  const result = await db
    .updateTable('bookingSlots')
    .set({ booked: sql<number>`booked + 1` })
    .where('start', '=', start)
    .where('booked', '<', capacity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releasePlace(db: Executor, start: string) {
  await db
    .updateTable('bookingSlots')
    .set({ booked: sql<number>`booked - 1` })
    .where('start', '=', start)
    .where('booked', '>', 0)
    .execute();
}

// --- bookings ---------------------------------------------------------------------------------------

export const findBooking = (db: Executor, id: string) => db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();

export const findBookingByCode = (db: Executor, companyId: string, code: string) =>
  db.selectFrom('bookings').selectAll().where('companyId', '=', companyId).where('code', '=', code).executeTakeFirst();

export const findActiveOfCompanyAt = (db: Executor, companyId: string, slotStart: string) =>
  db
    .selectFrom('bookings')
    .select('id')
    .where('companyId', '=', companyId)
    .where('slotStart', '=', slotStart)
    .where('status', '<>', 'cancelled')
    .executeTakeFirst();

export async function insertBooking(db: Executor, row: BookingsTable) {
  await db.insertInto('bookings').values(row).execute();
}

/** Changes a booking only if it still has the status (and slot) read: false when someone was quicker. */
export async function updateBookingIf(db: Executor, id: string, expect: { status: BookingStatus; slotStart: string }, patch: Partial<BookingsTable>) {
  const result = await db
    .updateTable('bookings')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', expect.status)
    .where('slotStart', '=', expect.slotStart)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface BookingCursor {
  key: string;
  id: string;
}

/** A company's bookings of one status, keyset-paged: `order` on `key` (slot start, received or cancelled time). */
export function listCompanyBookings(
  db: Executor,
  companyId: string,
  q: { status: BookingStatus; key: 'slotStart' | 'receivedAt' | 'cancelledAt'; order: 'asc' | 'desc'; after: BookingCursor | null; limit: number },
) {
  let query = db.selectFrom('bookings').selectAll().where('companyId', '=', companyId).where('status', '=', q.status);
  if (q.after) query = query.where(afterKeyset([q.key, 'id'], q.order, [q.after.key, q.after.id]));
  return query.orderBy(q.key, q.order).orderBy('id', q.order).limit(q.limit).execute();
}

/** Bookings of a time range (a Vientiane day), for staff; keyset by slot start. */
export function listBookingsBetween(
  db: Executor,
  q: { from: string; to: string; received: 'all' | 'received' | 'not_received'; after: BookingCursor | null; limit: number },
) {
  let query = db.selectFrom('bookings').selectAll('bookings').where('bookings.slotStart', '>=', q.from).where('bookings.slotStart', '<', q.to);
  if (q.received === 'received') query = query.where('bookings.status', '=', 'received');
  else if (q.received === 'not_received') query = query.where('bookings.status', '=', 'booked');
  else query = query.where('bookings.status', '<>', 'cancelled');
  if (q.after) query = query.where(afterKeyset(['bookings.slotStart', 'bookings.id'], 'asc', [q.after.key, q.after.id]));
  return query.orderBy('bookings.slotStart').orderBy('bookings.id').limit(q.limit).execute();
}
