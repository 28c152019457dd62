import { workerThread } from '../../lib/worker-thread';

/** The SQLite search worker thread (content.search.worker.ts; dist/content-search-worker.js in the bundle). */
const searchWorker = workerThread<{ file: string; sql: string; parameters: unknown[] }, unknown[]>('search', {
  source: new URL('./content.search.worker.ts', import.meta.url),
  bundled: new URL('./content-search-worker.js', import.meta.url),
});

/** The rows of a compiled read-only query on the SQLite database `file`, run in the worker thread. */
export function queryOffThread<Row>(file: string, query: { sql: string; parameters: readonly unknown[] }): Promise<Row[]> {
  return searchWorker.run({ file, sql: query.sql, parameters: [...query.parameters] }) as Promise<Row[]>;
}

/** Stops the worker (tests); the next query starts a new one. */
export const stopSearchWorker = () => searchWorker.stop();
