import type { Generated } from 'kysely';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/**
 * Background work (mail, scheduled publishing, reminders, clean-ups). A worker claims a due row
 * (pending → running, `lockedBy`/`lockedUntil`), runs the handler of its kind and marks it done, or
 * back to pending with a later `runAt`, or failed after `maxAttempts`.
 */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON object */
  payload: string;
  status: JobStatus;
  attempts: Generated<number>;
  maxAttempts: number;
  runAt: string;
  /** at most one job ever has this key (enqueue-once); null for most jobs */
  uniqueKey: string | null;
  lockedBy: string | null;
  /** a running job whose worker died is taken again after this time */
  lockedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface JobsTables {
  jobs: JobsTable;
}
