import type { Job } from '@bansi/shared';
import type { Selectable } from 'kysely';
import type { JobsTable } from './jobs.tables';

/** A job for staff admins: its state and last error, not its payload (which may name a mail's recipient). */
export const presentJob = (row: Selectable<JobsTable>): Job => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  runAt: row.runAt,
  lastError: row.lastError,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  finishedAt: row.finishedAt,
});
