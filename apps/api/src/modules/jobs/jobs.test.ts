import { API_BASE } from '@bansi/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, createTestApp, dialect, loginAs, type TestApp } from '../../../test/helpers';
import { createTwoApps, type TwoApps } from '../../../test/two-apps';
import { enqueueJob } from './jobs.service';

describe(`jobs: two workers on one database (${dialect})`, () => {
  let two: TwoApps;
  beforeAll(async () => {
    two = await createTwoApps();
  });
  afterAll(() => two.close());

  it('runs each of 200 jobs exactly once when two workers drain the queue at the same time', async () => {
    const runs = new Map<number, string[]>();
    two.apps.forEach((app, i) =>
      app.jobs.register('test.count', async (payload) => {
        const n = Number(payload.n);
        runs.set(n, [...(runs.get(n) ?? []), `worker${i}`]);
        // A little real work, so the two workers' claims interleave.
        await new Promise((r) => setTimeout(r, 1));
      }),
    );
    await two.db.kysely.transaction().execute(async (trx) => {
      for (let n = 0; n < 200; n++) await enqueueJob(trx, 'test.count', { n });
    });

    const done = await Promise.all(two.apps.map((app) => app.jobs.runDue({ kinds: ['test.count'] })));

    expect(done[0]! + done[1]!).toBe(200);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect([...runs.values()].filter((workers) => workers.length !== 1)).toEqual([]);
    // Both workers took part (the claim really is concurrent, not one worker doing everything).
    expect(done[0]).toBeGreaterThan(0);
    expect(done[1]).toBeGreaterThan(0);
    const rows = await two.db.kysely.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', 'test.count').execute();
    expect(rows).toHaveLength(200);
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it('enqueues a job with a uniqueKey at most once', async () => {
    await enqueueJob(two.db.kysely, 'test.count', { n: 1000 }, { uniqueKey: 'once' });
    await enqueueJob(two.db.kysely, 'test.count', { n: 1001 }, { uniqueKey: 'once' });
    const rows = await two.db.kysely.selectFrom('jobs').select('payload').where('uniqueKey', '=', 'once').execute();
    expect(rows.map((r) => JSON.parse(r.payload))).toEqual([{ n: 1000 }]);
  });
});

describe(`jobs: retries and failures (${dialect})`, () => {
  let t: TestApp;
  let attempts = 0;
  let healthy = false;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.jobs.register('test.flaky', async () => {
      attempts += 1;
      if (!healthy) throw new Error('the far end said no');
    });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const job = () => t.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'test.flaky').executeTakeFirstOrThrow();

  it('retries a failing job with growing back-off, then shows it failed to staff admins, who may retry it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-11-23T08:00:00.000Z');
    vi.setSystemTime(start);
    await enqueueJob(t.db.kysely, 'test.flaky', { invoice: 'x' }, { maxAttempts: 3 });

    expect(await t.app.jobs.runDue({ kinds: ['test.flaky'] })).toBe(0);
    let row = await job();
    expect([row.status, row.attempts, row.lastError]).toEqual(['pending', 1, 'the far end said no']);
    expect(Date.parse(row.runAt) - start.getTime()).toBe(2_000);

    // Not due yet: nothing runs.
    vi.setSystemTime(start.getTime() + 1_999);
    await t.app.jobs.runDue({ kinds: ['test.flaky'] });
    expect(attempts).toBe(1);

    vi.setSystemTime(start.getTime() + 2_000);
    await t.app.jobs.runDue({ kinds: ['test.flaky'] });
    row = await job();
    expect([row.status, row.attempts]).toEqual(['pending', 2]);
    expect(Date.parse(row.runAt) - (start.getTime() + 2_000)).toBe(4_000);

    vi.setSystemTime(start.getTime() + 6_000);
    await t.app.jobs.runDue({ kinds: ['test.flaky'] });
    row = await job();
    expect([row.status, row.attempts, attempts]).toEqual(['failed', 3, 3]);
    // Failed for good: later runs leave it alone.
    vi.setSystemTime(start.getTime() + 86_400_000);
    await t.app.jobs.runDue({ kinds: ['test.flaky'] });
    expect(attempts).toBe(3);
    vi.useRealTimers();

    const admin = await loginAs(t, 'staffAdmin');
    const failed = await admin.inject({ url: `${API_BASE}/staff/jobs?status=failed` });
    expect(failed.statusCode).toBe(200);
    const items = failed.json().items as { id: string; kind: string; status: string; attempts: number; lastError: string }[];
    expect(items.find((i) => i.id === row.id)).toMatchObject({ kind: 'test.flaky', status: 'failed', attempts: 3, lastError: 'the far end said no' });
    expect(JSON.stringify(failed.json())).not.toContain('invoice'); // the payload stays server-side
    const pending = await admin.inject({ url: `${API_BASE}/staff/jobs?status=pending` });
    expect(pending.json().items.some((i: { id: string }) => i.id === row.id)).toBe(false);

    // Retry: back in the queue, runs (the far end is back), and the retry is in the audit log.
    const retried = await admin.inject({ method: 'POST', url: `${API_BASE}/staff/jobs/${row.id}/retry` });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', attempts: 0 });
    healthy = true;
    expect(await t.app.jobs.runDue({ kinds: ['test.flaky'] })).toBe(1);
    expect((await job()).status).toBe('done');
    const audit = await t.db.kysely.selectFrom('auditLog').selectAll().where('action', '=', 'job.retry').execute();
    expect(audit.map((a) => [a.subjectId, a.actorUserId])).toEqual([[row.id, admin.userId]]);

    // Only a failed job can be retried: 409 in the caller's language; an unknown id 404.
    const again = await admin.inject({ method: 'POST', url: `${API_BASE}/staff/jobs/${row.id}/retry`, headers: { 'accept-language': 'lo' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'JOB_NOT_FAILED' });
    expect(again.json().title).toMatch(/[\u0E80-\u0EFF]/);
    const unknown = await admin.inject({ method: 'POST', url: `${API_BASE}/staff/jobs/00000000-0000-4000-8000-000000000000/retry` });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses the job list to reviewers and company users, and a bad filter with a 400', async () => {
    const reviewer = await loginAs(t, 'staff');
    expect((await reviewer.inject({ url: `${API_BASE}/staff/jobs?status=failed` })).statusCode).toBe(403);
    const company = await loginAs(t, 'companyAdmin');
    expect((await company.inject({ url: `${API_BASE}/staff/jobs?status=failed` })).statusCode).toBe(403);
    const admin = await loginAs(t, 'staffAdmin');
    expect((await admin.inject({ url: `${API_BASE}/staff/jobs?status=exploded` })).statusCode).toBe(400);
    expect((await new Agent(t).inject({ url: `${API_BASE}/staff/jobs` })).statusCode).toBe(401);
  });

  it('keeps one pending run of a periodic kind, whichever process schedules it', async () => {
    let runs = 0;
    t.app.jobs.register('test.periodic', async () => void (runs += 1), { every: 60_000 });
    await t.app.jobs.runDue({ kinds: ['test.periodic'] });
    await t.app.jobs.runDue({ kinds: ['test.periodic'] });
    const pending = await t.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'test.periodic').execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.status).toBe('pending');
    expect(Date.parse(pending[0]!.runAt) % 60_000).toBe(0);
    expect(runs).toBe(0);
  });
});
