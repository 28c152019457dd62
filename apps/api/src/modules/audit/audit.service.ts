import type { AuditPage, AuditQuery, Language } from '@bansi/shared';
import type { Actor } from '../../lib/actor';
import { newId, nowIso } from '../../lib/crypto';
import { decodeCursor, KEY_ID, pageOf } from '../../lib/cursor';
import type { Deps, Executor } from '../../lib/deps';
import { presentAuditEntry } from './audit.presenter';
import { findAuditEntries, insertAuditEntry } from './audit.repository';

export { actingAs, actorOf, systemActor, type Actor } from '../../lib/actor';

export interface AuditSubject {
  kind: string;
  id: string;
}

/**
 * Appends one entry to the audit log. Call it with the transaction of the change it records, so the
 * entry exists exactly when the change does. `action` is `<area>.<verb>` in snake case
 * (`auth.login`, `submission.submit`); `companyId` is the company the change concerns (defaults to
 * the actor's); `details` holds facts worth keeping (never a password, token or file content).
 */
export async function recordAudit(
  trx: Executor,
  actor: Actor,
  action: string,
  subject: AuditSubject,
  options: { companyId?: string | null; details?: Record<string, unknown> } = {},
): Promise<void> {
  await insertAuditEntry(trx, {
    id: newId(),
    occurredAt: nowIso(),
    action,
    actorUserId: actor.userId,
    actorRole: actor.role,
    actorCompanyId: actor.companyId,
    subjectKind: subject.kind,
    subjectId: subject.id,
    companyId: options.companyId === undefined ? actor.companyId : options.companyId,
    requestId: actor.requestId,
    address: actor.address,
    details: options.details ? JSON.stringify(options.details) : null,
  });
}

/** The audit log, newest first, filtered (staff admins). */
export async function listAudit(deps: Deps, lang: Language, q: AuditQuery): Promise<AuditPage> {
  const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
  const rows = await findAuditEntries(deps.db, {
    ...(q.actor ? { actor: q.actor } : {}),
    ...(q.action ? { action: q.action } : {}),
    ...(q.subject ? { subject: q.subject } : {}),
    ...(q.companyId ? { companyId: q.companyId } : {}),
    ...(q.from ? { from: new Date(q.from).toISOString() } : {}),
    ...(q.to ? { to: new Date(q.to).toISOString() } : {}),
    ...(after ? { before: { occurredAt: after[0], id: after[1] } } : {}),
    limit: q.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.occurredAt, r.id]);
  return { items: page.map(presentAuditEntry), nextCursor };
}
