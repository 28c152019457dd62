import { slotEnd, type Language } from '@bansi/shared';
import { isUniqueViolation } from '../../../db/index';
import type { Actor } from '../../../lib/actor';
import type { Deps } from '../../../lib/deps';
import { AppError, conflict, invalid } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit } from '../../audit';
import { mailBooking } from '../bookings.mail';
import { assertActive, assertBeforeCutoff } from '../bookings.policy';
import { getBooking, getStaffBooking, readableBooking } from '../bookings.queries';
import { findActiveOfCompanyAt, releasePlace, takePlace, updateBookingIf } from '../bookings.repository';
import { bookableStart, calendarOf } from '../bookings.slots';

async function reschedule(deps: Deps, actor: Actor, principal: Principal, id: string, slotStart: string, lang: Language) {
  const row = await readableBooking(deps, principal, id);
  const now = new Date();
  const { cal, settings } = await calendarOf(deps);
  assertActive(row);
  assertBeforeCutoff(principal, row, settings.cutoffHours, now);
  const start = bookableStart(deps, cal, slotStart, lang, now);
  if (start === row.slotStart) throw invalid([{ path: 'body.slotStart', code: 'slot_same', message: deps.t(lang, 'bookings.refusal.same') }]);
  if (await findActiveOfCompanyAt(deps.db, row.companyId, start)) throw conflict('BOOKING_DUPLICATE');
  const patch = { slotStart: start, slotEnd: slotEnd(start, settings.slotMinutes), sequence: Number(row.sequence) + 1, updatedAt: now.toISOString() };
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await takePlace(trx, start, settings.capacity))) throw conflict('SLOT_FULL');
      if (!(await updateBookingIf(trx, id, row, patch))) throw new AppError(409, 'STALE');
      await releasePlace(trx, row.slotStart);
      await recordAudit(
        trx,
        actor,
        'booking.reschedule',
        { kind: 'booking', id },
        { companyId: row.companyId, details: { from: row.slotStart, to: start } },
      );
      await mailBooking(deps, trx, { ...row, ...patch }, 'bookingRescheduled');
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('BOOKING_DUPLICATE');
    throw err;
  }
}

/** Move to another bookable slot: the company until the cut-off, staff any time before receipt. */
export async function rescheduleBooking(deps: Deps, actor: Actor, principal: Principal, id: string, slotStart: string, lang: Language) {
  await reschedule(deps, actor, principal, id, slotStart, lang);
  return getBooking(deps, principal, id);
}
export async function staffRescheduleBooking(deps: Deps, actor: Actor, principal: Principal, id: string, slotStart: string, lang: Language) {
  await reschedule(deps, actor, principal, id, slotStart, lang);
  return getStaffBooking(deps, principal, id);
}
