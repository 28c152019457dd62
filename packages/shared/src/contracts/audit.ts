import { z } from 'zod';
import { PageQuery } from './common';

/** Filters of the audit log (staff admins). Times are ISO-8601; `to` is exclusive. */
export const AuditQuery = PageQuery.extend({
  actor: z.string().trim().max(254).optional().meta({ description: "a user's id or e-mail, or a role (`system`, `visitor`, `staff_admin` …)" }),
  action: z
    .string()
    .trim()
    .max(80)
    .regex(/^[a-z_]+(\.[a-z_]+)?$/)
    .optional()
    .meta({ description: '`submission.submit`, or an area: `submission`' }),
  subject: z.string().trim().max(120).optional().meta({ description: 'a subject id, a kind (`submission`) or `kind:id`' }),
  companyId: z.uuid().optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
export const AuditCsvQuery = AuditQuery.omit({ cursor: true, limit: true });
export type AuditCsvQuery = z.infer<typeof AuditCsvQuery>;

export const AuditChange = z.object({ field: z.string(), label: z.string(), before: z.string().nullable(), after: z.string() });
export type AuditChange = z.infer<typeof AuditChange>;

export const AuditEntry = z.object({
  id: z.string(),
  occurredAt: z.string(),
  action: z.string(),
  actor: z.object({
    userId: z.string().nullable(),
    role: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    companyId: z.string().nullable(),
  }),
  /** the action named in the reader's language ("Holiday added" / "ເພີ່ມວັນພັກ") */
  actionLabel: z.string(),
  subject: z.object({
    kind: z.string(),
    id: z.string(),
    /** the kind named in the reader's language ("Invoice") */
    kindLabel: z.string(),
    /** its human name (a company's name, a filing reference, an invoice number …); null when the row is gone */
    name: z.string().nullable(),
    /** the staff screen that shows it */
    link: z.string().nullable(),
  }),
  /** the details as "field: before → after" lines in the reader's language (before is null for a plain fact) */
  changes: z.array(AuditChange),
  companyId: z.string().nullable(),
  requestId: z.string().nullable(),
  address: z.string().nullable(),
  /** the raw record, for staff admins who need it */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({ items: z.array(AuditEntry), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JobQuery = PageQuery.extend({
  status: z.enum(JOB_STATUSES).optional(),
  kind: z.string().trim().max(80).optional(),
});
export type JobQuery = z.infer<typeof JobQuery>;

/** A background job as staff admins see it (its payload stays server-side). */
export const Job = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof Job>;

export const JobPage = z.object({ items: z.array(Job), nextCursor: z.string().nullable() });
export type JobPage = z.infer<typeof JobPage>;
