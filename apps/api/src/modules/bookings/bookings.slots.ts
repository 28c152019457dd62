import {
  BOOKING_DEFAULTS,
  addDays,
  checkSlot,
  vientianeInstant,
  type BookingSettings,
  type Language,
  type SlotCalendar,
  type SlotRefusal,
} from '@bansi/shared';
import type { Deps, Executor } from '../../lib/deps';
import { invalid } from '../../lib/errors';
import { findSettings, listHolidays } from './bookings.repository';

// The booking rules in force (settings, opening hours, holidays) and what the commands and reads share about slots.

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
export const vientianeDays = (first: string, last = first) => ({
  from: vientianeInstant(first, 0).toISOString(),
  to: vientianeInstant(addDays(last, 1), 0).toISOString(),
});

export async function calendarOf(deps: Deps, db: Executor = deps.db): Promise<{ cal: SlotCalendar; settings: BookingSettings }> {
  const settings = await settingsOf(db);
  const holidays = (await listHolidays(db)).map((h) => h.date);
  return {
    settings,
    cal: { hours: { from: deps.config.PROVIDER_HOURS_FROM, to: deps.config.PROVIDER_HOURS_TO }, rules: settings, holidays },
  };
}

/** A slot start that may be booked now, normalised to ISO UTC; else a 400 naming why, in the caller's language. */
export function bookableStart(deps: Deps, cal: SlotCalendar, slotStart: string, lang: Language, now: Date): string {
  const refusal = checkSlot(cal, slotStart, now);
  if (refusal) throw slotRefused(deps, refusal, lang);
  return new Date(slotStart).toISOString();
}

export const slotRefused = (deps: Deps, refusal: SlotRefusal, lang: Language) =>
  invalid([{ path: 'body.slotStart', code: `slot_${refusal}`, message: deps.t(lang, `bookings.refusal.${refusal}`) }]);

export const ctxOf = (deps: Deps, settings: BookingSettings, now = new Date()) => ({
  publicUrl: deps.config.PUBLIC_URL,
  cutoffHours: settings.cutoffHours,
  now,
});
