import type { Executor } from '../../lib/deps';
import type { AuditLogTable } from './audit.tables';
import { afterKeyset } from '../../db/keyset';

/** The only write: an insert. There is deliberately no update or delete here. */
export async function insertAuditEntry(db: Executor, row: AuditLogTable) {
  await db.insertInto('auditLog').values(row).execute();
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  subject?: string;
  companyId?: string;
  from?: string;
  to?: string;
  /** keyset position: entries strictly older than this (occurredAt, id) */
  before?: { occurredAt: string; id: string };
  limit: number;
}

/** Entries newest first, with the actor's e-mail and name when the actor is a user. */
export function findAuditEntries(db: Executor, f: AuditFilter) {
  let q = db
    .selectFrom('auditLog')
    .leftJoin('users', 'users.id', 'auditLog.actorUserId')
    .selectAll('auditLog')
    .select(['users.email as actorEmail', 'users.name as actorName']);
  if (f.actor) {
    const actor = f.actor;
    q = actor.includes('@')
      ? q.where('users.email', '=', actor.toLowerCase())
      : q.where((eb) => eb.or([eb('auditLog.actorUserId', '=', actor), eb('auditLog.actorRole', '=', actor)]));
  }
  if (f.action) {
    // `submission` matches every submission.* action; `submission.submit` only that one.
    q = f.action.includes('.') ? q.where('auditLog.action', '=', f.action) : q.where('auditLog.action', 'like', `${f.action}.%`);
  }
  if (f.subject) {
    const subject = f.subject;
    const colon = subject.indexOf(':');
    q =
      colon > 0
        ? q.where('auditLog.subjectKind', '=', subject.slice(0, colon)).where('auditLog.subjectId', '=', subject.slice(colon + 1))
        : q.where((eb) => eb.or([eb('auditLog.subjectId', '=', subject), eb('auditLog.subjectKind', '=', subject)]));
  }
  if (f.companyId) q = q.where('auditLog.companyId', '=', f.companyId);
  if (f.from) q = q.where('auditLog.occurredAt', '>=', f.from);
  if (f.to) q = q.where('auditLog.occurredAt', '<', f.to);
  if (f.before) q = q.where(afterKeyset(['auditLog.occurredAt', 'auditLog.id'], 'desc', [f.before.occurredAt, f.before.id]));
  return q.orderBy('auditLog.occurredAt', 'desc').orderBy('auditLog.id', 'desc').limit(f.limit).execute();
}
