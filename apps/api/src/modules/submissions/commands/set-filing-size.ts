import type { SetFilingSizeRequest } from '@bansi/shared';
import { nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit, type Actor } from '../../audit';
import { loadReference, sizeViewOf } from '../submissions.checklist';
import { assertCurrent } from '../submissions.policy';
import { companyOfRow, getStaffSubmission, readable } from '../submissions.queries';
import { updateSubmissionIfCurrent } from '../submissions.repository';

/**
 * The reviewer sets the filing's size (micro | small | medium | large) with a reason, where the SME
 * thresholds cannot decide it (cells no public source gives, or a category without a sector). Where the
 * rule decides, 409 SIZE_DETERMINED: a size the decree gives is never overridden by hand. Audited with the
 * size before and after and the reason; the company, the queue, the CSV and the receipt show it.
 */
export async function setFilingSize(deps: Deps, principal: Principal, actor: Actor, id: string, body: SetFilingSizeRequest) {
  const row = await readable(deps, principal, id);
  assertCurrent(row, body.version);
  const [ref, company] = await Promise.all([loadReference(deps.db), companyOfRow(deps.db, row)]);
  const byRule = sizeViewOf(ref, { ...row, reviewerSize: null }, company).derivedSize;
  if (byRule?.kind === 'size') throw new AppError(409, 'SIZE_DETERMINED');
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const patch = { reviewerSize: body.size, reviewerSizeReason: body.reason, reviewerSizeBy: principal.userId, reviewerSizeAt: now, updatedAt: now };
    if (!(await updateSubmissionIfCurrent(trx, id, row.version, patch))) throw new AppError(409, 'STALE');
    await recordAudit(
      trx,
      actor,
      'submission.set_size',
      { kind: 'submission', id },
      { companyId: row.companyId, details: { from: row.reviewerSize, to: body.size, reason: body.reason } },
    );
  });
  return getStaffSubmission(deps, principal, id);
}
