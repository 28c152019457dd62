import ICAL from 'ical.js';
import type { BookingsTable } from './bookings.tables';

export interface CalendarText {
  summary: string;
  description: string;
  location: string;
}

/**
 * The booking as an iCalendar object (RFC 5545, built with ical.js): a stable UID per booking, the
 * slot as DTSTART/DTEND in UTC, SEQUENCE = the booking's sequence (raised on each reschedule and on
 * the cancel), and after a cancel METHOD:CANCEL with STATUS:CANCELLED so calendars remove it.
 */
export function bookingCalendar(
  row: Pick<BookingsTable, 'id' | 'status' | 'slotStart' | 'slotEnd' | 'sequence' | 'updatedAt'>,
  text: CalendarText,
  opts: { host: string; organizer: { name: string; email: string } },
): string {
  const cancelled = row.status === 'cancelled';
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//Bansi//Bookings//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('method', cancelled ? 'CANCEL' : 'PUBLISH');

  const vevent = new ICAL.Component('vevent');
  const event = new ICAL.Event(vevent);
  event.uid = `booking-${row.id}@${opts.host}`;
  event.startDate = ICAL.Time.fromJSDate(new Date(row.slotStart), true);
  event.endDate = ICAL.Time.fromJSDate(new Date(row.slotEnd), true);
  event.sequence = Number(row.sequence);
  event.summary = text.summary;
  event.description = text.description;
  event.location = text.location;
  vevent.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(row.updatedAt), true));
  vevent.updatePropertyWithValue('status', cancelled ? 'CANCELLED' : 'CONFIRMED');
  const organizer = vevent.updatePropertyWithValue('organizer', `mailto:${opts.organizer.email}`);
  organizer.setParameter('cn', opts.organizer.name);
  calendar.addSubcomponent(vevent);
  return calendar.toString();
}
