import type { Executor } from '../../lib/deps';
import type { AuditLogTable } from './audit.tables';
import { afterKeyset } from '../../db/keyset';

/** The only write: an insert. There is deliberately no update or delete here. */
export async function insertAuditEntry(db: Executor, row: AuditLogTable) {
  await db.insertInto('auditLog').values(row).execute();
}

export interface AuditFilter {
  /** an actor's user id or role */
  actor?: string;
  /** the users one e-mail address names (the actor filter given an address); never empty */
  actorUserIds?: string[];
  action?: string;
  subject?: string;
  companyId?: string;
  from?: string;
  to?: string;
  /** keyset position: entries strictly older than this (occurredAt, id) */
  before?: { occurredAt: string; id: string };
  limit: number;
}

/** Entries newest first. */
export function findAuditEntries(db: Executor, f: AuditFilter) {
  let q = db.selectFrom('auditLog').selectAll('auditLog');
  if (f.actorUserIds) q = q.where('auditLog.actorUserId', 'in', f.actorUserIds);
  if (f.actor) {
    const actor = f.actor;
    q = q.where((eb) => eb.or([eb('auditLog.actorUserId', '=', actor), eb('auditLog.actorRole', '=', actor)]));
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

/** The newest entries about one company (its own or done to it). */
export const findCompanyAudit = (db: Executor, companyId: string, limit: number) =>
  db
    .selectFrom('auditLog')
    .select([
      'auditLog.id',
      'auditLog.occurredAt',
      'auditLog.action',
      'auditLog.actorRole',
      'auditLog.actorUserId',
      'auditLog.subjectKind',
      'auditLog.subjectId',
    ])
    .where((eb) =>
      eb.or([
        eb('auditLog.companyId', '=', companyId),
        eb.and([eb('auditLog.subjectKind', '=', 'company'), eb('auditLog.subjectId', '=', companyId)]),
      ]),
    )
    .orderBy('auditLog.occurredAt', 'desc')
    .orderBy('auditLog.id', 'desc')
    .limit(limit)
    .execute();
