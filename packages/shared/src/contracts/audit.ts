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
  subject: z.object({ kind: z.string(), id: z.string() }),
  companyId: z.string().nullable(),
  requestId: z.string().nullable(),
  address: z.string().nullable(),
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
