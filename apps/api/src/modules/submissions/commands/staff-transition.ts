import type { SubmissionAction, SubmissionStatus } from '@bansi/shared';
import { nowIso } from '../../../lib/crypto';
import type { Deps, Executor } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit, type Actor } from '../../audit';
import { actorName } from '../submissions.events';
import { assertCurrent, transitionFor } from '../submissions.policy';
import { getStaffSubmission, readable } from '../submissions.queries';
import { updateSubmissionIfCurrent } from '../submissions.repository';
import type { SubmissionsTable } from '../submissions.tables';

const AUDIT_ACTION: Partial<Record<SubmissionAction, string>> = { startReview: 'submission.start_review' };

export type TransitionEffects = (trx: Executor, row: SubmissionsTable, to: SubmissionStatus, now: string, actorName: string) => Promise<void>;

/**
 * One staff transition: the version must be the one read (409 STALE), the state machine must allow
 * it (409 INVALID_TRANSITION); then the conditional update and `effects` run in one transaction.
 */
export async function staffTransition(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  id: string,
  version: number,
  action: SubmissionAction,
  effects: TransitionEffects,
  at?: string,
) {
  const row = await readable(deps, principal, id);
  assertCurrent(row, version);
  const to = transitionFor(row, action, 'staff');
  const now = at ?? nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const patch: Partial<SubmissionsTable> = { status: to, updatedAt: now, ...(to === 'accepted' ? { acceptedAt: now } : {}) };
    if (!(await updateSubmissionIfCurrent(trx, id, version, patch, [row.status]))) throw new AppError(409, 'STALE');
    await effects(trx, row, to, now, await actorName(trx, principal));
    await recordAudit(
      trx,
      actor,
      AUDIT_ACTION[action] ?? `submission.${action}`,
      { kind: 'submission', id },
      {
        companyId: row.companyId,
        details: { from: row.status, to, version },
      },
    );
  });
  return getStaffSubmission(deps, principal, id);
}
