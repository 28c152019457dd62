import type { Actor } from '../../../lib/actor';
import type { Deps, Executor } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit } from '../../audit';
import { mailBooking, type HolidayNames } from '../bookings.mail';
import { assertActive, assertBeforeCutoff } from '../bookings.policy';
import { getBooking, getStaffBooking, readableBooking } from '../bookings.queries';
import { releasePlace, updateBookingIf } from '../bookings.repository';
import { settingsOf } from '../bookings.slots';
import type { BookingsTable } from '../bookings.tables';

async function cancel(deps: Deps, actor: Actor, principal: Principal, id: string) {
  const row = await readableBooking(deps, principal, id);
  const settings = await settingsOf(deps.db);
  const now = new Date();
  assertActive(row);
  assertBeforeCutoff(principal, row, settings.cutoffHours, now);
  await deps.db.transaction().execute((trx) => cancelIn(deps, trx, actor, row, now));
}

/**
 * Cancels a booking in the caller's transaction: its place freed, an audit entry, and its company told
 * by e-mail with a cancelled calendar event (and, when a holiday closed its day, which one).
 */
export async function cancelIn(deps: Deps, trx: Executor, actor: Actor, row: BookingsTable, now: Date, holiday?: HolidayNames) {
  const patch = {
    status: 'cancelled' as const,
    cancelledAt: now.toISOString(),
    cancelledBy: actor.userId,
    updatedAt: now.toISOString(),
    sequence: Number(row.sequence) + 1,
  };
  if (!(await updateBookingIf(trx, row.id, row, patch))) throw new AppError(409, 'STALE');
  await releasePlace(trx, row.slotStart);
  await recordAudit(
    trx,
    actor,
    'booking.cancel',
    { kind: 'booking', id: row.id },
    { companyId: row.companyId, details: { slotStart: row.slotStart, ...(holiday ? { holiday: holiday.date } : {}) } },
  );
  await mailBooking(deps, trx, { ...row, ...patch }, holiday ? 'bookingCancelledHoliday' : 'bookingCancelled', holiday);
}

/** Cancel: the company until the cut-off, staff any time before the documents are received. */
export async function cancelBooking(deps: Deps, actor: Actor, principal: Principal, id: string) {
  await cancel(deps, actor, principal, id);
  return getBooking(deps, principal, id);
}
export async function staffCancelBooking(deps: Deps, actor: Actor, principal: Principal, id: string) {
  await cancel(deps, actor, principal, id);
  return getStaffBooking(deps, principal, id);
}
