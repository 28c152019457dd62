import {
  BOOKING_DEFAULTS,
  addDays,
  bookingReference,
  bookingWindow,
  checkSlot,
  formatDateTime,
  listSlots,
  slotEnd,
  vientianeDate,
  vientianeInstant,
  vientianeTime,
  type BookingList,
  type BookingSettings,
  type BookingSettingsView,
  type CreateBookingRequest,
  type CreateHolidayRequest,
  type Language,
  type ReceiveBookingRequest,
  type SlotCalendar,
  type SlotList,
  type SlotRefusal,
} from '@bansi/shared';
import { isUniqueViolation } from '../../db/index';
import type { Actor } from '../../lib/actor';
import { newId, nowIso } from '../../lib/crypto';
import { KEY_ID, decodeCursor, pageOf } from '../../lib/cursor';
import type { Deps, Executor } from '../../lib/deps';
import { nextSequence } from '../../db/sequences';
import { AppError, conflict, duplicate, invalid, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { recordAudit } from '../audit';
import { enqueueMail } from '../mail';
import { notifyCompany } from '../content';
import { listMailableUsers } from '../auth';
import { issueQrCode, newQrSecret } from '../qr';
import { bookingCalendar } from './bookings.calendar';
import { assertActive, assertBeforeCutoff, assertCanRead } from './bookings.policy';
import { presentBooking, presentStaffBooking } from './bookings.presenter';
import {
  bookedCounts,
  deleteHoliday as removeHoliday,
  findActiveOfCompanyAt,
  findBooking,
  findCompanyNames,
  findHoliday,
  findHolidayByDate,
  findSettings,
  findSubmissionOwner,
  findUser,
  insertBooking,
  insertHoliday,
  listBookedBetween,
  listBookingsBetween,
  listCompanyBookings,
  listHolidays,
  lockBookingDay,
  releasePlace,
  saveSettings,
  takePlace,
  updateBookingIf,
} from './bookings.repository';
import { NOT_YET_SETTLED, type BookingsTable } from './bookings.tables';

// --- settings, holidays, the calendar of slots -------------------------------------------------------

export async function settingsOf(db: Executor): Promise<BookingSettings> {
  const row = await findSettings(db);
  if (!row) return { ...BOOKING_DEFAULTS };
  return {
    slotMinutes: Number(row.slotMinutes),
    capacity: Number(row.capacity),
    minNoticeHours: Number(row.minNoticeHours),
    horizonDays: Number(row.horizonDays),
    cutoffHours: Number(row.cutoffHours),
  };
}

/** The UTC instants [from, to) of the Vientiane dates `first`…`last`: what a slot's start is compared with. */
const vientianeDays = (first: string, last = first) => ({
  from: vientianeInstant(first, 0).toISOString(),
  to: vientianeInstant(addDays(last, 1), 0).toISOString(),
});

async function calendarOf(deps: Deps, db: Executor = deps.db): Promise<{ cal: SlotCalendar; settings: BookingSettings }> {
  const settings = await settingsOf(db);
  const holidays = (await listHolidays(db)).map((h) => h.date);
  return {
    settings,
    cal: { hours: { from: deps.config.PROVIDER_HOURS_FROM, to: deps.config.PROVIDER_HOURS_TO }, rules: settings, holidays },
  };
}

export async function getSettings(deps: Deps): Promise<BookingSettingsView> {
  const row = await findSettings(deps.db);
  return {
    ...(await settingsOf(deps.db)),
    hoursFrom: deps.config.PROVIDER_HOURS_FROM,
    hoursTo: deps.config.PROVIDER_HOURS_TO,
    updatedAt: row?.updatedAt ?? null,
  };
}

export async function updateSettings(deps: Deps, actor: Actor, body: BookingSettings): Promise<BookingSettingsView> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await settingsOf(trx);
    await saveSettings(trx, { id: 'default', ...body, updatedAt: nowIso(), updatedBy: actor.userId });
    await recordAudit(
      trx,
      actor,
      'booking.settings_update',
      { kind: 'booking_settings', id: 'default' },
      { companyId: null, details: { before, after: body } },
    );
  });
  return getSettings(deps);
}

const presentHoliday = (h: { id: string; date: string; nameLo: string; nameEn: string; source: string | null }) => ({
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

/**
 * Closes a day. A closed day keeps no bookings (decision 115): when some are booked on it, nothing
 * changes unless staff confirm (`cancelBookings`) — then each is cancelled with the holiday, its place
 * freed, and its company told by e-mail why, with a cancelled calendar event.
 */
export async function createHoliday(deps: Deps, actor: Actor, body: CreateHolidayRequest, lang: Language) {
  const { cancelBookings, ...fields } = body;
  if (await findHolidayByDate(deps.db, fields.date))
    throw duplicate([{ path: 'body.date', code: 'holiday_taken', message: deps.t(lang, 'bookings.refusal.holiday_taken') }]);
  const row = { id: newId(), ...fields, source: null, createdAt: nowIso(), createdBy: actor.userId };
  const now = new Date();
  const cancelledBookings = await deps.db.transaction().execute(async (trx) => {
    await lockBookingDay(trx, fields.date);
    const day = vientianeDays(fields.date);
    const booked = await listBookedBetween(trx, day.from, day.to);
    if (booked.length > 0 && !cancelBookings) throw new AppError(409, 'HOLIDAY_HAS_BOOKINGS', undefined, { bookings: booked.length });
    await insertHoliday(trx, row);
    await recordAudit(
      trx,
      actor,
      'booking.holiday_create',
      { kind: 'booking_holiday', id: row.id },
      { companyId: null, details: { ...fields, cancelledBookings: booked.length } },
    );
    for (const booking of booked) await cancelIn(deps, trx, actor, booking, now, fields);
    return booked.length;
  });
  return { ...presentHoliday(row), cancelledBookings };
}

export async function deleteHoliday(deps: Deps, actor: Actor, id: string) {
  const row = await findHoliday(deps.db, id);
  if (!row) throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    await removeHoliday(trx, id);
    await recordAudit(trx, actor, 'booking.holiday_delete', { kind: 'booking_holiday', id }, { companyId: null, details: { date: row.date } });
  });
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

/** A slot start that may be booked now, normalised to ISO UTC; else a 400 naming why, in the caller's language. */
function bookableStart(deps: Deps, cal: SlotCalendar, slotStart: string, lang: Language, now: Date): string {
  const refusal = checkSlot(cal, slotStart, now);
  if (refusal) throw slotRefused(deps, refusal, lang);
  return new Date(slotStart).toISOString();
}

const slotRefused = (deps: Deps, refusal: SlotRefusal, lang: Language) =>
  invalid([{ path: 'body.slotStart', code: `slot_${refusal}`, message: deps.t(lang, `bookings.refusal.${refusal}`) }]);

// --- bookings ---------------------------------------------------------------------------------------

const ctxOf = (deps: Deps, settings: BookingSettings, now = new Date()) => ({
  publicUrl: deps.config.PUBLIC_URL,
  cutoffHours: settings.cutoffHours,
  now,
});

async function readable(deps: Deps, principal: Principal, id: string) {
  const row = await findBooking(deps.db, id);
  assertCanRead(principal, row);
  return row;
}

export async function getBooking(deps: Deps, principal: Principal, id: string) {
  const row = await readable(deps, principal, id);
  return presentBooking(row, ctxOf(deps, await settingsOf(deps.db)));
}

export async function getStaffBooking(deps: Deps, principal: Principal, id: string) {
  const row = await readable(deps, principal, id);
  return presentStaffBooking(row, await findCompanyNames(deps.db, row.companyId), ctxOf(deps, await settingsOf(deps.db)));
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
  return {
    items: page.map((r) => presentStaffBooking(r, { id: r.companyId, nameLo: r.companyNameLo, nameEn: r.companyNameEn, tin: r.companyTin }, ctx)),
    nextCursor,
  };
}

export async function createBooking(deps: Deps, actor: Actor, principal: Principal, body: CreateBookingRequest, lang: Language) {
  const companyId = principal.companyId;
  if (!companyId) throw new AppError(403, 'FORBIDDEN');
  const now = new Date();
  const { cal, settings } = await calendarOf(deps);
  const start = bookableStart(deps, cal, body.slotStart, lang, now);
  if (body.submissionId) {
    const submission = await findSubmissionOwner(deps.db, body.submissionId);
    if (submission?.companyId !== companyId)
      throw invalid([{ path: 'body.submissionId', code: 'unknown_choice', message: deps.t(lang, 'errors.field.unknown_choice') }]);
  }
  if (await findActiveOfCompanyAt(deps.db, companyId, start)) throw conflict('BOOKING_DUPLICATE');

  const at = now.toISOString();
  const row: BookingsTable = {
    id: newId(),
    companyId,
    // 128 random bits, base64url: the QR code's secret part (decision 085)
    code: newQrSecret(),
    // given in the transaction below, from the year's gapless counter
    reference: '',
    status: 'booked',
    slotStart: start,
    slotEnd: slotEnd(start, settings.slotMinutes),
    method: body.method,
    documentCount: body.documentCount,
    contactName: body.contactName,
    contactPhone: body.contactPhone,
    submissionId: body.submissionId ?? null,
    sequence: 0,
    createdBy: principal.userId,
    createdAt: at,
    updatedAt: at,
    ...NOT_YET_SETTLED,
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      // The day may have closed since the calendar above was read: look again while no holiday can be added to it.
      const day = vientianeDate(start);
      await lockBookingDay(trx, day);
      if (await findHolidayByDate(trx, day)) throw slotRefused(deps, 'holiday', lang);
      if (!(await takePlace(trx, start, settings.capacity))) throw conflict('SLOT_FULL');
      const year = Number(vientianeDate(now).slice(0, 4));
      row.reference = bookingReference(year, await nextSequence(trx, 'booking', year));
      await insertBooking(trx, row);
      await issueQrCode(trx, { kind: 'booking', companyId, subjectId: row.id, code: row.code, publicUrl: deps.config.PUBLIC_URL });
      await recordAudit(
        trx,
        actor,
        'booking.create',
        { kind: 'booking', id: row.id },
        { companyId, details: { slotStart: start, method: row.method } },
      );
      await mailBooking(deps, trx, row, 'bookingConfirmed');
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('BOOKING_DUPLICATE');
    throw err;
  }
  return presentBooking(row, ctxOf(deps, settings, now));
}

async function cancel(deps: Deps, actor: Actor, principal: Principal, id: string) {
  const row = await readable(deps, principal, id);
  const settings = await settingsOf(deps.db);
  const now = new Date();
  assertActive(row);
  assertBeforeCutoff(principal, row, settings.cutoffHours, now);
  await deps.db.transaction().execute((trx) => cancelIn(deps, trx, actor, row, now));
}

/**
 * Cancels a booking in the caller's transaction: its place freed, an audit entry, and its company told
 * by e-mail with a cancelled calendar event (and, when a holiday closed its day, which one).
 */
async function cancelIn(deps: Deps, trx: Executor, actor: Actor, row: BookingsTable, now: Date, holiday?: HolidayNames) {
  const patch = {
    status: 'cancelled' as const,
    cancelledAt: now.toISOString(),
    cancelledBy: actor.userId,
    updatedAt: now.toISOString(),
    sequence: Number(row.sequence) + 1,
  };
  if (!(await updateBookingIf(trx, row.id, row, patch))) throw new AppError(409, 'STALE');
  await releasePlace(trx, row.slotStart);
  await recordAudit(
    trx,
    actor,
    'booking.cancel',
    { kind: 'booking', id: row.id },
    { companyId: row.companyId, details: { slotStart: row.slotStart, ...(holiday ? { holiday: holiday.date } : {}) } },
  );
  await mailBooking(deps, trx, { ...row, ...patch }, holiday ? 'bookingCancelledHoliday' : 'bookingCancelled', holiday);
}

async function reschedule(deps: Deps, actor: Actor, principal: Principal, id: string, slotStart: string, lang: Language) {
  const row = await readable(deps, principal, id);
  const now = new Date();
  const { cal, settings } = await calendarOf(deps);
  assertActive(row);
  assertBeforeCutoff(principal, row, settings.cutoffHours, now);
  const start = bookableStart(deps, cal, slotStart, lang, now);
  if (start === row.slotStart) throw invalid([{ path: 'body.slotStart', code: 'slot_same', message: deps.t(lang, 'bookings.refusal.same') }]);
  if (await findActiveOfCompanyAt(deps.db, row.companyId, start)) throw conflict('BOOKING_DUPLICATE');
  const patch = { slotStart: start, slotEnd: slotEnd(start, settings.slotMinutes), sequence: Number(row.sequence) + 1, updatedAt: now.toISOString() };
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await takePlace(trx, start, settings.capacity))) throw conflict('SLOT_FULL');
      if (!(await updateBookingIf(trx, id, row, patch))) throw new AppError(409, 'STALE');
      await releasePlace(trx, row.slotStart);
      await recordAudit(
        trx,
        actor,
        'booking.reschedule',
        { kind: 'booking', id },
        { companyId: row.companyId, details: { from: row.slotStart, to: start } },
      );
      await mailBooking(deps, trx, { ...row, ...patch }, 'bookingRescheduled');
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('BOOKING_DUPLICATE');
    throw err;
  }
}

/** Staff mark the paper documents received (from the QR page or the day's list). */
export async function receiveBooking(deps: Deps, actor: Actor, principal: Principal, id: string, body: ReceiveBookingRequest) {
  const row = await readable(deps, principal, id);
  assertActive(row);
  const now = nowIso();
  const receiver = await findUser(deps.db, principal.userId);
  const patch = {
    status: 'received' as const,
    receivedAt: now,
    receivedBy: principal.userId,
    receivedByName: receiver?.name ?? '',
    receivedCount: body.receivedCount,
    receivedNote: body.note ? body.note : null,
    updatedAt: now,
  };
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updateBookingIf(trx, id, row, patch))) throw new AppError(409, 'STALE');
    await recordAudit(
      trx,
      actor,
      'booking.receive',
      { kind: 'booking', id },
      { companyId: row.companyId, details: { receivedCount: body.receivedCount } },
    );
    if (body.receivedCount < Number(row.documentCount) || patch.receivedNote) await tellShortfall(deps, trx, { ...row, ...patch });
  });
  return getStaffBooking(deps, principal, id);
}

/**
 * Fewer documents than booked, or a note from the counter ("11 of 12, audit report missing"): every user of
 * the company gets a mail in their language, and the company a notification in the portal, in the caller's
 * transaction.
 */
async function tellShortfall(deps: Deps, trx: Executor, row: BookingsTable) {
  const company = await findCompanyNames(trx, row.companyId);
  const path = `/dashboard/finish-booking-document?booking=${row.id}`;
  const vars = (lang: Language) => ({
    company: lang === 'en' ? company.nameEn : company.nameLo,
    reference: row.reference,
    received: Number(row.receivedCount),
    booked: Number(row.documentCount),
    receivedAt: formatDateTime(row.receivedAt!, lang),
    note: row.receivedNote ? deps.t(lang, 'bookings.shortfall.note', { note: row.receivedNote }) : '',
  });
  for (const user of await listMailableUsers(trx, row.companyId)) {
    await enqueueMail(deps, trx, {
      to: user.email,
      lang: user.language,
      template: 'bookingShortfall',
      vars: { ...vars(user.language), link: new URL(path, deps.config.PUBLIC_URL).toString() },
    });
  }
  const text = (lang: Language, part: 'title' | 'body') => deps.t(lang, `bookings.shortfall.${part}`, vars(lang)).trim();
  await notifyCompany(trx, row.companyId, {
    titleLo: text('lo', 'title'),
    titleEn: text('en', 'title'),
    bodyLo: text('lo', 'body'),
    bodyEn: text('en', 'body'),
    link: path,
  });
}

/** Cancel: the company until the cut-off, staff any time before the documents are received. */
export async function cancelBooking(deps: Deps, actor: Actor, principal: Principal, id: string) {
  await cancel(deps, actor, principal, id);
  return getBooking(deps, principal, id);
}
export async function staffCancelBooking(deps: Deps, actor: Actor, principal: Principal, id: string) {
  await cancel(deps, actor, principal, id);
  return getStaffBooking(deps, principal, id);
}

/** Move to another bookable slot: the company until the cut-off, staff any time before receipt. */
export async function rescheduleBooking(deps: Deps, actor: Actor, principal: Principal, id: string, slotStart: string, lang: Language) {
  await reschedule(deps, actor, principal, id, slotStart, lang);
  return getBooking(deps, principal, id);
}
export async function staffRescheduleBooking(deps: Deps, actor: Actor, principal: Principal, id: string, slotStart: string, lang: Language) {
  await reschedule(deps, actor, principal, id, slotStart, lang);
  return getStaffBooking(deps, principal, id);
}

// --- the calendar file and the e-mails --------------------------------------------------------------

type BookingMail = 'bookingConfirmed' | 'bookingRescheduled' | 'bookingCancelled' | 'bookingCancelledHoliday';
type HolidayNames = { date: string; nameLo: string; nameEn: string };

/** "24 Nov 2026, 09:00–09:30" in Vientiane time, in the language. */
export const slotLabel = (row: Pick<BookingsTable, 'slotStart' | 'slotEnd'>, lang: Language) =>
  `${formatDateTime(row.slotStart, lang)}–${vientianeTime(row.slotEnd)}`;

export function calendarText(deps: Deps, row: BookingsTable, lang: Language) {
  const provider = lang === 'en' ? deps.config.PROVIDER_NAME_EN : deps.config.PROVIDER_NAME_LO;
  const vars = { provider, reference: row.reference, documents: Number(row.documentCount), method: deps.t(lang, `bookings.method.${row.method}`) };
  return {
    summary: deps.t(lang, 'bookings.ics.summary', vars),
    description: deps.t(lang, 'bookings.ics.description', vars),
    location: provider,
  };
}

export function calendarFile(deps: Deps, row: BookingsTable, lang: Language): string {
  const host = new URL(deps.config.PUBLIC_URL).hostname;
  const name = lang === 'en' ? deps.config.PROVIDER_NAME_EN : deps.config.PROVIDER_NAME_LO;
  return bookingCalendar(row, calendarText(deps, row, lang), { host, organizer: { name, email: deps.config.PROVIDER_EMAIL } });
}

export async function getCalendarFile(deps: Deps, principal: Principal, id: string, lang: Language) {
  const row = await readable(deps, principal, id);
  return { ics: calendarFile(deps, row, lang), fileName: `booking-${row.reference}.ics` };
}

/** The e-mail to the user who booked, in their language, with the booking's .ics attached. */
async function mailBooking(deps: Deps, trx: Executor, row: BookingsTable, template: BookingMail, holiday?: HolidayNames) {
  const user = await findUser(trx, row.createdBy);
  if (!user) return;
  const lang = user.language;
  const company = await findCompanyNames(trx, row.companyId);
  await enqueueMail(deps, trx, {
    to: user.email,
    lang,
    template,
    vars: {
      company: lang === 'en' ? company.nameEn : company.nameLo,
      slot: slotLabel(row, lang),
      reference: row.reference,
      documents: Number(row.documentCount),
      method: deps.t(lang, `bookings.method.${row.method}`),
      link: new URL(`/dashboard/sending-booking-document?booking=${row.id}`, deps.config.PUBLIC_URL).toString(),
      ...(holiday ? { holiday: lang === 'en' ? holiday.nameEn : holiday.nameLo } : {}),
    },
    attachments: [
      {
        filename: 'booking.ics',
        contentType: `text/calendar; charset=utf-8; method=${row.status === 'cancelled' ? 'CANCEL' : 'PUBLISH'}`,
        content: Buffer.from(calendarFile(deps, row, lang)),
      },
    ],
  });
}

export { readable as readableBooking };
