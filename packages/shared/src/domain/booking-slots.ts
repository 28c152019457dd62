/**
 * Booking slots for handing in paper documents (DESIGN §8.3): Monday–Friday in Asia/Vientiane
 * (UTC+7 all year, no daylight saving), within the working hours, of the length staff set, minus
 * the holidays staff enter; bookable from a minimum notice up to a horizon. Pure: the API and the
 * slot picker ask the same questions of the same rules. Times in and out are ISO-8601 UTC; dates
 * (holidays, ranges) are Vientiane calendar dates `YYYY-MM-DD`.
 */

/** Vientiane is UTC+7 all year. */
export const VIENTIANE_OFFSET_MINUTES = 7 * 60;
const OFFSET_MS = VIENTIANE_OFFSET_MINUTES * 60_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface SlotRules {
  /** length of one slot */
  slotMinutes: number;
  /** a slot must start at least this long after now */
  minNoticeHours: number;
  /** the last bookable day is today (Vientiane) + horizonDays */
  horizonDays: number;
}

export interface SlotCalendar {
  /** working hours in Vientiane time, `HH:MM` (from configuration) */
  hours: { from: string; to: string };
  rules: SlotRules;
  /** Vientiane dates `YYYY-MM-DD` on which the service is closed */
  holidays: Iterable<string>;
}

export interface Slot {
  start: string;
  end: string;
}

/** Why a time cannot be booked, in the order the checks run. */
export const SLOT_REFUSALS = ['not_slot_start', 'weekend', 'holiday', 'outside_hours', 'too_soon', 'beyond_horizon'] as const;
export type SlotRefusal = (typeof SLOT_REFUSALS)[number];

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The Vientiane calendar date of an instant. */
export function vientianeDate(instant: Date | string): string {
  const local = new Date(new Date(instant).getTime() + OFFSET_MS);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}

/** `HH:MM` in Vientiane of an instant. */
export function vientianeTime(instant: Date | string): string {
  const local = new Date(new Date(instant).getTime() + OFFSET_MS);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** The UTC instant of a Vientiane wall-clock time on a date. */
export function vientianeInstant(date: string, minutesOfDay: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!) + minutesOfDay * MINUTE - OFFSET_MS);
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return vientianeDate(new Date(vientianeInstant(date, 12 * 60).getTime() + days * DAY));
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export const isWeekend = (date: string) => weekday(date) === 0 || weekday(date) === 6;

/** Slot starts of a working day, in minutes after Vientiane midnight; a slot never runs past closing. */
function startsOfDay(cal: SlotCalendar): number[] {
  const from = toMinutes(cal.hours.from);
  const to = toMinutes(cal.hours.to);
  const out: number[] = [];
  for (let m = from; m + cal.rules.slotMinutes <= to; m += cal.rules.slotMinutes) out.push(m);
  return out;
}

/** The first and last Vientiane dates on which anything may be booked now (before notice and holidays). */
export function bookingWindow(cal: SlotCalendar, now: Date): { from: string; to: string } {
  const today = vientianeDate(now);
  return { from: vientianeDate(new Date(now.getTime() + cal.rules.minNoticeHours * 3600_000)), to: addDays(today, cal.rules.horizonDays) };
}

/**
 * Why `start` cannot be booked now, or null when it can. `not_slot_start` also covers a time that
 * is not a whole minute or not on the slot grid of the day.
 */
export function checkSlot(cal: SlotCalendar, start: Date | string, now: Date): SlotRefusal | null {
  const instant = new Date(start);
  if (Number.isNaN(instant.getTime()) || instant.getTime() % MINUTE !== 0) return 'not_slot_start';
  const date = vientianeDate(instant);
  const minutes = Math.round((instant.getTime() - vientianeInstant(date, 0).getTime()) / MINUTE);
  const from = toMinutes(cal.hours.from);
  const to = toMinutes(cal.hours.to);
  if (isWeekend(date)) return 'weekend';
  if (new Set(cal.holidays).has(date)) return 'holiday';
  if (minutes < from || minutes + cal.rules.slotMinutes > to) return 'outside_hours';
  if ((minutes - from) % cal.rules.slotMinutes !== 0) return 'not_slot_start';
  if (instant.getTime() < now.getTime() + cal.rules.minNoticeHours * 3600_000) return 'too_soon';
  if (date > bookingWindow(cal, now).to) return 'beyond_horizon';
  return null;
}

/** The end of the slot that starts at `start`. */
export const slotEnd = (start: Date | string, slotMinutes: number) => new Date(new Date(start).getTime() + slotMinutes * MINUTE).toISOString();

/**
 * Every bookable slot on the Vientiane dates `from`…`to` (inclusive), in time order. A range
 * outside the booking window simply yields fewer (or no) slots.
 */
export function listSlots(cal: SlotCalendar, range: { from: string; to: string }, now: Date): Slot[] {
  const window = bookingWindow(cal, now);
  const first = range.from > window.from ? range.from : window.from;
  const last = range.to < window.to ? range.to : window.to;
  const holidays = new Set(cal.holidays);
  const starts = startsOfDay(cal);
  const out: Slot[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (isWeekend(date) || holidays.has(date)) continue;
    for (const m of starts) {
      const start = vientianeInstant(date, m);
      if (checkSlot({ ...cal, holidays }, start, now) === null) out.push({ start: start.toISOString(), end: slotEnd(start, cal.rules.slotMinutes) });
    }
  }
  return out;
}

/** A company may cancel or reschedule until `cutoffHours` before the slot starts (staff are not bound). */
export function isBeforeCutoff(slotStart: Date | string, now: Date, cutoffHours: number): boolean {
  return now.getTime() <= new Date(slotStart).getTime() - cutoffHours * 3600_000;
}
