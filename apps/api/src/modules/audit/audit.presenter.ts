import { formatDate, formatDateTime, type AuditChange, type AuditEntry, type Language } from '@bansi/shared';
import type { Translate } from '../../lib/i18n';
import type { SubjectName } from './audit.subjects';
import type { AuditLogTable } from './audit.tables';

export type AuditRow = AuditLogTable & { actorEmail: string | null; actorName: string | null };

export interface AuditContext {
  t: Translate;
  lang: Language;
  /** `kind:id` → the subject's names and link (audit.subjects findSubjectNames) */
  names: Map<string, SubjectName>;
}

/** A catalog text, or `fallback` when the catalog has none (the translator answers with the key itself). */
const lookup = (ctx: AuditContext, key: string, fallback: string) => {
  const text = ctx.t(ctx.lang, key);
  return text === key ? fallback : text;
};

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;
const ISO_DAY = /^\d{4}-\d\d-\d\d$/;

/** One value as the screen writes it: times in Vientiane, days, yes/no, states and methods in words. */
function showValue(ctx: AuditContext, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return lookup(ctx, `audit.values.${value}`, String(value));
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (ISO_TIME.test(value)) return formatDateTime(value, ctx.lang);
    if (ISO_DAY.test(value)) return formatDate(`${value}T05:00:00Z`, ctx.lang);
    // a state, a method or a role the catalogs name
    for (const key of [`backoffice.states.${value}`, `bookings.method.${value}`, `audit.roles.${value}`]) {
      const named = lookup(ctx, key, '');
      if (named) return named;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : showValue(ctx, v))).join(', ');
  return JSON.stringify(value);
}

const fieldLabel = (ctx: AuditContext, field: string) => lookup(ctx, `audit.fields.${field}`, field);

/**
 * The details of an entry as lines a manager reads: `from`/`to` (a state or a time moved) as one "before → after"
 * line, `before`/`after` objects field by field, every other fact as "field: value".
 */
export function presentChanges(ctx: AuditContext, details: Record<string, unknown> | null): AuditChange[] {
  if (!details) return [];
  const out: AuditChange[] = [];
  const rest = { ...details };
  if ('from' in rest && 'to' in rest) {
    out.push({
      field: 'change',
      label: lookup(ctx, 'audit.row.changes', 'change'),
      before: showValue(ctx, rest.from),
      after: showValue(ctx, rest.to),
    });
    delete rest.from;
    delete rest.to;
  }
  if (typeof rest.before === 'object' && rest.before && typeof rest.after === 'object' && rest.after) {
    const before = rest.before as Record<string, unknown>;
    const after = rest.after as Record<string, unknown>;
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)]))
      out.push({ field, label: fieldLabel(ctx, field), before: showValue(ctx, before[field]), after: showValue(ctx, after[field]) });
    delete rest.before;
    delete rest.after;
  }
  for (const [field, value] of Object.entries(rest)) out.push({ field, label: fieldLabel(ctx, field), before: null, after: showValue(ctx, value) });
  return out;
}

export function presentAuditEntry(row: AuditRow, ctx: AuditContext): AuditEntry {
  const details = row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null;
  const name = ctx.names.get(`${row.subjectKind}:${row.subjectId}`);
  return {
    id: row.id,
    occurredAt: row.occurredAt,
    action: row.action,
    actionLabel: lookup(ctx, `audit.actions.${row.action}`, row.action),
    actor: { userId: row.actorUserId, role: row.actorRole, name: row.actorName, email: row.actorEmail, companyId: row.actorCompanyId },
    subject: {
      kind: row.subjectKind,
      id: row.subjectId,
      kindLabel: lookup(ctx, `audit.subjects.${row.subjectKind}`, row.subjectKind),
      name: name ? (ctx.lang === 'en' ? name.nameEn : name.nameLo) : null,
      link: name?.link ?? null,
    },
    changes: presentChanges(ctx, details),
    companyId: row.companyId,
    requestId: row.requestId,
    address: row.address,
    details,
  };
}
