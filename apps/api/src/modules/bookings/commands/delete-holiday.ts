import type { Actor } from '../../../lib/actor';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { recordAudit } from '../../audit';
import { deleteHoliday as removeHoliday, findHoliday } from '../bookings.repository';

export async function deleteHoliday(deps: Deps, actor: Actor, id: string) {
  const row = await findHoliday(deps.db, id);
  if (!row) throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    await removeHoliday(trx, id);
    await recordAudit(trx, actor, 'booking.holiday_delete', { kind: 'booking_holiday', id }, { companyId: null, details: { date: row.date } });
  });
}
