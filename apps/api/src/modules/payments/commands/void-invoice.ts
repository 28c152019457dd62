import type { Language, StaffInvoiceDetail } from '@bansi/shared';
import type { Actor } from '../../../lib/actor';
import { nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { AppError, notFound } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit } from '../../audit';
import { getStaffInvoice } from '../payments.queries';
import { findInvoice, markInvoiceVoid } from '../payments.repository';

export async function voidInvoice(
  deps: Deps,
  actor: Actor,
  principal: Principal,
  id: string,
  reason: string,
  lang: Language,
): Promise<StaffInvoiceDetail> {
  const row = await findInvoice(deps.db, id);
  if (!row) throw notFound();
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markInvoiceVoid(trx, id, { voidReason: reason, voidedBy: principal.userId, voidedAt: now, updatedAt: now })))
      throw new AppError(409, 'INVOICE_NOT_OPEN');
    await recordAudit(trx, actor, 'invoice.void', { kind: 'invoice', id }, { companyId: row.companyId, details: { number: row.number, reason } });
  });
  return getStaffInvoice(deps, id, lang);
}
