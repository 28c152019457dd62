import type { Executor } from '../../lib/deps';
import { enqueueJob } from '../jobs';

/** Draws one library file's first page (payload `{ fileId }`). */
export const FIRST_PAGE_JOB = 'library.first-page';
/** Queues a FIRST_PAGE_JOB for every library file that has no first-page row yet (queued at each start). */
export const FIRST_PAGE_SWEEP_JOB = 'library.first-page.sweep';

/**
 * Queues the drawing of these files' first pages in the caller's transaction: it runs only if the files are
 * stored. Once per file (its unique key), however often a sweep finds it before the job ran. A read of the
 * store that fails is tried again, three times in all; a PDF that cannot be drawn is not (library.first-page.ts).
 */
export async function queueFirstPages(trx: Executor, fileIds: readonly string[]): Promise<void> {
  for (const fileId of fileIds) await enqueueJob(trx, FIRST_PAGE_JOB, { fileId }, { uniqueKey: `${FIRST_PAGE_JOB}:${fileId}`, maxAttempts: 3 });
}

/**
 * Start-up housekeeping (modules/housekeeping.ts): one sweep per start, so a database older than the pictures, or a
 * file whose job was lost, gets its first page. Each file is queued once (its key), however many processes start.
 */
export async function queueFirstPageSweep(db: Executor): Promise<void> {
  await enqueueJob(db, FIRST_PAGE_SWEEP_JOB, {});
}
