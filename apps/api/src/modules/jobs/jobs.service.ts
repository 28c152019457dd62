import type { Job, JobPage, JobQuery, Language } from '@bansi/shared';
import type { Actor } from '../../lib/actor';
import { newId, nowIso } from '../../lib/crypto';
import { decodeCursor, KEY_ID, pageOf } from '../../lib/cursor';
import type { Deps, Executor } from '../../lib/deps';
import { conflict, notFound } from '../../lib/errors';
import { auditTrail } from '../../lib/audit-trail';
import { presentJob } from './jobs.presenter';
import { findJob, findJobs, insertJob, requeueFailedJob } from './jobs.repository';

export const DEFAULT_MAX_ATTEMPTS = 5;

/** What a handler learns about the run it is doing. */
export interface JobContext {
  deps: Deps;
  job: { id: string; kind: string; attempts: number; maxAttempts: number };
  /** this attempt is the last one: a failure now marks the job failed */
  lastAttempt: boolean;
}

export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

/** Waiting time before attempt `attempts + 1`: 2 s, 4 s, 8 s … at most an hour. */
export const backoffMs = (attempts: number) => Math.min(2 ** attempts * 1000, 3_600_000);

/**
 * Queues background work inside the caller's transaction: it runs only if the change commits, and
 * exactly once even with several API processes. `runAt` (ISO-8601) delays it; with a `uniqueKey`
 * already used the call does nothing (enqueue at most once, e.g. `publish:post:<id>:<time>`).
 */
export async function enqueueJob(
  trx: Executor,
  kind: string,
  payload: Record<string, unknown>,
  options: { runAt?: string; uniqueKey?: string; maxAttempts?: number } = {},
): Promise<void> {
  const now = nowIso();
  await insertJob(trx, {
    id: newId(),
    kind,
    payload: JSON.stringify(payload),
    status: 'pending',
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    runAt: options.runAt ?? now,
    uniqueKey: options.uniqueKey ?? null,
    lockedBy: null,
    lockedUntil: null,
    lastError: null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
  });
}

/** Jobs, most recently changed first (staff admins look for the failed ones). */
export async function listJobs(deps: Deps, lang: Language, q: JobQuery): Promise<JobPage> {
  const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
  const rows = await findJobs(deps.db, {
    ...(q.status ? { status: q.status } : {}),
    ...(q.kind ? { kind: q.kind } : {}),
    ...(after ? { before: { updatedAt: after[0], id: after[1] } } : {}),
    limit: q.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.updatedAt, r.id]);
  return { items: page.map(presentJob), nextCursor };
}

/** A staff admin sends a failed job back to the queue (404 unknown, 409 when it is not failed). */
export async function retryJob(deps: Deps, actor: Actor, id: string): Promise<Job> {
  return deps.db.transaction().execute(async (trx) => {
    const job = await findJob(trx, id);
    if (!job) throw notFound();
    if (!(await requeueFailedJob(trx, id, nowIso()))) throw conflict('JOB_NOT_FAILED');
    await auditTrail.use()(
      trx,
      actor,
      'job.retry',
      { kind: 'job', id },
      { companyId: null, details: { kind: job.kind, attempts: job.attempts, lastError: job.lastError } },
    );
    return presentJob((await findJob(trx, id))!);
  });
}
