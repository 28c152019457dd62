import type { FastifyInstance } from 'fastify';
import { cleanUpStore } from './files.service';
import { Uploads } from './files.uploads';

const EVERY_HOUR = 3_600_000;
export const FILES_SWEEP_JOB = 'files.sweep';

/**
 * Start-up clean-up of the file store and the upload area (modules/housekeeping.ts calls it before listening):
 * temporary files, stored files that no table names (submission files, receipts, library files,
 * cover images — every kind registers its keys in files.owners.ts), uploads that already became
 * files or lost their data, expired uploads. Then the same sweep runs every hour (the `files.sweep`
 * job, once across all processes), sparing anything younger than an hour.
 * Not run by test apps, which may share a DATA_DIR with a developer's data.
 */
export async function startFileHousekeeping(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const uploads = new Uploads(deps, app.log);
  // Other API processes may share an S3 bucket: spare what may belong to their open transactions.
  const shared = app.config.FILE_STORE === 's3';
  const store = await cleanUpStore(deps, { graceMs: shared ? EVERY_HOUR : 0 });
  const removedUploads = await uploads.cleanUp({ startup: !shared });
  app.log.info({ ...store, uploads: removedUploads }, 'file store cleaned up');
  // A periodic job, not a timer: with several API processes the sweep runs once an hour, not once per process.
  app.jobs.register(
    FILES_SWEEP_JOB,
    async () => {
      await cleanUpStore(deps, { graceMs: EVERY_HOUR });
      await uploads.cleanUp({ startup: false });
    },
    { every: EVERY_HOUR },
  );
}
