import type { AuditQuery, JobQuery } from '@bansi/shared';

export type AuditFilters = Omit<Partial<AuditQuery>, 'cursor' | 'limit'>;
export type JobFilters = Omit<Partial<JobQuery>, 'cursor' | 'limit'>;

/** The audit screen's query keys, from one factory. */
export const auditKeys = {
  all: ['audit'] as const,
  entries: (filters: AuditFilters) => ['audit', 'entries', filters] as const,
  jobs: (filters: JobFilters) => ['audit', 'jobs', filters] as const,
  lastBackup: ['audit', 'last-backup'] as const,
};
