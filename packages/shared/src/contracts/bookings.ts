import { z } from 'zod';
import { Page, PageQuery } from './common';
import { Phone } from './companies';

/**
 * Booking the hand-in of paper documents (DESIGN §4, §8.3, issue 14): a company books a working-day
 * slot in Vientiane, staff receive the documents by scanning the booking's QR code.
 */

export const BOOKING_METHODS = ['in_person', 'courier'] as const;
export const BookingMethod = z.enum(BOOKING_METHODS);
export type BookingMethod = z.infer<typeof BookingMethod>;

export const BOOKING_STATUSES = ['booked', 'received', 'cancelled'] as const;
export const BookingStatus = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof BookingStatus>;

/** The company's lists: upcoming = booked (not yet received), finished = received. */
export const BOOKING_LISTS = ['upcoming', 'finished', 'cancelled'] as const;
export const BookingList = z.enum(BOOKING_LISTS);
export type BookingList = z.infer<typeof BookingList>;

/** A Vientiane calendar date. */
export const CalendarDate = z.iso.date();

// --- settings and holidays (staff) ----------------------------------------------------------------

export const BOOKING_DEFAULTS = { slotMinutes: 30, capacity: 3, minNoticeHours: 2, horizonDays: 60, cutoffHours: 24 } as const;

export const BookingSettings = z.object({
  slotMinutes: z.number().int().min(10).max(240).meta({ description: 'length of one slot in minutes' }),
  capacity: z.number().int().min(1).max(100).meta({ description: 'bookings one slot takes' }),
  minNoticeHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 14),
  horizonDays: z.number().int().min(1).max(366),
  cutoffHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 14)
    .meta({ description: 'a company may cancel or reschedule until this long before its slot' }),
});
export type BookingSettings = z.infer<typeof BookingSettings>;

/** The settings with the working hours (from configuration, read-only here). */
export const BookingSettingsView = BookingSettings.extend({
  hoursFrom: z.string().meta({ description: 'opening time in Vientiane, HH:MM' }),
  hoursTo: z.string(),
  updatedAt: z.string().nullable(),
});
export type BookingSettingsView = z.infer<typeof BookingSettingsView>;

const name = z.string().trim().min(1).max(120);

export const CreateHolidayRequest = z.object({
  date: CalendarDate,
  nameLo: name,
  nameEn: name,
  cancelBookings: z.boolean().optional().meta({
    description: 'cancel the bookings of that day (each company is told by e-mail); without it, a day with bookings is a 409 HOLIDAY_HAS_BOOKINGS',
  }),
});
export type CreateHolidayRequest = z.infer<typeof CreateHolidayRequest>;
export const Holiday = z.object({
  id: z.uuid(),
  date: z.string(),
  nameLo: z.string(),
  nameEn: z.string(),
  source: z.string().nullable().meta({ description: 'where an official holiday comes from (the decree); null for a day staff entered' }),
});
export type Holiday = z.infer<typeof Holiday>;
/** A holiday just added, with how many bookings of its day were cancelled with it. */
export const CreatedHoliday = Holiday.extend({ cancelledBookings: z.number().int().min(0) });
export type CreatedHoliday = z.infer<typeof CreatedHoliday>;
export const HolidayList = z.object({ items: z.array(Holiday) });
export type HolidayList = z.infer<typeof HolidayList>;
export const HolidayQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

// --- slots ------------------------------------------------------------------------------------------

/** Both dates are Vientiane dates, inclusive; at most 62 days. */
export const SlotsQuery = z
  .object({ from: CalendarDate, to: CalendarDate })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'to_before_from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000, { path: ['to'], message: 'range_too_long' });

export const SlotItem = z.object({ start: z.string(), end: z.string(), capacity: z.number().int(), remaining: z.number().int() });
export type SlotItem = z.infer<typeof SlotItem>;
export const SlotList = z.object({
  items: z.array(SlotItem),
  /** the Vientiane dates bookable now (for the date picker's bounds) */
  window: z.object({ from: z.string(), to: z.string() }),
});
export type SlotList = z.infer<typeof SlotList>;

// --- bookings ---------------------------------------------------------------------------------------

export const CreateBookingRequest = z.object({
  slotStart: z.iso.datetime({ offset: true }),
  method: BookingMethod,
  documentCount: z.number().int().min(1).max(1000),
  contactName: name,
  contactPhone: Phone,
  submissionId: z.uuid().optional(),
});
export type CreateBookingRequest = z.infer<typeof CreateBookingRequest>;

export const RescheduleBookingRequest = z.object({ slotStart: z.iso.datetime({ offset: true }) });
export const ReceiveBookingRequest = z.object({
  receivedCount: z.number().int().min(0).max(1000),
  note: z.string().trim().max(2000).optional(),
});
export type ReceiveBookingRequest = z.infer<typeof ReceiveBookingRequest>;

export const Booking = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  code: z.string().meta({ description: 'URL-safe, 128 random bits; the QR code carries it (never read aloud)' }),
  reference: z.string().meta({ description: 'what a person quotes at the counter: BK-<year made>-<gapless sequence>, e.g. BK-2026-000123' }),
  status: BookingStatus,
  slotStart: z.string(),
  slotEnd: z.string(),
  method: BookingMethod,
  documentCount: z.number().int(),
  contactName: z.string(),
  contactPhone: z.string(),
  submissionId: z.string().nullable(),
  /** the .ics SEQUENCE: 0, +1 on every reschedule and on the cancel */
  sequence: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  cancelledAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  receivedByName: z.string().nullable(),
  receivedCount: z.number().int().nullable(),
  receivedNote: z.string().nullable(),
  /** the page the QR code opens */
  qrUrl: z.string(),
  /** until when the company may cancel or reschedule (null once it no longer may) */
  changeableUntil: z.string().nullable(),
});
export type Booking = z.infer<typeof Booking>;
export const BookingPage = Page(Booking);

export const BookingListQuery = PageQuery.extend({ status: BookingList.default('upcoming') });

export const StaffBooking = Booking.extend({
  company: z.object({ id: z.uuid(), nameLo: z.string(), nameEn: z.string(), tin: z.string() }),
});
export type StaffBooking = z.infer<typeof StaffBooking>;
export const StaffBookingPage = Page(StaffBooking);

export const StaffBookingsQuery = PageQuery.extend({
  /** a Vientiane date; today when absent */
  date: CalendarDate.optional(),
  received: z.enum(['all', 'received', 'not_received']).default('all'),
});

/**
 * A scanned booking code (GET /qr/:comId/:code, kind booking): a visitor learns only that it is a
 * valid booking for that Vientiane day; staff also get the booking, to mark it received.
 */
export const BookingVerification = z.object({
  kind: z.literal('booking'),
  genuine: z.literal(true),
  date: z.string(),
  /** the readable reference (BK-2026-000123), what the company quotes at the counter */
  reference: z.string(),
  booking: StaffBooking.optional(),
});
export type BookingVerification = z.infer<typeof BookingVerification>;
