import { bookingWindow, listSlots, vientianeDate, type BookingList, type BookingSettingsView, type Language, type SlotList } from '@bansi/shared';
import { KEY_ID, decodeCursor, pageOf } from '../../lib/cursor';
import type { Deps } from '../../lib/deps';
import { listCompanyNames } from '../companies';
import type { Principal } from '../../plugins/access';
import { calendarFile } from './bookings.mail';
import { assertCanRead } from './bookings.policy';
import { presentBooking, presentStaffBooking } from './bookings.presenter';
import { bookedCounts, findBooking, findSettings, listBookingsBetween, listCompanyBookings, listHolidays } from './bookings.repository';
import { companyOfBooking } from './bookings.people';
import { calendarOf, ctxOf, settingsOf, vientianeDays } from './bookings.slots';
import type { BookingsTable } from './bookings.tables';

// The bookings module's reads; each change is a command in commands/.

export async function getSettings(deps: Deps): Promise<BookingSettingsView> {
  const row = await findSettings(deps.db);
  return {
    ...(await settingsOf(deps.db)),
    hoursFrom: deps.config.PROVIDER_HOURS_FROM,
    hoursTo: deps.config.PROVIDER_HOURS_TO,
    updatedAt: row?.updatedAt ?? null,
  };
}

export const presentHoliday = (h: { id: string; date: string; nameLo: string; nameEn: string; source: string | null }) => ({
  id: h.id,
  date: h.date,
  nameLo: h.nameLo,
  nameEn: h.nameEn,
  source: h.source,
});

export async function getHolidays(deps: Deps, year?: number) {
  const rows = await listHolidays(deps.db, year ? { from: `${year}-01-01`, to: `${year}-12-31` } : {});
  return { items: rows.map(presentHoliday) };
}

/** Bookable slots of the Vientiane dates `from`…`to`, with the places left in each (full ones too). */
export async function getSlots(deps: Deps, q: { from: string; to: string }, now = new Date()): Promise<SlotList> {
  const { cal, settings } = await calendarOf(deps);
  const slots = listSlots(cal, q, now);
  const days = vientianeDays(q.from, q.to);
  const counts = await bookedCounts(deps.db, days.from, days.to);
  return {
    items: slots.map((s) => {
      const booked = counts.get(s.start) ?? 0;
      return { ...s, capacity: settings.capacity, remaining: Math.max(0, settings.capacity - booked) };
    }),
    window: bookingWindow(cal, now),
  };
}

export async function readableBooking(deps: Deps, principal: Principal, id: string) {
  const row = await findBooking(deps.db, id);
  assertCanRead(principal, row);
  return row;
}

export async function getBooking(deps: Deps, principal: Principal, id: string) {
  const row = await readableBooking(deps, principal, id);
  return presentBooking(row, ctxOf(deps, await settingsOf(deps.db)));
}

export async function getStaffBooking(deps: Deps, principal: Principal, id: string) {
  const row = await readableBooking(deps, principal, id);
  return presentStaffBooking(row, await companyOfBooking(deps.db, row.companyId), ctxOf(deps, await settingsOf(deps.db)));
}

const LIST: Record<BookingList, { status: BookingsTable['status']; key: 'slotStart' | 'receivedAt' | 'cancelledAt'; order: 'asc' | 'desc' }> = {
  upcoming: { status: 'booked', key: 'slotStart', order: 'asc' },
  finished: { status: 'received', key: 'receivedAt', order: 'desc' },
  cancelled: { status: 'cancelled', key: 'cancelledAt', order: 'desc' },
};

export async function listBookings(deps: Deps, companyId: string, q: { status: BookingList; cursor?: string; limit: number }, lang: Language) {
  const list = LIST[q.status];
  const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
  const rows = await listCompanyBookings(deps.db, companyId, { ...list, after: after ? { key: after[0], id: after[1] } : null, limit: q.limit + 1 });
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r[list.key] ?? '', r.id]);
  const ctx = ctxOf(deps, await settingsOf(deps.db));
  return { items: page.map((r) => presentBooking(r, ctx)), nextCursor };
}

export async function staffListBookings(
  deps: Deps,
  q: { date?: string; received: 'all' | 'received' | 'not_received'; cursor?: string; limit: number },
  lang: Language,
) {
  const date = q.date ?? vientianeDate(new Date());
  const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
  const rows = await listBookingsBetween(deps.db, {
    ...vientianeDays(date),
    received: q.received,
    after: after ? { key: after[0], id: after[1] } : null,
    limit: q.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.slotStart, r.id]);
  const ctx = ctxOf(deps, await settingsOf(deps.db));
  // the companies of the page in a second read (decision 210)
  const companies = await listCompanyNames(
    deps.db,
    page.map((r) => r.companyId),
  );
  const companyOf = new Map(companies.map((c) => [c.id, c]));
  return {
    items: page.map((r) => presentStaffBooking(r, companyOf.get(r.companyId)!, ctx)),
    nextCursor,
  };
}

export async function getCalendarFile(deps: Deps, principal: Principal, id: string, lang: Language) {
  const row = await readableBooking(deps, principal, id);
  return { ics: calendarFile(deps, row, lang), fileName: `booking-${row.reference}.ics` };
}
