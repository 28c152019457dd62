import { Worker, parentPort, type Transferable } from 'node:worker_threads';

// Work that would hold the event loop longer than a request may (> 50 ms: typesetting a PDF, an
// FTS5 query of many common words) runs in a worker thread. One thread per kind of work (or a few, for
// work many requests wait on at once: search), started on first use and restarted if it dies; requests
// queue in it. It does not keep the process alive while idle.

const fromSource = import.meta.url.endsWith('.ts');

/**
 * The caller's side: `run(request)` posts the request to a worker and resolves with its answer.
 * `source` is the worker module (a .ts file, loaded through tsx when running from the sources: tests,
 * `tsx`), `bundled` its entry in dist/ (build.mjs), both as URLs relative to the caller. With
 * `threads` > 1, each request goes to the thread with the fewest requests waiting.
 */
export function workerThread<Request, Answer>(label: string, worker: { source: URL; bundled: URL }, { threads = 1 } = {}) {
  const pool = Array.from({ length: Math.max(1, threads) }, () => oneThread<Request, Answer>(label, worker));
  return {
    run(request: Request): Promise<Answer> {
      const idlest = pool.reduce((best, t) => (t.waiting() < best.waiting() ? t : best));
      return idlest.run(request);
    },
    /** Stops the threads (tests, shutdown); the next request starts them again. */
    async stop(): Promise<void> {
      await Promise.all(pool.map((t) => t.stop()));
    },
  };
}

function oneThread<Request, Answer>(label: string, worker: { source: URL; bundled: URL }) {
  let current: Worker | null = null;
  let nextId = 1;
  // Each request remembers its thread: a stopped thread's exit fails only its own requests, not a new thread's.
  const pending = new Map<number, { worker: Worker; resolve(answer: Answer): void; reject(e: Error): void }>();

  function start(): Worker {
    // Node 20 applies no `--import` hook to a worker's entry: from the sources it registers tsx's loader first.
    const w = fromSource
      ? new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(worker.source.href)}); });`, { eval: true })
      : new Worker(worker.bundled);
    w.on('message', (msg: { id: number; answer?: Answer; error?: string }) => {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.error === undefined) p.resolve(msg.answer as Answer);
      else p.reject(new Error(`${label} worker: ${msg.error}`));
      if (![...pending.values()].some((p) => p.worker === w)) w.unref();
    });
    const fail = (err: Error) => {
      if (current === w) current = null;
      for (const [id, p] of pending) {
        if (p.worker !== w) continue;
        pending.delete(id);
        p.reject(err);
      }
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`${label} worker exited (${code})`)));
    w.unref();
    return w;
  }

  return {
    waiting: () => pending.size,
    run(request: Request): Promise<Answer> {
      current ??= start();
      const w = current;
      const id = nextId++;
      return new Promise<Answer>((resolve, reject) => {
        pending.set(id, { worker: w, resolve, reject });
        w.ref();
        w.postMessage({ id, request });
      });
    },
    async stop(): Promise<void> {
      const w = current;
      current = null;
      if (w) await w.terminate();
    },
  };
}

/** The worker's side: answers each request with `handle` (its `transfer` list moves buffers instead of copying them). */
export function serveWorkerRequests<Request, Answer>(handle: (request: Request) => Promise<{ answer: Answer; transfer?: Transferable[] }>) {
  parentPort!.on('message', (msg: { id: number; request: Request }) => {
    handle(msg.request).then(
      ({ answer, transfer }) => parentPort!.postMessage({ id: msg.id, answer }, transfer ?? []),
      (err: unknown) => parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
    );
  });
}
