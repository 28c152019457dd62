import type { FastifyInstance } from 'fastify';
import { adoptLegacyImages } from './content';
import { startFileHousekeeping } from './files';
import { adoptLegacyLibraryFiles, queueFirstPageSweep } from './library';

/**
 * Start-up housekeeping of the file store (start.ts calls it before listening): first the features
 * move the files of the old stores into the one FileStore, then the store is cleaned up — so no file
 * that a row is about to name is taken for an orphan. Last, the library's missing first pages are queued.
 */
export async function startHousekeeping(app: FastifyInstance): Promise<void> {
  const adopted = { library: await adoptLegacyLibraryFiles(app.deps, app.log), images: await adoptLegacyImages(app.deps, app.log) };
  if (adopted.library || adopted.images) app.log.info(adopted, 'files of the old stores moved into the file store');
  await startFileHousekeeping(app);
  // The first pages the library's files lack (decision 287): drawn by the job worker, not before listening.
  await queueFirstPageSweep(app.deps.db);
}
