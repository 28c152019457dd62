import { isStaffRole, vientianeDate } from '@bansi/shared';
import { registerQrKind } from '../qr';
import { presentStaffBooking } from './bookings.presenter';
import { findBooking } from './bookings.repository';
import { companyOfBooking } from './bookings.people';
import { settingsOf } from './bookings.slots';

/**
 * The booking's QR kind (decision 088). A cancelled booking is no longer genuine (404). A visitor
 * learns only that the code is a valid booking for that Vientiane day; staff get the booking itself
 * (company, slot, what is sent, status) so they can mark it received from the scan page.
 */
registerQrKind('booking', {
  async describe(db, row, viewer) {
    const booking = await findBooking(db, row.subjectId);
    if (!booking || booking.companyId !== row.companyId || booking.status === 'cancelled') return undefined;
    const view = { kind: 'booking' as const, genuine: true as const, date: vientianeDate(booking.slotStart), reference: booking.reference };
    if (!viewer || !isStaffRole(viewer.role)) return view;
    const ctx = { cutoffHours: (await settingsOf(db)).cutoffHours, now: new Date() };
    return { ...view, booking: presentStaffBooking(booking, await companyOfBooking(db, booking.companyId), ctx) };
  },
});
