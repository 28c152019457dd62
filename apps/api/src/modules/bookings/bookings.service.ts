// The bookings module's actions, one file each (as submissions): reads in bookings.queries.ts, each
// change a command in commands/ with its own transaction, the rules in force in bookings.slots.ts and
// the e-mails with their calendar file in bookings.mail.ts. This file only gathers them for the routes.
export { cancelBooking, staffCancelBooking } from './commands/cancel-booking';
export { createBooking } from './commands/create-booking';
export { createHoliday } from './commands/create-holiday';
export { deleteHoliday } from './commands/delete-holiday';
export { receiveBooking } from './commands/receive-booking';
export { rescheduleBooking, staffRescheduleBooking } from './commands/reschedule-booking';
export { updateSettings } from './commands/update-settings';
export { calendarFile, calendarText, slotLabel } from './bookings.mail';
export {
  getBooking,
  getCalendarFile,
  getHolidays,
  getSettings,
  getSlots,
  getStaffBooking,
  listBookings,
  readableBooking,
  staffListBookings,
} from './bookings.queries';
export { settingsOf } from './bookings.slots';
