import { vientianeStamp, type AuditPage, type AuditQuery, type Language } from '@bansi/shared';
import type { Actor } from '../../lib/actor';
import { newId, nowIso } from '../../lib/crypto';
import { decodeCursor, KEY_ID, pageOf } from '../../lib/cursor';
import type { Deps, Executor } from '../../lib/deps';
import { toCsv } from '../../lib/csv';
import type { AuditSubject } from '../../lib/audit-trail';
import { presentAuditEntry, type AuditRow } from './audit.presenter';
import type { AuditLogTable } from './audit.tables';
import { findAuditEntries, findCompanyAudit, insertAuditEntry, type AuditFilter } from './audit.repository';
import { auditActors, findSubjectNames, withActorNames } from './audit.subjects';

export { actingAs, actorOf, systemActor, type Actor } from '../../lib/actor';

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

/**
 * The query's filter; an actor given by e-mail becomes the users of that address, found by the owner of
 * accounts (null when none: no entry can match).
 */
async function filterOf(deps: Deps, q: Omit<AuditQuery, 'cursor' | 'limit'>): Promise<Omit<AuditFilter, 'limit'> | null> {
  let actor: Pick<AuditFilter, 'actor' | 'actorUserIds'> = {};
  if (q.actor?.includes('@')) {
    const ids = await auditActors.use().idsByEmail(deps.db, q.actor.toLowerCase());
    if (!ids.length) return null;
    actor = { actorUserIds: ids };
  } else if (q.actor) actor = { actor: q.actor };
  return {
    ...actor,
    ...(q.action ? { action: q.action } : {}),
    ...(q.subject ? { subject: q.subject } : {}),
    ...(q.companyId ? { companyId: q.companyId } : {}),
    ...(q.from ? { from: new Date(q.from).toISOString() } : {}),
    ...(q.to ? { to: new Date(q.to).toISOString() } : {}),
  };
}

/** The audit log, newest first, filtered (staff admins). */
export async function listAudit(deps: Deps, lang: Language, q: AuditQuery): Promise<AuditPage> {
  const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
  const filter = await filterOf(deps, q);
  if (!filter) return { items: [], nextCursor: null };
  const rows = await findAuditEntries(deps.db, {
    ...filter,
    ...(after ? { before: { occurredAt: after[0], id: after[1] } } : {}),
    limit: q.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.occurredAt, r.id]);
  return { items: await presentAuditEntries(deps, lang, page), nextCursor };
}

/** Entries as a manager reads them: actions and fields named in the language, subjects by their names. */
async function presentAuditEntries(deps: Deps, lang: Language, entries: AuditLogTable[]) {
  const [rows, names] = await Promise.all([
    withActorNames(deps.db, entries),
    findSubjectNames(
      deps.db,
      entries.map((r) => ({ kind: r.subjectKind, id: r.subjectId })),
    ),
  ]);
  return rows.map((r: AuditRow) => presentAuditEntry(r, { t: deps.t, lang, names }));
}

/** The newest entries about one company (its own or done to it), with the acting user's name (the back office's company page). */
export async function listCompanyAudit(db: Executor, companyId: string, limit: number) {
  return withActorNames(db, await findCompanyAudit(db, companyId, limit));
}

/** The most rows one CSV export holds (a narrower filter gives the rest). */
export const AUDIT_CSV_MAX_ROWS = 10_000;

/**
 * The filtered audit log as CSV (staff admins): headers, actions and changes in the language, times in Vientiane
 * as `YYYY-MM-DD HH:MM` (a spreadsheet reads them), subjects by name; the codes and ids in columns of their own.
 */
export async function auditCsv(deps: Deps, lang: Language, q: Omit<AuditQuery, 'cursor' | 'limit'>): Promise<string> {
  const filter = await filterOf(deps, q);
  const rows = filter ? await findAuditEntries(deps.db, { ...filter, limit: AUDIT_CSV_MAX_ROWS }) : [];
  const entries = await presentAuditEntries(deps, lang, rows);
  const h = (key: string) => deps.t(lang, `audit.csv.${key}`);
  const header = ['occurredAt', 'action', 'actor', 'role', 'subject', 'changes', 'actionCode', 'subjectId', 'companyId', 'requestId', 'address'].map(
    h,
  );
  const body = entries.map((e) => [
    vientianeStamp(e.occurredAt),
    e.actionLabel,
    e.actor.name ? `${e.actor.name} (${e.actor.email ?? ''})` : deps.t(lang, `audit.roles.${e.actor.role}`),
    deps.t(lang, `audit.roles.${e.actor.role}`),
    e.subject.name ? `${e.subject.kindLabel}: ${e.subject.name}` : e.subject.kindLabel,
    e.changes.map((c) => `${c.label}: ${c.before === null ? c.after : `${c.before} → ${c.after}`}`).join('\n'),
    e.action,
    e.subject.id,
    e.companyId ?? '',
    e.requestId ?? '',
    e.address ?? '',
  ]);
  return toCsv([header, ...body]);
}
