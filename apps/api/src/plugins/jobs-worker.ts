import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addMs, newId, nowIso } from '../lib/crypto';
import { claimDueJobs, deleteDoneJobs, finishJob } from '../modules/jobs/jobs.repository';
import { backoffMs, enqueueJob, type JobHandler } from '../modules/jobs/jobs.service';

const POLL_MS = 1_000;
const BATCH = 10;
/** A claimed job not finished within this time is taken again by another worker. */
const LEASE_MS = 5 * 60_000;
const KEEP_DONE_MS = 7 * 24 * 3_600_000;

export interface JobsApi {
  /** Declares the handler of a kind; with `every`, one pending run of the kind is always kept. */
  register(kind: string, handler: JobHandler, options?: { every?: number }): void;
  /** Runs what is due now (all kinds or the ones named) until nothing is due; answers how many succeeded. */
  runDue(options?: { kinds?: readonly string[] }): Promise<number>;
  /** This process's worker id (as written into `jobs.locked_by`). */
  readonly workerId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobsApi;
  }
}

/**
 * The one background worker: every API process runs it; the database hands each due job to exactly
 * one of them (see claimDueJobs). A handler that throws is retried with back-off until its
 * maxAttempts, then the job is 'failed' and staff admins see it at GET /staff/jobs?status=failed.
 * Register it before the feature modules: their route plugins call app.jobs.register.
 */
export default fp(async function jobsWorker(app: FastifyInstance, opts: { start: boolean }) {
  const db = app.db.kysely;
  const handlers = new Map<string, { handler: JobHandler; every?: number }>();
  const scheduledSlot = new Map<string, string>();
  const workerId = `${process.pid}-${newId()}`;

  /** Keeps one pending run per periodic kind; all processes compute the same slot, so one row. */
  async function schedulePeriodic(now: string) {
    for (const [kind, { every }] of handlers) {
      if (!every) continue;
      const slot = new Date((Math.floor(Date.parse(now) / every) + 1) * every).toISOString();
      if (scheduledSlot.get(kind) === slot) continue;
      await enqueueJob(db, kind, {}, { runAt: slot, uniqueKey: `every:${kind}:${slot}` });
      scheduledSlot.set(kind, slot);
    }
  }

  async function runOne(job: Awaited<ReturnType<typeof claimDueJobs>>[number]): Promise<boolean> {
    const entry = handlers.get(job.kind);
    const lastAttempt = job.attempts >= job.maxAttempts;
    try {
      if (!entry) throw new Error(`no handler for job kind ${job.kind}`);
      await entry.handler(JSON.parse(job.payload) as Record<string, unknown>, {
        deps: app.deps,
        job: { id: job.id, kind: job.kind, attempts: job.attempts, maxAttempts: job.maxAttempts },
        lastAttempt,
      });
      const now = nowIso();
      await finishJob(db, job.id, workerId, { status: 'done', finishedAt: now, lastError: null, updatedAt: now });
      return true;
    } catch (err) {
      app.log.warn({ err, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
      const now = nowIso();
      await finishJob(db, job.id, workerId, {
        status: lastAttempt ? 'failed' : 'pending',
        runAt: addMs(now, backoffMs(job.attempts)),
        lastError: String((err as Error)?.message ?? err).slice(0, 1000),
        finishedAt: lastAttempt ? now : null,
        updatedAt: now,
      });
      return false;
    }
  }

  const api: JobsApi = {
    workerId,
    register(kind, handler, options = {}) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      handlers.set(kind, { handler, ...(options.every ? { every: options.every } : {}) });
    },
    async runDue(options = {}) {
      let succeeded = 0;
      for (;;) {
        const now = nowIso();
        await schedulePeriodic(now);
        const claimed = await claimDueJobs(db, {
          workerId,
          now,
          lockedUntil: addMs(now, LEASE_MS),
          limit: BATCH,
          ...(options.kinds ? { kinds: options.kinds } : {}),
        });
        if (claimed.length === 0) return succeeded;
        for (const job of claimed) if (await runOne(job)) succeeded += 1;
      }
    },
  };
  app.decorate('jobs', api);

  // Finished jobs are kept a week (for looking into), then removed by a job of their own.
  api.register('jobs.cleanup', async () => void (await deleteDoneJobs(db, addMs(nowIso(), -KEEP_DONE_MS))), { every: 3_600_000 });

  if (!opts.start) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = api
      .runDue()
      .catch((err: unknown) => app.log.error({ err }, 'job worker failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, POLL_MS);
      });
  };
  // Start once every plugin has registered its handlers.
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, 0);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
});
