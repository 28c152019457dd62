import { WebPaths } from '@bansi/shared/paths';
import { vientianeDate } from '@bansi/shared';
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

/** What a subject is called, in both languages, and where staff open it. */
export interface SubjectName {
  nameLo: string;
  nameEn: string;
  /** a staff screen of the web app */
  link: string | null;
}

const byId = <T extends { id: string }>(rows: T[], name: (r: T) => SubjectName) => new Map(rows.map((r) => [r.id, name(r)]));

/**
 * The human names of audit subjects, by kind and id (`kind:id` → name): companies, filings by reference, invoices
 * by number, bookings by reference, notes by company and year, users by name, library documents, news and
 * notifications by title, holidays by date. A subject that no longer exists has no name (the log outlives rows).
 */
export async function findSubjectNames(db: Executor, subjects: { kind: string; id: string }[]): Promise<Map<string, SubjectName>> {
  const ids = (kind: string) => [...new Set(subjects.filter((s) => s.kind === kind).map((s) => s.id))];
  const out = new Map<string, SubjectName>();
  const add = (kind: string, map: Map<string, SubjectName>) => map.forEach((v, id) => out.set(`${kind}:${id}`, v));
  const some = (kind: string) => ids(kind).length > 0;
  const same = (s: string) => ({ nameLo: s, nameEn: s });
  if (some('company')) {
    const rows = await db.selectFrom('companies').select(['id', 'nameLo', 'nameEn']).where('id', 'in', ids('company')).execute();
    add(
      'company',
      byId(rows, (r) => ({ nameLo: r.nameLo, nameEn: r.nameEn, link: WebPaths.staff.company(r.id) })),
    );
  }
  if (some('submission')) {
    const rows = await db
      .selectFrom('submissions')
      .innerJoin('companies', 'companies.id', 'submissions.companyId')
      .select(['submissions.id', 'submissions.reference', 'submissions.bookYear', 'companies.nameLo', 'companies.nameEn'])
      .where('submissions.id', 'in', ids('submission'))
      .execute();
    add(
      'submission',
      byId(rows, (r) => {
        const head = r.reference ?? String(r.bookYear);
        return { nameLo: `${head} · ${r.nameLo}`, nameEn: `${head} · ${r.nameEn}`, link: WebPaths.staff.submission(r.id) };
      }),
    );
  }
  if (some('notes')) {
    const rows = await db
      .selectFrom('notes')
      .innerJoin('companies', 'companies.id', 'notes.companyId')
      .select(['notes.id', 'notes.bookYear', 'companies.nameLo', 'companies.nameEn'])
      .where('notes.id', 'in', ids('notes'))
      .execute();
    add(
      'notes',
      byId(rows, (r) => ({ nameLo: `${r.bookYear} · ${r.nameLo}`, nameEn: `${r.bookYear} · ${r.nameEn}`, link: WebPaths.staff.notesOne(r.id) })),
    );
  }
  if (some('invoice')) {
    const rows = await db.selectFrom('invoices').select(['id', 'number', 'companyId']).where('id', 'in', ids('invoice')).execute();
    add(
      'invoice',
      byId(rows, (r) => ({ ...same(r.number), link: WebPaths.staff.invoicesOf(r.companyId) })),
    );
  }
  if (some('booking')) {
    const rows = await db.selectFrom('bookings').select(['id', 'reference', 'slotStart']).where('id', 'in', ids('booking')).execute();
    add(
      'booking',
      byId(rows, (r) => ({ ...same(r.reference), link: WebPaths.staff.bookingsOn(vientianeDate(r.slotStart)) })),
    );
  }
  if (some('user')) {
    const rows = await db.selectFrom('users').select(['id', 'name', 'email', 'companyId']).where('id', 'in', ids('user')).execute();
    add(
      'user',
      byId(rows, (r) => ({ ...same(`${r.name} (${r.email})`), link: r.companyId ? WebPaths.staff.company(r.companyId) : WebPaths.staff.accounts })),
    );
  }
  if (some('library_document')) {
    const rows = await db.selectFrom('libraryDocuments').select(['id', 'titleLo', 'titleEn']).where('id', 'in', ids('library_document')).execute();
    add(
      'library_document',
      byId(rows, (r) => ({ nameLo: r.titleLo, nameEn: r.titleEn, link: WebPaths.staff.library })),
    );
  }
  if (some('post')) {
    const rows = await db.selectFrom('contentPosts').select(['id', 'titleLo', 'titleEn']).where('id', 'in', ids('post')).execute();
    add(
      'post',
      byId(rows, (r) => ({ nameLo: r.titleLo, nameEn: r.titleEn || r.titleLo, link: WebPaths.staff.content })),
    );
  }
  if (some('notification')) {
    const rows = await db.selectFrom('contentNotifications').select(['id', 'titleLo', 'titleEn']).where('id', 'in', ids('notification')).execute();
    add(
      'notification',
      byId(rows, (r) => ({ nameLo: r.titleLo, nameEn: r.titleEn || r.titleLo, link: WebPaths.staff.content })),
    );
  }
  if (some('booking_holiday')) {
    const rows = await db
      .selectFrom('bookingHolidays')
      .select(['id', 'date', 'nameLo', 'nameEn'])
      .where('id', 'in', ids('booking_holiday'))
      .execute();
    add(
      'booking_holiday',
      byId(rows, (r) => ({ nameLo: `${r.date} · ${r.nameLo}`, nameEn: `${r.date} · ${r.nameEn}`, link: WebPaths.staff.referenceTab('holidays') })),
    );
  }
  return out;
}

/** The newest entries about one company (its own or done to it), with the actor's name (the back office's company page). */
export const listCompanyAudit = (db: Executor, companyId: string, limit: number) =>
  db
    .selectFrom('auditLog')
    .leftJoin('users', 'users.id', 'auditLog.actorUserId')
    .select([
      'auditLog.id',
      'auditLog.occurredAt',
      'auditLog.action',
      'auditLog.actorRole',
      'users.name as actorName',
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
