import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true for a request that may rightly take minutes before it is answered (a tus PATCH receiving a file): not reported. */
    longRunning?: boolean;
  }
}

/** A request still unanswered this long is reported (once), and again when it is answered. */
export const SLOW_REQUEST_MS = 10_000;

/**
 * Reports requests that take too long to be answered, at `warn` (the level production and the
 * browser tests log at): a request still unanswered after SLOW_REQUEST_MS, with its method, route
 * and id — a request that never ends is seen too, which a log line written only on response cannot
 * do — and, when a reported request is answered or abandoned by its client, how long it took.
 * "Answered" is when the reply starts (onSend): a large download's body still on its way is not
 * slow work of the server. Routes declared `longRunning` are left out. Requests in flight are kept
 * in a map and looked at by one timer (no timer per request).
 */
export default fp(async function slowRequests(app: FastifyInstance, opts: { thresholdMs?: number } = {}) {
  const threshold = opts.thresholdMs ?? SLOW_REQUEST_MS;
  const inFlight = new Map<FastifyRequest, { startedAt: number; reported: boolean }>();
  const describe = (request: FastifyRequest) => ({ reqId: request.id, method: request.method, url: request.url, route: request.routeOptions.url });

  const finish = (request: FastifyRequest, status: string) => {
    const entry = inFlight.get(request);
    if (!entry) return;
    inFlight.delete(request);
    if (entry.reported) app.log.warn({ ...describe(request), ms: Math.round(performance.now() - entry.startedAt), status }, 'slow request ended');
  };
  // Callback hooks, not async ones: on every request, a promise less each.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.routeOptions.config?.longRunning) inFlight.set(request, { startedAt: performance.now(), reported: false });
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    finish(request, String(reply.statusCode));
    done(null, payload);
  });
  app.addHook('onRequestAbort', (request, done) => {
    finish(request, 'aborted by the client');
    done();
  });

  const timer = setInterval(
    () => {
      const now = performance.now();
      for (const [request, entry] of inFlight) {
        if (entry.reported || now - entry.startedAt < threshold) continue;
        entry.reported = true;
        app.log.warn({ ...describe(request), ms: Math.round(now - entry.startedAt) }, 'request still running');
      }
    },
    Math.max(10, threshold / 2),
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
