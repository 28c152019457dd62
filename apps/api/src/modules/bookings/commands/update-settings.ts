import type { BookingSettings, BookingSettingsView } from '@bansi/shared';
import type { Actor } from '../../../lib/actor';
import { nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { recordAudit } from '../../audit';
import { getSettings } from '../bookings.queries';
import { saveSettings } from '../bookings.repository';
import { settingsOf } from '../bookings.slots';

export async function updateSettings(deps: Deps, actor: Actor, body: BookingSettings): Promise<BookingSettingsView> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await settingsOf(trx);
    await saveSettings(trx, { id: 'default', ...body, updatedAt: nowIso(), updatedBy: actor.userId });
    await recordAudit(
      trx,
      actor,
      'booking.settings_update',
      { kind: 'booking_settings', id: 'default' },
      { companyId: null, details: { before, after: body } },
    );
  });
  return getSettings(deps);
}
