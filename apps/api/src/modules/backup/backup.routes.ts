import type { FastifyPluginAsync } from 'fastify';
import { enqueueJob } from '../jobs/jobs.service';
import { nextDailyRun, runBackup } from './backup.service';

export const NIGHTLY_BACKUP = 'backup.nightly';

/**
 * The nightly backup (BACKUP_SCHEDULE, a time of day; none: off): a job on the jobs table, so that one
 * process of several makes it. Each run queues the next one; start-up queues the first (once: unique key).
 */
const backupRoutes: FastifyPluginAsync = async (app) => {
  const schedule = app.deps.config.BACKUP_SCHEDULE;
  if (!schedule) return;
  const queueNext = async () => {
    const runAt = nextDailyRun(schedule, new Date());
    await enqueueJob(app.deps.db, NIGHTLY_BACKUP, {}, { runAt, uniqueKey: `${NIGHTLY_BACKUP}:${runAt}`, maxAttempts: 2 });
  };
  app.jobs.register(NIGHTLY_BACKUP, async (_payload, ctx) => {
    try {
      await runBackup({ db: app.db, store: ctx.deps.store, config: ctx.deps.config });
    } finally {
      await queueNext();
    }
  });
  app.addHook('onReady', queueNext);
};

export default backupRoutes;
