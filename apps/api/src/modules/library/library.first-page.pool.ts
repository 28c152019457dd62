import { workerThread } from '../../lib/worker-thread';
import type { FirstPagePicture } from './library.first-page.render';

/** The first-page worker thread (library.first-page.worker.ts; dist/library-first-page-worker.js in the bundle). */
const firstPageWorker = workerThread<Uint8Array, FirstPagePicture>('library first page', {
  source: new URL('./library.first-page.worker.ts', import.meta.url),
  bundled: new URL('./library-first-page-worker.js', import.meta.url),
});

/** Far longer than any page seen (0.1–0.3 s): a PDF that holds pdf.js this long is taken as one it cannot draw. */
export const FIRST_PAGE_TIMEOUT_MS = 60_000;

/**
 * The first page of `pdf` as a WebP, drawn in the worker thread (the event loop stays free meanwhile). A drawing
 * that takes longer than `timeoutMs` stops the thread (the next picture starts a new one) and fails: a PDF made to
 * loop would otherwise hold the process's job worker, and every job behind it, for ever.
 */
export async function renderFirstPageOffThread(pdf: Uint8Array, timeoutMs = FIRST_PAGE_TIMEOUT_MS): Promise<FirstPagePicture> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`the first page took longer than ${timeoutMs} ms`));
      void firstPageWorker.stop();
    }, timeoutMs);
  });
  try {
    return await Promise.race([firstPageWorker.run(pdf), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Stops the worker (tests, shutdown); the next picture starts a new one. */
export const stopFirstPageWorker = () => firstPageWorker.stop();
