import { sql } from 'kysely';
import type { Executor } from '../../lib/deps';
import type { JobStatus, JobsTable } from './jobs.tables';
import { afterKeyset } from '../../db/keyset';
import { onPostgres } from '../../db/dialect';

/** Inserts a job; with a uniqueKey already used, nothing happens (false). */
export async function insertJob(db: Executor, row: Omit<JobsTable, 'attempts'>): Promise<boolean> {
  const result = await db
    .insertInto('jobs')
    .values(row)
    .onConflict((oc) => oc.column('uniqueKey').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Claims up to `limit` due jobs for one worker in a single statement: pending jobs whose time has
 * come, and running jobs whose worker's lease ran out (it died). On PostgreSQL the candidate rows are
 * locked with FOR UPDATE SKIP LOCKED, so concurrent workers each get different rows without waiting;
 * SQLite has one writer at a time, so the statement itself is the claim.
 */
export function claimDueJobs(db: Executor, claim: { workerId: string; now: string; lockedUntil: string; limit: number; kinds?: readonly string[] }) {
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      lockedBy: claim.workerId,
      lockedUntil: claim.lockedUntil,
      attempts: eb('attempts', '+', 1),
      updatedAt: claim.now,
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'pending'), w('runAt', '<=', claim.now)]),
            w.and([w('status', '=', 'running'), w('lockedUntil', '<', claim.now)]),
          ]),
        )
        .$if(!!claim.kinds, (q) => q.where('kind', 'in', claim.kinds!))
        .orderBy('runAt')
        .limit(claim.limit)
        .$if(onPostgres(db), (q) => q.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute();
}

/** Records a job's outcome, only if this worker still holds it (its lease was not taken over). */
export async function finishJob(
  db: Executor,
  id: string,
  workerId: string,
  patch: Partial<Pick<JobsTable, 'status' | 'runAt' | 'lastError' | 'finishedAt'>> & { updatedAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ ...patch, lockedBy: null, lockedUntil: null })
    .where('id', '=', id)
    .where('lockedBy', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const findJob = (db: Executor, id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

/** A failed job goes back to the queue with a fresh set of attempts. */
export async function requeueFailedJob(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'pending', attempts: 0, runAt: now, updatedAt: now, finishedAt: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findJobs(db: Executor, f: { status?: JobStatus; kind?: string; before?: { updatedAt: string; id: string }; limit: number }) {
  let q = db.selectFrom('jobs').selectAll();
  if (f.status) q = q.where('status', '=', f.status);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.before) q = q.where(afterKeyset(['updatedAt', 'id'], 'desc', [f.before.updatedAt, f.before.id]));
  return q.orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
}

/** Finished jobs older than `before` are forgotten (failed ones stay until retried or looked at). */
export async function deleteDoneJobs(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('jobs').where('status', '=', 'done').where('finishedAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const countJobsByStatus = (db: Executor) =>
  db
    .selectFrom('jobs')
    .select(['status', sql<number>`count(*)`.as('count')])
    .groupBy('status')
    .execute();

/** Jobs that used up their attempts (staff admins look into them), with the oldest one's time. */
export const countFailedJobs = (db: Executor) =>
  db
    .selectFrom('jobs')
    .select([(eb) => eb.fn.countAll<number | string>().as('n'), (eb) => eb.fn.min('finishedAt').as('oldest')])
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();

/**
 * The job queue by kind: due pending jobs (waiting), running and failed ones, and the oldest due pending
 * job's `runAt` (a periodic job scheduled for later is not waiting yet).
 */
export function jobQueueByKind(db: Executor, now: string) {
  return db
    .selectFrom('jobs')
    .select((eb) => [
      'kind',
      sql<number>`sum(case when ${eb.ref('status')} = 'pending' and ${eb.ref('runAt')} <= ${now} then 1 else 0 end)`.as('waiting'),
      sql<number>`sum(case when ${eb.ref('status')} = 'running' then 1 else 0 end)`.as('running'),
      sql<number>`sum(case when ${eb.ref('status')} = 'failed' then 1 else 0 end)`.as('failed'),
      sql<string | null>`min(case when ${eb.ref('status')} = 'pending' and ${eb.ref('runAt')} <= ${now} then ${eb.ref('runAt')} end)`.as(
        'oldestWaitingAt',
      ),
    ])
    .where('status', 'in', ['pending', 'running', 'failed'])
    .groupBy('kind')
    .execute();
}

/** The state of the jobs of these unique keys, key → status (a finished job that was cleaned up has none). */
export async function jobStatesByKeys(db: Executor, keys: readonly string[]): Promise<Map<string, JobStatus>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('jobs').select(['uniqueKey', 'status']).where('uniqueKey', 'in', keys).execute();
  return new Map(rows.map((r) => [r.uniqueKey!, r.status]));
}
