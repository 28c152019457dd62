import { Worker } from 'node:worker_threads';
import type { NotesPdfInput } from './notes.pdf';

/**
 * One worker thread that renders notes PDFs (notes.pdf.worker.ts), started on first use and
 * restarted if it dies; requests queue in it. From the TypeScript sources (tests, `tsx`) the worker
 * loads its .ts file through tsx; from the bundle (dist/server.js, dist/cli.js) it is
 * dist/notes-pdf-worker.js (build.mjs).
 */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_URL = fromSource ? new URL('./notes.pdf.worker.ts', import.meta.url) : new URL('./notes-pdf-worker.js', import.meta.url);

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve(b: Buffer): void; reject(e: Error): void }>();

function start(): Worker {
  // From the sources the worker registers tsx's loader first (Node 20 applies no `--import` hook to a worker's entry).
  const w = fromSource
    ? new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`, { eval: true })
    : new Worker(WORKER_URL);
  w.on('message', (msg: { id: number; bytes?: Uint8Array; error?: string }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.bytes) p.resolve(Buffer.from(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength));
    else p.reject(new Error(`notes PDF worker: ${msg.error}`));
    if (pending.size === 0) w.unref();
  });
  const fail = (err: Error) => {
    if (worker === w) worker = null;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`notes PDF worker exited (${code})`)));
  w.unref();
  return w;
}

/** The PDF of `input`, rendered in the worker thread (the event loop stays free meanwhile). */
export function renderNotesPdfOffThread(input: NotesPdfInput): Promise<Buffer> {
  worker ??= start();
  const w = worker;
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, input });
  });
}

/** Stops the worker (tests, graceful shutdown); the next render starts a new one. */
export async function stopNotesPdfWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
