/** The public face of the bookings module: other modules import only what is exported here (decision 197). */
export { default as bookingsRoutes } from './bookings.routes';
export { bookingFilings } from './bookings.people';
export { countBookingsBetween, listAllBookingsOfCompany, listBookingsOfCompany } from './bookings.staff-reads.repository';
export { renderCoverSheet } from './bookings.cover-sheet';
export { nameBookings, nameHolidays } from './bookings.audit-names';
