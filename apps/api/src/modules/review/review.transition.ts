import type { ReviewAction, ReviewKind, ReviewStatus } from '@bansi/shared';
import { nowIso } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { recordAudit, type Actor } from '../audit';
import { reviewStep } from './review.policy';

/** What the review reads of any reviewed row. */
export interface ReviewedRow<S extends ReviewStatus = ReviewStatus> {
  id: string;
  companyId: string;
  status: S;
  version: number;
}

/** How one kind's rows are read and written; each module gives its own (submissions, notes). */
export interface ReviewStore<Row extends ReviewedRow> {
  /** the review table's kind, also the audit subject (`<kind>.<action>`) */
  kind: Extract<ReviewKind, 'submission' | 'notes'>;
  /** the row if this principal may read it (404 otherwise) */
  read: (deps: Deps, principal: Principal, id: string) => Promise<Row>;
  /** `update … where version = ? and status in (…)`, adding 1 to the version; false when another change came first */
  updateIfCurrent: (
    trx: Executor,
    id: string,
    version: number,
    patch: { status: Row['status']; updatedAt: string; acceptedAt?: string },
    from: Row['status'][],
  ) => Promise<boolean>;
  /** the caller's name as the timeline records it */
  actorName: (trx: Executor, principal: Principal) => Promise<string>;
}

export type ReviewEffects<Row extends ReviewedRow> = (trx: Executor, row: Row, to: Row['status'], now: string, actorName: string) => Promise<void>;

const AUDIT_VERB: Partial<Record<ReviewAction, string>> = { startReview: 'start_review' };

/**
 * One staff step of a review (start, return, accept), the same for every kind: the version read must be
 * current (409 STALE), the one review table must allow it (409 INVALID_TRANSITION); then the conditional
 * update, the kind's `effects` (events, files, mail) and the audit entry run in one transaction.
 */
export async function staffReviewTransition<Row extends ReviewedRow>(
  deps: Deps,
  store: ReviewStore<Row>,
  principal: Principal,
  actor: Actor,
  id: string,
  version: number,
  action: ReviewAction,
  effects: ReviewEffects<Row>,
  at = nowIso(),
): Promise<void> {
  const row = await store.read(deps, principal, id);
  if (row.version !== version) throw new AppError(409, 'STALE');
  const to = reviewStep(store.kind, row.status, action, 'staff');
  await deps.db.transaction().execute(async (trx) => {
    const patch = { status: to, updatedAt: at, ...(to === 'accepted' ? { acceptedAt: at } : {}) };
    if (!(await store.updateIfCurrent(trx, id, version, patch, [row.status]))) throw new AppError(409, 'STALE');
    await effects(trx, row, to, at, await store.actorName(trx, principal));
    await recordAudit(
      trx,
      actor,
      `${store.kind}.${AUDIT_VERB[action] ?? action}`,
      { kind: store.kind, id },
      { companyId: row.companyId, details: { from: row.status, to, version } },
    );
  });
}
