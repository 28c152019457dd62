import { listItemsOfLists } from '../../reference';
import type { FeeSchedule, PutFeesBody } from '@bansi/shared';
import type { Actor } from '../../../lib/actor';
import { newId, nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { invalid } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit } from '../../audit';
import { FIELD_MESSAGE_LANG } from '../payments.presenter';
import { getFees } from '../payments.queries';
import { upsertFee } from '../payments.repository';

export async function putFees(deps: Deps, actor: Actor, principal: Principal, body: PutFeesBody): Promise<FeeSchedule> {
  const sizeCodes = new Set((await listItemsOfLists(deps.db, ['sizes'])).map((r) => r.code));
  const unknown = body.items.findIndex((i) => !sizeCodes.has(i.sizeCode));
  if (unknown >= 0)
    throw invalid([
      { path: `items.${unknown}.sizeCode`, code: 'unknown_choice', message: deps.t(FIELD_MESSAGE_LANG, 'errors.field.unknown_choice') },
    ]);
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    for (const item of body.items) {
      await upsertFee(trx, { id: newId(), ...item, demo: 0, updatedBy: principal.userId, createdAt: now, updatedAt: now });
    }
    await recordAudit(trx, actor, 'fee.update', { kind: 'fee_schedule', id: 'fee_schedule' }, { companyId: null, details: { items: body.items } });
  });
  return getFees(deps);
}
