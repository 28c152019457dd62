import { workerThread } from '../../lib/worker-thread';
import type { FirstPagePicture } from './library.first-page.render';

/** The first-page worker thread (library.first-page.worker.ts; dist/library-first-page-worker.js in the bundle). */
const firstPageWorker = workerThread<Uint8Array, FirstPagePicture>('library first page', {
  source: new URL('./library.first-page.worker.ts', import.meta.url),
  bundled: new URL('./library-first-page-worker.js', import.meta.url),
});

/** The first page of `pdf` as a WebP, drawn in the worker thread (the event loop stays free meanwhile). */
export const renderFirstPageOffThread = (pdf: Uint8Array) => firstPageWorker.run(pdf);

/** Stops the worker (tests, shutdown); the next picture starts a new one. */
export const stopFirstPageWorker = () => firstPageWorker.stop();
