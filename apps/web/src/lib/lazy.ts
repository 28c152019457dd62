import { lazy, type ComponentType } from 'react';

/** DESIGN §2: a screen that has not loaded after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
const RETRY_DELAY_MS = 1_000;

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('chunk failed to load', { cause });
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), CHUNK_TIMEOUT_MS);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

/** Loads a chunk, retries once after a short pause, and otherwise throws a ChunkLoadError. */
async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await withTimeout(load());
  } catch {
    await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
    try {
      return await withTimeout(load());
    } catch (err) {
      throw new ChunkLoadError(err);
    }
  }
}

/**
 * A lazy route for the data router: loads the screen's chunk, retries once after a short
 * pause, and otherwise throws a ChunkLoadError that the route error screen turns into a reload button.
 * The route itself must not have an errorElement: React Router (7.x) keeps a route whose lazy() rejected
 * as still loading and renders nothing below its fallback — a blank page. The parent's boundary shows it.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await loadChunk(load)).default });
}

/**
 * A part of a screen not shown at first paint (a wizard's later step, a staff-only panel) in its own
 * chunk, so the screen's first download does not carry it (issue 29: a screen's own JavaScript ≤ 100 kB,
 * `npm run bench:bundle`). Render it inside <Suspense>; a failed load reaches the route's error screen.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await loadChunk(load) }));
}
