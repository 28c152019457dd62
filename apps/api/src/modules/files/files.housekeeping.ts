import type { FastifyInstance } from 'fastify';
import { fileStoreOf } from './files.routes';
import { cleanUpStore, type FilesDeps } from './files.service';
import { Uploads } from './files.uploads';

const EVERY_HOUR = 3_600_000;

/**
 * Start-up clean-up of DATA_DIR/files and DATA_DIR/uploads (server.ts calls it before listening,
 * when no upload is in flight): temporary files, stored files without a row, uploads that already
 * became files or lost their data, expired uploads. Then expired uploads are swept every hour.
 * Not run by test apps, which may share a DATA_DIR with a developer's data.
 */
export async function startFileHousekeeping(app: FastifyInstance): Promise<() => void> {
  const deps: FilesDeps = { ...app.deps, store: fileStoreOf(app.config.DATA_DIR) };
  const uploads = new Uploads(deps, app.log);
  const store = await cleanUpStore(deps);
  const removedUploads = await uploads.cleanUp({ startup: true });
  app.log.info({ ...store, uploads: removedUploads }, 'file store cleaned up');
  const timer = setInterval(() => {
    uploads.cleanUp({ startup: false }).catch((err: unknown) => app.log.error({ err }, 'upload clean-up failed'));
  }, EVERY_HOUR);
  timer.unref();
  return () => clearInterval(timer);
}
