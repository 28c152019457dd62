import type { CreateHolidayRequest, Language } from '@bansi/shared';
import type { Actor } from '../../../lib/actor';
import { newId, nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { AppError, duplicate } from '../../../lib/errors';
import { recordAudit } from '../../audit';
import { presentHoliday } from '../bookings.queries';
import { findHolidayByDate, insertHoliday, listBookedBetween, lockBookingDay } from '../bookings.repository';
import { vientianeDays } from '../bookings.slots';
import { cancelIn } from './cancel-booking';

/**
 * Closes a day. A closed day keeps no bookings (decision 115): when some are booked on it, nothing
 * changes unless staff confirm (`cancelBookings`) — then each is cancelled with the holiday, its place
 * freed, and its company told by e-mail why, with a cancelled calendar event.
 */
export async function createHoliday(deps: Deps, actor: Actor, body: CreateHolidayRequest, lang: Language) {
  const { cancelBookings, ...fields } = body;
  if (await findHolidayByDate(deps.db, fields.date))
    throw duplicate([{ path: 'body.date', code: 'holiday_taken', message: deps.t(lang, 'bookings.refusal.holiday_taken') }]);
  const row = { id: newId(), ...fields, source: null, createdAt: nowIso(), createdBy: actor.userId };
  const now = new Date();
  const cancelledBookings = await deps.db.transaction().execute(async (trx) => {
    await lockBookingDay(trx, fields.date);
    const day = vientianeDays(fields.date);
    const booked = await listBookedBetween(trx, day.from, day.to);
    if (booked.length > 0 && !cancelBookings) throw new AppError(409, 'HOLIDAY_HAS_BOOKINGS', undefined, { bookings: booked.length });
    await insertHoliday(trx, row);
    await recordAudit(
      trx,
      actor,
      'booking.holiday_create',
      { kind: 'booking_holiday', id: row.id },
      { companyId: null, details: { ...fields, cancelledBookings: booked.length } },
    );
    for (const booking of booked) await cancelIn(deps, trx, actor, booking, now, fields);
    return booked.length;
  });
  return { ...presentHoliday(row), cancelledBookings };
}
