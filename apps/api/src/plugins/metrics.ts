import { timingSafeEqual, createHash } from 'node:crypto';
import { API_BASE, FilePaths } from '@bansi/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { nowIso } from '../lib/crypto';
import { notFound, unauthenticated } from '../lib/errors';
import { jobQueueByKind } from '../modules/jobs';
import { MAIL_JOB } from '../modules/mail';

/** When the last good backup finished (ISO-8601), or null when none is known. */
export type LastBackupSource = () => Promise<string | null>;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      readonly registry: Registry;
      /** The backup feature says where its last backup's time is read; until then the backup gauge is absent. */
      setLastBackupSource(source: LastBackupSource): void;
    };
  }
}

const UPLOADS = `${API_BASE}${FilePaths.uploads}`;
const digest = (v: string) => createHash('sha256').update(v).digest();

/**
 * GET /metrics in the Prometheus text format (decision 185). Each process has its own registry: request
 * and upload figures are this process's since it started; the queue, failed mail and backup figures are
 * read from the database when scraped, so every process reports the same ones. Only with the bearer
 * token METRICS_TOKEN (401 without or with another one); without METRICS_TOKEN the endpoint is 404.
 */
export default fp(async function metrics(app: FastifyInstance) {
  const registry = new Registry();
  const db = app.db;
  let lastBackupAt: LastBackupSource | null = null;

  const requestDuration = new Histogram({
    name: 'bansi_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'bansi_upload_bytes_total',
    help: 'Bytes received by resumable uploads (tus POST and PATCH requests answered 2xx)',
    registers: [registry],
  });
  const uploadDuration = new Histogram({
    name: 'bansi_upload_request_duration_seconds',
    help: 'Time of one upload request (a tus POST or PATCH carrying bytes)',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  });

  const jobs = new Gauge({
    name: 'bansi_jobs',
    help: 'Jobs by kind and state (waiting = due and not yet claimed)',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
  });
  const oldestWaiting = new Gauge({
    name: 'bansi_jobs_oldest_waiting_seconds',
    help: 'Age of the oldest job that is due and not yet claimed, by kind (0 when none waits)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const mailFailed = new Gauge({ name: 'bansi_mail_failed', help: 'Mails the SMTP server never took (all attempts spent)', registers: [registry] });
  const poolInUse = new Gauge({
    name: 'bansi_db_connections_in_use',
    help: 'Database connections running a query (PostgreSQL pool of this process; SQLite: 0, its one connection is synchronous)',
    registers: [registry],
  });
  // Registered only once the backup feature names its source: absent, not 0, while nothing is known.
  const backupAge = new Gauge({ name: 'bansi_last_backup_age_seconds', help: 'Seconds since the last good backup finished', registers: [] });

  /** Reads the figures that live in the database (one query per table), just before a scrape. */
  async function collectFromDatabase() {
    const now = nowIso();
    const [queue, backupAt] = await Promise.all([jobQueueByKind(db.kysely, now), lastBackupAt ? lastBackupAt() : Promise.resolve(null)]);
    jobs.reset();
    oldestWaiting.reset();
    for (const row of queue) {
      jobs.set({ kind: row.kind, state: 'waiting' }, Number(row.waiting));
      jobs.set({ kind: row.kind, state: 'running' }, Number(row.running));
      jobs.set({ kind: row.kind, state: 'failed' }, Number(row.failed));
      oldestWaiting.set({ kind: row.kind }, row.oldestWaitingAt ? Math.max(0, (Date.parse(now) - Date.parse(row.oldestWaitingAt)) / 1000) : 0);
    }
    // A mail's one queue entry is its 'mail.send' job (decision 200): failed mail is that kind's failed jobs.
    mailFailed.set(Number(queue.find((row) => row.kind === MAIL_JOB)?.failed ?? 0));
    poolInUse.set(db.connectionsInUse());
    // No backup yet: NaN (an alert on "older than 26 h" must not read it as fresh).
    backupAge.set(backupAt ? Math.max(0, (Date.parse(now) - Date.parse(backupAt)) / 1000) : NaN);
  }

  // Callback hook (no promise per request); Fastify measures the time since the request arrived.
  app.addHook('onResponse', (request, reply, done) => {
    const seconds = reply.elapsedTime / 1000;
    // The route pattern (/api/v1/files/:id), never the URL: one series per route, whatever the ids.
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, seconds);
    if ((request.method === 'PATCH' || request.method === 'POST') && route.startsWith(UPLOADS) && reply.statusCode < 300) {
      uploadBytes.inc(Number(request.headers['content-length'] ?? 0) || 0);
      uploadDuration.observe(seconds);
    }
    done();
  });

  app.decorate('metrics', {
    registry,
    setLastBackupSource(source: LastBackupSource) {
      if (!lastBackupAt) registry.registerMetric(backupAge);
      lastBackupAt = source;
    },
  });

  const expected = app.config.METRICS_TOKEN ? digest(app.config.METRICS_TOKEN) : null;
  app.get('/metrics', { config: { audience: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!expected) throw notFound();
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    // Both sides hashed first: equal lengths for timingSafeEqual, and no length leaked.
    if (!timingSafeEqual(digest(given), expected)) {
      void reply.header('www-authenticate', 'Bearer');
      throw unauthenticated();
    }
    await collectFromDatabase();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
