import { randomUUID } from 'node:crypto';
import { API_BASE } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, registerCompany, type TestApp } from '../../test/helpers';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { openSubmission, uploadInto } from '../../test/submissions';
import { enqueueJob } from '../modules/jobs';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** One sample's value from the Prometheus text (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe(`GET /metrics (${dialect})`, () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    // An SMTP server that refuses every recipient: mail fails.
    smtp = await startSmtp({ refuse: () => 550 });
    t = await createTestApp({ METRICS_TOKEN: TOKEN, SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    smtp.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses a scrape without the token and with a wrong one', async () => {
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.body).not.toMatch(/bansi_/);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const notBearer = await t.app.inject({ url: '/metrics', headers: { authorization: TOKEN } });
    expect(notBearer.statusCode).toBe(401);
  });

  it('is 404 when no METRICS_TOKEN is set', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts a request under its route pattern, never the raw URL', async () => {
    const id = '6f1c2d3e-0000-4000-8000-000000000001';
    const res = await t.app.inject({ url: `${API_BASE}/files/${id}` });
    expect(res.statusCode).toBe(401);
    const text = await scrape();
    expect(text).not.toContain(id);
    const labels = { method: 'GET', route: `${API_BASE}/files/:id`, status: '401' };
    expect(sample(text, 'bansi_http_request_duration_seconds_count', labels)).toBe(1);
    expect(sample(text, 'bansi_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(1);
  });

  it('shows a failing job as failed, and waiting jobs with the age of the oldest', async () => {
    t.app.jobs.register('test.fails', async () => {
      throw new Error('always fails');
    });
    const before = await scrape();
    expect(sample(before, 'bansi_jobs', { kind: 'test.fails', state: 'failed' }) ?? 0).toBe(0);

    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await enqueueJob(t.db.kysely, 'test.fails', {}, { maxAttempts: 1 });
    await enqueueJob(t.db.kysely, 'test.waits', {}, { runAt: hourAgo });
    await t.app.jobs.runDue({ kinds: ['test.fails'] });

    const after = await scrape();
    expect(sample(after, 'bansi_jobs', { kind: 'test.fails', state: 'failed' })).toBe(1);
    expect(sample(after, 'bansi_jobs', { kind: 'test.waits', state: 'waiting' })).toBe(1);
    expect(sample(after, 'bansi_jobs_oldest_waiting_seconds', { kind: 'test.waits' })).toBeGreaterThanOrEqual(3600);
  });

  it('counts a mail whose last attempt the SMTP server refused', async () => {
    const before = sample(await scrape(), 'bansi_mail_failed');
    const { body } = await registerCompany(t);
    const mail = await t.db.kysely.selectFrom('outbox').select('id').where('toAddress', '=', body.user.email).executeTakeFirstOrThrow();
    // The mail job's last attempt, now.
    await t.db.kysely
      .updateTable('jobs')
      .set((eb) => ({ attempts: eb('maxAttempts', '-', 1) }))
      .where('uniqueKey', '=', `mail:${mail.id}`)
      .execute();
    await t.app.drainOutbox();
    expect(sample(await scrape(), 'bansi_mail_failed')).toBe(before! + 1);
  });

  it('counts the bytes of an upload and times its requests', async () => {
    const before = await scrape();
    const { agent } = await registerCompany(t);
    const submission = await openSubmission(agent, 2023);
    const { last, data } = await uploadInto(agent, submission.id, 'balance-sheet');
    expect(last.statusCode).toBe(204);
    const after = await scrape();
    expect(sample(after, 'bansi_upload_bytes_total')! - (sample(before, 'bansi_upload_bytes_total') ?? 0)).toBe(data.length);
    expect(sample(after, 'bansi_upload_request_duration_seconds_count')!).toBeGreaterThan(
      sample(before, 'bansi_upload_request_duration_seconds_count') ?? 0,
    );
  });

  it('reports the database connections in use, and the age of the last good backup (NaN before the first)', async () => {
    const text = await scrape();
    expect(sample(text, 'bansi_db_connections_in_use')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'bansi_last_backup_age_seconds')).toBeNaN();
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const run = (at: string, result: 'ok' | 'failed') => ({
      id: randomUUID(),
      startedAt: at,
      finishedAt: at,
      fileName: result === 'ok' ? `bansi-${at}.tar.gz` : null,
      size: result === 'ok' ? 1000 : 0,
      result,
      error: result === 'ok' ? null : 'disk full',
    });
    // A good backup two days ago, then a failed one an hour ago: the age is the good one's.
    await t.db.kysely
      .insertInto('backups')
      .values([run(hoursAgo(48), 'ok'), run(hoursAgo(1), 'failed')])
      .execute();
    const age = sample(await scrape(), 'bansi_last_backup_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(48 * 3600);
    expect(age).toBeLessThan(49 * 3600);
  });
});
