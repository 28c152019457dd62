import { BackupPaths, LastBackupView } from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enqueueJob } from '../jobs';
import { lastBackup, lastGoodBackupAt, nextDailyRun, runBackup } from './backup.service';

export const NIGHTLY_BACKUP = 'backup.nightly';

/**
 * The last backup for staff admins (a panel of the audit screen), and the nightly backup (BACKUP_SCHEDULE,
 * a time of day; none: off): a job on the jobs table, so that one process of several makes it. Each run
 * queues the next one; start-up queues the first (once: unique key).
 */
const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BackupPaths.last,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags: ['staff'], summary: "The last backup's time, size and result", response: { 200: LastBackupView } },
    },
    async () => ({ backup: await lastBackup(app.deps.db) }),
  );

  // GET /metrics' bansi_last_backup_age_seconds (decision 185) reads the last good backup from here.
  app.metrics.setLastBackupSource(() => lastGoodBackupAt(app.deps.db));

  const schedule = app.deps.config.BACKUP_SCHEDULE;
  if (!schedule) return;
  // The next run after `after` (a run queues the one after its own time, even when it ran early or late).
  const queueNext = async (after: Date) => {
    const runAt = nextDailyRun(schedule, after);
    await enqueueJob(app.deps.db, NIGHTLY_BACKUP, { at: runAt }, { runAt, uniqueKey: `${NIGHTLY_BACKUP}:${runAt}`, maxAttempts: 2 });
  };
  app.jobs.register(NIGHTLY_BACKUP, async (payload, ctx) => {
    try {
      await runBackup({ db: app.db, store: ctx.deps.store, config: ctx.deps.config });
    } finally {
      const at = typeof payload.at === 'string' ? Date.parse(payload.at) : 0;
      await queueNext(new Date(Math.max(Date.now(), at)));
    }
  });
  app.addHook('onReady', () => queueNext(new Date()));
};

export default backupRoutes;
