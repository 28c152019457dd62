import { WebPaths } from '@bansi/shared/paths';
import { formatDateTime, vientianeTime, type Language } from '@bansi/shared';
import type { Deps, Executor } from '../../lib/deps';
import { enqueueMail } from '../mail';
import { bookingCalendar } from './bookings.calendar';
import { companyOfBooking } from './bookings.people';
import { findUserById } from '../auth';
import type { BookingsTable } from './bookings.tables';

// --- the calendar file and the e-mails --------------------------------------------------------------

type BookingMail = 'bookingConfirmed' | 'bookingRescheduled' | 'bookingCancelled' | 'bookingCancelledHoliday';
export type HolidayNames = { date: string; nameLo: string; nameEn: string };

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

/** The e-mail to the user who booked, in their language, with the booking's .ics attached. */
export async function mailBooking(deps: Deps, trx: Executor, row: BookingsTable, template: BookingMail, holiday?: HolidayNames) {
  const user = await findUserById(trx, row.createdBy);
  if (!user) return;
  const lang = user.language;
  const company = await companyOfBooking(trx, row.companyId);
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
      link: new URL(WebPaths.dashboard.bookingOne(row.id), deps.config.PUBLIC_URL).toString(),
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
