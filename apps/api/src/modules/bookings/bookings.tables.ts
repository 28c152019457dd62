import type { BookingMethod, BookingStatus } from '@bansi/shared';

/** The slot settings staff edit: one row (`id = 'default'`); absent → BOOKING_DEFAULTS. */
export interface BookingSettingsTable {
  id: string;
  slotMinutes: number;
  capacity: number;
  minNoticeHours: number;
  horizonDays: number;
  cutoffHours: number;
  updatedAt: string;
  updatedBy: string | null;
}

/** Days the service is closed (Vientiane dates, unique). */
export interface BookingHolidaysTable {
  id: string;
  date: string;
  nameLo: string;
  nameEn: string;
  /** where an official holiday comes from (the decree); null for a day staff entered */
  source: string | null;
  createdAt: string;
  createdBy: string | null;
}

/**
 * One row per slot start that was ever booked: `booked` counts its active bookings. A booking takes
 * a place with `update … set booked = booked + 1 where start = ? and booked < capacity` — one
 * statement, so two requests can never both take the last place (decision 085).
 */
export interface BookingSlotsTable {
  start: string;
  booked: number;
}

export interface BookingsTable {
  id: string;
  companyId: string;
  /** URL-safe, 128 random bits: what the QR code carries */
  code: string;
  /** what a person reads aloud: BK-2026-000123 (unique, gapless per year) */
  reference: string;
  status: BookingStatus;
  slotStart: string;
  slotEnd: string;
  method: BookingMethod;
  documentCount: number;
  contactName: string;
  contactPhone: string;
  submissionId: string | null;
  /** the .ics SEQUENCE */
  sequence: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  cancelledBy: string | null;
  receivedAt: string | null;
  receivedBy: string | null;
  /** the receiver's name as it was then */
  receivedByName: string | null;
  receivedCount: number | null;
  receivedNote: string | null;
}

/** The columns of a new booking: neither cancelled nor received yet. */
export const NOT_YET_SETTLED = {
  cancelledAt: null,
  cancelledBy: null,
  receivedAt: null,
  receivedBy: null,
  receivedByName: null,
  receivedCount: null,
  receivedNote: null,
} satisfies Partial<BookingsTable>;

export interface BookingTables {
  bookingSettings: BookingSettingsTable;
  bookingHolidays: BookingHolidaysTable;
  bookingSlots: BookingSlotsTable;
  bookings: BookingsTable;
}
