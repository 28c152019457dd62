import { isBeforeCutoff, isStaffRole } from '@bansi/shared';
import { AppError, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import type { BookingsTable } from './bookings.tables';

/** Staff see every booking; a company user only their own company's. Anything else is "not found". */
export function assertCanRead(principal: Principal, row: BookingsTable | undefined): asserts row is BookingsTable {
  if (!row) throw notFound();
  if (isStaffRole(principal.role)) return;
  if (principal.companyId === null || principal.companyId !== row.companyId) throw notFound();
}

/** Only a booked (not yet received, not cancelled) booking changes. */
export function assertActive(row: BookingsTable) {
  if (row.status !== 'booked') throw new AppError(409, 'INVALID_TRANSITION');
}

/** A company cancels or reschedules only until the cut-off before its slot; staff are not bound by it. */
export function assertBeforeCutoff(principal: Principal, row: BookingsTable, cutoffHours: number, now: Date) {
  if (isStaffRole(principal.role)) return;
  if (!isBeforeCutoff(row.slotStart, now, cutoffHours)) throw new AppError(409, 'BOOKING_CUTOFF');
}
