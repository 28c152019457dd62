import { availableParallelism } from 'node:os';
import { workerThread } from '../../lib/worker-thread';

/**
 * The SQLite search worker threads (content.search.worker.ts; dist/content-search-worker.js in the
 * bundle): one per core, up to four. A search for a common word keeps one busy for milliseconds while
 * the main thread only waits for it, so with one thread searches queued behind each other with a core
 * idle (decision 100, update of 2026-11-27).
 */
const searchWorker = workerThread<{ file: string; sql: string; parameters: unknown[] }, unknown[]>(
  'search',
  {
    source: new URL('./content.search.worker.ts', import.meta.url),
    bundled: new URL('./content-search-worker.js', import.meta.url),
  },
  { threads: Math.min(4, availableParallelism()) },
);

/** The rows of a compiled read-only query on the SQLite database `file`, run in the worker thread. */
export function queryOffThread<Row>(file: string, query: { sql: string; parameters: readonly unknown[] }): Promise<Row[]> {
  return searchWorker.run({ file, sql: query.sql, parameters: [...query.parameters] }) as Promise<Row[]>;
}

/** Stops the worker (tests); the next query starts a new one. */
export const stopSearchWorker = () => searchWorker.stop();
