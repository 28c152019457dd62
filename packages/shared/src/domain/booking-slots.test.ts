import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingWindow,
  checkSlot,
  isBeforeCutoff,
  listSlots,
  vientianeDate,
  vientianeTime,
  type SlotCalendar,
  type SlotRefusal,
} from './booking-slots';

const HOURS = { from: '08:00', to: '16:00' };
const DEFAULTS = { slotMinutes: 30, minNoticeHours: 2, horizonDays: 60 };
/** Lao National Day and International New Year */
const HOLIDAYS = ['2026-12-02', '2027-01-01'];
const cal = (rules: Partial<SlotCalendar['rules']> = {}, holidays: string[] = HOLIDAYS): SlotCalendar => ({
  hours: HOURS,
  rules: { ...DEFAULTS, ...rules },
  holidays,
});

/** Monday 23 November 2026, 08:00 in Vientiane. */
const MONDAY_8 = new Date('2026-11-23T01:00:00Z');

describe('checkSlot: why a time can or cannot be booked', () => {
  const cases: [string, string, Date, Partial<SlotCalendar['rules']>, SlotRefusal | null][] = [
    ['exactly the minimum notice (10:00 local, now 08:00)', '2026-11-23T03:00:00Z', MONDAY_8, {}, null],
    ['half an hour short of the notice', '2026-11-23T02:30:00Z', MONDAY_8, {}, 'too_soon'],
    ['a longer notice of 26 hours pushes Tuesday 09:30 out', '2026-11-24T02:30:00Z', MONDAY_8, { minNoticeHours: 26 }, 'too_soon'],
    ['earlier today, before opening (07:30 local)', '2026-11-23T00:30:00Z', MONDAY_8, {}, 'outside_hours'],
    ['Saturday', '2026-11-28T02:00:00Z', MONDAY_8, {}, 'weekend'],
    ['Sunday', '2026-11-29T02:00:00Z', MONDAY_8, {}, 'weekend'],
    ['a holiday (2 December)', '2026-12-02T02:00:00Z', MONDAY_8, {}, 'holiday'],
    ['before opening (07:30 local)', '2026-11-24T00:30:00Z', MONDAY_8, {}, 'outside_hours'],
    ['the last slot of the day (15:30–16:00 local)', '2026-11-24T08:30:00Z', MONDAY_8, {}, null],
    ['closing time itself (16:00 local)', '2026-11-24T09:00:00Z', MONDAY_8, {}, 'outside_hours'],
    ['a 60-minute slot may not start at 15:30', '2026-11-24T08:30:00Z', MONDAY_8, { slotMinutes: 60 }, 'outside_hours'],
    ['off the 30-minute grid (09:15 local)', '2026-11-24T02:15:00Z', MONDAY_8, {}, 'not_slot_start'],
    ['off the 45-minute grid (09:00 local)', '2026-11-24T02:00:00Z', MONDAY_8, { slotMinutes: 45 }, 'not_slot_start'],
    ['on the 45-minute grid (09:30 = 08:00 + 2 × 45)', '2026-11-24T02:30:00Z', MONDAY_8, { slotMinutes: 45 }, null],
    ['on the 90-minute grid (09:30 = 08:00 + 90)', '2026-11-24T02:30:00Z', MONDAY_8, { slotMinutes: 90 }, null],
    ['seconds are not a slot start', '2026-11-24T02:00:30Z', MONDAY_8, {}, 'not_slot_start'],
    ['not a time at all', 'tomorrow', MONDAY_8, {}, 'not_slot_start'],
    ['the last day of the horizon (Friday 22 January 2027, 15:30)', '2027-01-22T08:30:00Z', MONDAY_8, {}, null],
    ['the first working day past the horizon', '2027-01-25T01:00:00Z', MONDAY_8, {}, 'beyond_horizon'],
    ['a 10-day horizon ends on Thursday 3 December', '2026-12-04T01:00:00Z', MONDAY_8, { horizonDays: 10 }, 'beyond_horizon'],
    ['New Year 2027 is a holiday, booked in 2026', '2027-01-01T02:00:00Z', new Date('2026-12-30T02:00:00Z'), {}, 'holiday'],
    ['across the end of the year: Monday 4 January 2027 08:00 from 31 December', '2027-01-04T01:00:00Z', new Date('2026-12-31T03:00:00Z'), {}, null],
    [
      'Vientiane is already in 2027 while UTC is still in 2026: 31 Dec slot is past',
      '2026-12-31T08:30:00Z',
      new Date('2026-12-31T18:00:00Z'),
      {},
      'too_soon',
    ],
  ];
  it.each(cases)('%s', (_name, start, now, rules, expected) => {
    expect(checkSlot(cal(rules), start, now)).toBe(expected);
  });
});

describe('listSlots: the bookable slots of a range', () => {
  it('Monday after 08:00 with 2 hours notice: 12 slots from 10:00 to 15:30 local, each 30 minutes', () => {
    const slots = listSlots(cal(), { from: '2026-11-23', to: '2026-11-23' }, MONDAY_8);
    expect(slots).toHaveLength(12);
    expect(slots[0]).toEqual({ start: '2026-11-23T03:00:00.000Z', end: '2026-11-23T03:30:00.000Z' });
    expect(slots.at(-1)).toEqual({ start: '2026-11-23T08:30:00.000Z', end: '2026-11-23T09:00:00.000Z' });
  });

  it.each([
    [15, 32, '08:00', '15:45'],
    [30, 16, '08:00', '15:30'],
    [45, 10, '08:00', '14:45'],
    [60, 8, '08:00', '15:00'],
    [90, 5, '08:00', '14:00'],
    [480, 1, '08:00', '08:00'],
    [500, 0, null, null],
  ] as const)('slot length %i minutes: %i slots a day, first %s, last %s (Vientiane)', (slotMinutes, count, first, last) => {
    const slots = listSlots(cal({ slotMinutes }), { from: '2026-11-24', to: '2026-11-24' }, MONDAY_8);
    expect(slots).toHaveLength(count);
    if (first) expect(vientianeTime(slots[0]!.start)).toBe(first);
    if (last) expect(vientianeTime(slots.at(-1)!.start)).toBe(last);
    for (const s of slots) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(slotMinutes * 60_000);
  });

  it.each([
    ['a weekend', '2026-11-28', '2026-11-29', 0],
    ['a holiday', '2026-12-02', '2026-12-02', 0],
    ['a whole working week with a holiday (30 Nov–4 Dec)', '2026-11-30', '2026-12-06', 4 * 16],
    ['a range entirely past the horizon', '2027-02-01', '2027-02-05', 0],
    ['a range that ends before it starts', '2026-11-26', '2026-11-25', 0],
    ['a range in the past', '2026-11-01', '2026-11-20', 0],
  ])('%s gives %#', (_name, from, to, count) => {
    expect(listSlots(cal(), { from, to }, MONDAY_8)).toHaveLength(count as number);
  });

  it('working hours from configuration: 09:00–12:00 gives 6 slots', () => {
    const slots = listSlots({ ...cal(), hours: { from: '09:00', to: '12:00' } }, { from: '2026-11-24', to: '2026-11-24' }, MONDAY_8);
    expect(slots.map((s) => vientianeTime(s.start))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
  });

  it('the whole horizon: 45 working days minus 2 holidays, 16 a day, less the 4 inside the notice today', () => {
    const slots = listSlots(cal(), { from: '2026-11-01', to: '2027-12-31' }, MONDAY_8);
    expect(slots).toHaveLength(43 * 16 - 4);
    expect(vientianeDate(slots.at(-1)!.start)).toBe('2027-01-22');
    // every listed slot is bookable, and they are in time order without duplicates
    for (const s of slots) expect(checkSlot(cal(), s.start, MONDAY_8)).toBeNull();
    expect(new Set(slots.map((s) => s.start)).size).toBe(slots.length);
    expect([...slots].sort((a, b) => a.start.localeCompare(b.start))).toEqual(slots);
  });

  it('across the end of the year: 31 Dec, then (New Year off, weekend) 4 and 5 January', () => {
    const now = new Date('2026-12-30T02:00:00Z');
    const slots = listSlots(cal(), { from: '2026-12-31', to: '2027-01-05' }, now);
    expect([...new Set(slots.map((s) => vientianeDate(s.start)))]).toEqual(['2026-12-31', '2027-01-04', '2027-01-05']);
    expect(slots).toHaveLength(48);
    expect(slots[16]!.start).toBe('2027-01-04T01:00:00.000Z');
  });

  it('in Vientiane it is already 1 January 2027 while UTC is 31 December: the horizon counts from the Lao date', () => {
    const now = new Date('2026-12-31T18:00:00Z');
    expect(vientianeDate(now)).toBe('2027-01-01');
    expect(bookingWindow(cal(), now)).toEqual({ from: '2027-01-01', to: '2027-03-02' });
    const slots = listSlots(cal(), { from: '2026-12-31', to: '2027-01-04' }, now);
    expect(slots[0]!.start).toBe('2027-01-04T01:00:00.000Z');
  });
});

describe('dates and the cut-off', () => {
  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-11-23', 60, '2027-01-22'],
  ])('%s + %i days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    // slot start, now, cut-off hours, may the company still change it?
    ['2026-11-25T02:00:00Z', '2026-11-24T02:00:00Z', 24, true],
    ['2026-11-25T02:00:00Z', '2026-11-24T02:00:01Z', 24, false],
    ['2026-11-25T02:00:00Z', '2026-11-25T01:59:00Z', 0, true],
    ['2026-11-25T02:00:00Z', '2026-11-25T02:01:00Z', 0, false],
  ] as const)('slot %s at %s with a %i h cut-off: %s', (slot, now, hours, expected) => {
    expect(isBeforeCutoff(slot, new Date(now), hours)).toBe(expected);
  });
});
