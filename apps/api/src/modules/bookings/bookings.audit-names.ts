import { vientianeDate } from '@bansi/shared';
import { WebPaths } from '@bansi/shared/paths';
import type { SubjectNamer } from '../audit';
import { listBookingReferences, listHolidayNames } from './bookings.staff-reads.repository';

/** Bookings as the audit log names them: by reference, opening the staff day of the slot. */
export const nameBookings: SubjectNamer = async (db, ids) =>
  new Map(
    (await listBookingReferences(db, ids)).map((r) => [
      r.id,
      { nameLo: r.reference, nameEn: r.reference, link: WebPaths.staff.bookingsOn(vientianeDate(r.slotStart)) },
    ]),
  );

/** Holidays as the audit log names them: date · name. */
export const nameHolidays: SubjectNamer = async (db, ids) =>
  new Map(
    (await listHolidayNames(db, ids)).map((r) => [
      r.id,
      { nameLo: `${r.date} · ${r.nameLo}`, nameEn: `${r.date} · ${r.nameEn}`, link: WebPaths.staff.referenceTab('holidays') },
    ]),
  );
