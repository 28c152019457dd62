import type { Executor } from '../../lib/deps';

// Reads of the bookings table that the back office's screens make (decision 196): its overview and a company's page.

export const listBookingsOfCompany = (db: Executor, companyId: string, limit: number) =>
  db
    .selectFrom('bookings')
    .select(['id', 'status', 'slotStart', 'documentCount', 'receivedAt', 'receivedCount'])
    .where('companyId', '=', companyId)
    .orderBy('slotStart', 'desc')
    .limit(limit)
    .execute();

/** Bookings still to come in (not received, not cancelled) whose slot starts within [from, to). */
export const countBookingsBetween = (db: Executor, from: string, to: string) =>
  db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'booked')
    .where('slotStart', '>=', from)
    .where('slotStart', '<', to)
    .executeTakeFirstOrThrow();

/** Bookings by id, as the audit log names them. */
export const listBookingReferences = (db: Executor, ids: readonly string[]) =>
  db.selectFrom('bookings').select(['id', 'reference', 'slotStart']).where('id', 'in', ids).execute();

/** Holidays by id, as the audit log names them. */
export const listHolidayNames = (db: Executor, ids: readonly string[]) =>
  db.selectFrom('bookingHolidays').select(['id', 'date', 'nameLo', 'nameEn']).where('id', 'in', ids).execute();

/** Every booking of a company, oldest first (the company's own export). */
export const listAllBookingsOfCompany = (db: Executor, companyId: string) =>
  db
    .selectFrom('bookings')
    .select(['id', 'reference', 'status', 'slotStart'])
    .where('companyId', '=', companyId)
    .orderBy('slotStart')
    .orderBy('id')
    .execute();
