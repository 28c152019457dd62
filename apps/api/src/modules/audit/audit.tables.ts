/**
 * One entry of the audit log: who did what to which row, when, from where. Append-only: no code path
 * updates or deletes a row (on PostgreSQL and SQLite a trigger refuses it too). No foreign keys: an
 * entry outlives the user, company or row it names.
 */
export interface AuditLogTable {
  id: string;
  occurredAt: string;
  /** `<area>.<verb>` in snake case: `auth.login`, `submission.submit`, … */
  action: string;
  actorUserId: string | null;
  /** a role, `system` (jobs, seeds, CLI) or `visitor` (not signed in, e.g. a failed login) */
  actorRole: string;
  actorCompanyId: string | null;
  subjectKind: string;
  subjectId: string;
  /** the company the change concerns (the subject's company), null for platform-wide rows */
  companyId: string | null;
  requestId: string | null;
  address: string | null;
  /** JSON object with action-specific facts (never secrets) */
  details: string | null;
}

export interface AuditTables {
  auditLog: AuditLogTable;
}
