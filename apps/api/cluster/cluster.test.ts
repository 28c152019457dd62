import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { ApiKeyPaths, AuthPaths, FeedPaths, FilePaths, SubmissionPaths, WebhookPaths, apiKeyUrl, type WebhookDeliveryPage } from '@bansi/shared';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { pdfBytes } from '../test/file-fixtures';
import { verifySignature } from '../src/lib/signature';
import { ensureServerBuilt } from '../test/server-process';
import { api, ClusterClient, RequestTimeout, type Answer } from './client';
import { CLI_JS, REPO_ROOT, startCluster, type Cluster } from './cluster';
import { startPrivatePostgres, type PrivatePostgres } from './postgres';

/**
 * DESIGN §8.6 on one machine: three built API processes on ONE PostgreSQL (a private server this test
 * starts, so it may stop it) and ONE s3rver bucket, behind the round-robin proxy, with the real login
 * rate limit and a real SMTP server on loopback. Nothing a request needs may live in one process.
 */

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MB = 1024 * 1024;
const REQUIRED_SLOTS = ['balance-sheet', 'income-statement', 'cash-flow', 'notes'] as const;
const STAFF = { email: 'reviewer@cluster.test', password: 'a long reviewer passphrase 2024' };
const ADMIN = { email: 'admin@cluster.test', password: 'a long admin passphrase 2024' };

interface Received {
  to: string[];
}

describe('three API processes on PostgreSQL and S3 behind a proxy', () => {
  let postgres: PrivatePostgres;
  let cluster: Cluster;
  let smtp: SMTPServer;
  let db: pg.Pool;
  const received: Received[] = [];
  const clients: ClusterClient[] = [];
  const client = (address = '127.0.0.1') => {
    const c = new ClusterClient(cluster.url, address);
    clients.push(c);
    return c;
  };
  let company: ClusterClient;
  let submissionId: string;
  // Outgoing events: a local receiver, two endpoints on it (the filing accepted below is sent to each once).
  let receiver: Server;
  const posted: { path: string; body: string; signature: string }[] = [];
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    await ensureServerBuilt();
    postgres = await startPrivatePostgres();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    // No RATE_LIMIT_AUTH_PER_MINUTE override: the real limit (10 a minute per address and route).
    cluster = await startCluster({ databaseUrl: postgres.url, env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'warn' } });
    db = new pg.Pool({ connectionString: postgres.url, max: 2 });
    db.on('error', () => undefined); // the PostgreSQL restart below ends its idle connections too
    for (const [who, role, name] of [
      [STAFF, 'staff_reviewer', 'Cluster Reviewer'],
      [ADMIN, 'staff_admin', 'Cluster Admin'],
    ] as const) {
      await promisify(execFile)(
        process.execPath,
        [CLI_JS, 'staff:create', '--email', who.email, '--name', name, '--role', role, '--password', who.password],
        { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', DATABASE_URL: postgres.url, LOG_LEVEL: 'warn' } },
      );
    }
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        posted.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['x-bansi-signature']) });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    // The admin logs in from an address of its own: the log-in limit test below counts 127.0.0.1's attempts.
    const admin = client('127.0.0.12');
    expect((await admin.login(ADMIN.email, ADMIN.password)).status).toBe(200);
    for (const path of ['/one', '/two']) {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
      const created = await admin.fetch('POST', api(WebhookPaths.endpoints), { body: { url, events: ['filing.accepted'] } });
      expect(created.status, created.body.toString()).toBe(201);
      secrets.set(path, created.json<{ secret: string }>().secret);
    }
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await db?.end();
    await cluster?.stop();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await postgres?.destroy();
  });

  it('runs the company and staff flows, a tus upload spread over the processes, and the receipt', async () => {
    company = client();
    await company.registerCompany();
    const opened = await company.fetch('POST', api(SubmissionPaths.list), { body: { bookYear: 2023 } });
    expect([200, 201], opened.body.toString()).toContain(opened.status);
    submissionId = opened.json<{ id: string }>().id;
    const patched = await company.fetch('PATCH', api(SubmissionPaths.one(submissionId)), {
      body: {
        version: opened.json<{ version: number }>().version,
        departmentId: await company.referenceId('departments', 'retail'),
        averageLabour: 12,
        totalAssets: 850_000_000,
        annualIncome: 1_250_000_000,
      },
    });
    expect(patched.status, patched.body.toString()).toBe(200);

    // The balance sheet goes up in eight PATCHes: round robin sends them to all three processes.
    const big = pdfBytes(4 * MB + 321);
    const uploads: Record<string, string> = {};
    for (const slot of REQUIRED_SLOTS) {
      const data = slot === 'balance-sheet' ? big : pdfBytes(2000);
      const up = await company.upload({ ownerKind: 'submission', ownerId: submissionId, slot, filename: `${slot}.pdf` }, data, {
        chunkSize: 512 * 1024,
      });
      uploads[slot] = up.fileId;
      if (slot === 'balance-sheet') {
        expect(up.patchesServedBy).toHaveLength(9);
        expect(new Set(up.patchesServedBy).size).toBe(3);
      }
    }
    const content = await company.fetch('GET', api(FilePaths.content(uploads['balance-sheet']!)));
    expect(content.status).toBe(200);
    expect(sha256(content.body)).toBe(sha256(big));

    const detail = await company.fetch('GET', api(SubmissionPaths.one(submissionId)));
    const submitted = await company.fetch('POST', api(SubmissionPaths.submit(submissionId)), {
      body: { version: detail.json<{ version: number }>().version, confirmWarnings: true },
    });
    expect(submitted.status, submitted.body.toString()).toBe(200);

    const staff = client();
    expect((await staff.login(STAFF.email, STAFF.password)).status).toBe(200);
    const review = await staff.fetch('POST', api(SubmissionPaths.staffAction(submissionId, 'start-review')), {
      body: { version: submitted.json<{ version: number }>().version },
    });
    expect(review.status, review.body.toString()).toBe(200);
    const accepted = await staff.fetch('POST', api(SubmissionPaths.staffAction(submissionId, 'accept')), {
      body: { version: review.json<{ version: number }>().version },
    });
    expect(accepted.status, accepted.body.toString()).toBe(200);

    const receipt = await company.fetch('GET', api(SubmissionPaths.receipt(submissionId)));
    expect(receipt.status).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');
    expect(receipt.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Another company reaches none of it, whichever process answers.
    const stranger = client();
    await stranger.registerCompany();
    for (let i = 0; i < 3; i++) {
      expect((await stranger.fetch('GET', api(SubmissionPaths.one(submissionId)))).status).toBe(404);
      expect((await stranger.fetch('GET', api(FilePaths.content(uploads['balance-sheet']!)))).status).toBe(404);
    }
  });

  it('refuses an API key revoked through one process on every process at once', async () => {
    const admin = client();
    expect((await admin.login(ADMIN.email, ADMIN.password)).status).toBe(200);
    const created = await admin.fetch('POST', api(ApiKeyPaths.list), { body: { name: 'Cluster software', scopes: ['filings:read'] } });
    expect(created.status, created.body.toString()).toBe(201);
    const { id, key } = created.json<{ id: string; key: string }>();
    // each process directly, not through the proxy
    const direct = cluster.processes.map((p) => new ClusterClient(`http://127.0.0.1:${p.port}`));
    clients.push(...direct);
    const feed = (c: ClusterClient) => c.fetch('GET', api(FeedPaths.filings), { headers: { authorization: `Bearer ${key}` } });
    for (const c of direct) {
      const res = await feed(c);
      expect(res.status, res.body.toString()).toBe(200);
      // the filing accepted above is in it, whichever process reads
      expect(res.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toContain(submissionId);
    }
    const revoked = await admin.fetch('DELETE', api(apiKeyUrl.one(id)));
    expect(revoked.status, revoked.body.toString()).toBe(200);
    for (const c of direct) expect((await feed(c)).status).toBe(401);
  });

  it('refuses the 11th log-in attempt of a minute from one address, whichever process gets it', async () => {
    const visitor = client('127.0.0.9');
    const answers: Answer[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await visitor.login(`nobody${i}-${randomBytes(3).toString('hex')}@cluster.test`, 'not the password'));
    }
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(answers[10]!.status).toBe(429);
    expect(answers[10]!.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(new Set(answers.map((a) => a.servedBy)).size).toBe(3);
    // Another address is not held back by it.
    expect((await client('127.0.0.10').login('someone@cluster.test', 'wrong')).status).toBe(401);
  });

  it('delivers each mail of the outbox exactly once, whichever process sends it', async () => {
    // Eight reset links at once (another address: the limit above holds for 127.0.0.9).
    const asker = client('127.0.0.11');
    const asked = await Promise.all(
      Array.from({ length: 8 }, () => asker.fetch('POST', api(AuthPaths.forgotPassword), { body: { email: company.email } })),
    );
    expect(asked.map((a) => a.status)).toEqual(Array(8).fill(202));

    // A mail's state is its 'mail.send' job's (decision 200): done once the SMTP server took it.
    const outbox = async () =>
      (
        await db.query<{ to_address: string; status: string }>(
          "select o.to_address, j.status from outbox o join jobs j on j.unique_key = 'mail:' || o.id and j.kind = 'mail.send'",
        )
      ).rows;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (await outbox()).some((m) => m.status !== 'done')) await new Promise((r) => setTimeout(r, 250));
    const rows = await outbox();
    expect(rows.filter((m) => m.status !== 'done')).toEqual([]);
    // welcome ×2 (and the kill test's company later), accepted ×1, reset ×8 at least
    expect(rows.length).toBeGreaterThanOrEqual(11);
    await new Promise((r) => setTimeout(r, 2_500)); // any second delivery would arrive now
    const count = (list: string[]) => list.reduce<Record<string, number>>((acc, to) => ({ ...acc, [to]: (acc[to] ?? 0) + 1 }), {});
    expect(count(received.flatMap((m) => m.to))).toEqual(count(rows.map((m) => m.to_address.toLowerCase())));

    // Scheduled work: the three workers agree on one pending run per periodic kind (the hourly file sweep,
    // reminders, clean-up), so none of it runs three times.
    const periodic = await db.query<{ kind: string; n: string }>(
      "select kind, count(*) as n from jobs where status = 'pending' and unique_key like 'every:%' and run_at > $1 group by kind order by kind",
      [new Date().toISOString()],
    );
    expect(periodic.rows.map((r) => r.kind)).toContain('files.sweep');
    expect(periodic.rows.every((r) => Number(r.n) === 1)).toBe(true);
  });

  it('sends one accepted filing once to each endpoint, signed, whichever process publishes and delivers it', async () => {
    // The filing accepted in the first test: three processes' job workers poll the one queue.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && posted.length < 2) await new Promise((r) => setTimeout(r, 250));
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // a doubled delivery would arrive meanwhile
    expect(posted.map((p) => p.path).sort()).toEqual(['/one', '/two']);
    for (const p of posted) {
      expect(verifySignature(secrets.get(p.path)!, p.signature, p.body)).toBe(true);
      expect(JSON.parse(p.body)).toMatchObject({ type: 'filing.accepted', subject: { kind: 'submission', id: submissionId } });
    }
    expect(new Set(posted.map((p) => JSON.parse(p.body).id)).size).toBe(1);
    const admin = client('127.0.0.12');
    expect((await admin.login(ADMIN.email, ADMIN.password)).status).toBe(200);
    const deliveries = (await admin.fetch('GET', api(WebhookPaths.deliveries))).json<WebhookDeliveryPage>().items;
    expect(deliveries.map((d) => [d.event, d.status, d.attempts])).toEqual([
      ['filing.accepted', 'delivered', 1],
      ['filing.accepted', 'delivered', 1],
    ]);
  });

  it('loses nothing of an upload when the process taking it is killed: the client resumes through another', async () => {
    const data = pdfBytes(6 * MB);
    let uploadId = '';
    let killed = -1;
    let patchesDone = 0;
    const killer = (async () => {
      const deadline = Date.now() + 30_000;
      // Once two PATCHes went through, kill the process taking the third, mid-request.
      while (Date.now() < deadline) {
        const patch = cluster.proxy.inFlight().find((r) => r.method === 'PATCH' && uploadId && r.url.endsWith(uploadId));
        if (patch && patchesDone >= 2) {
          killed = patch.upstream;
          await cluster.processes[killed]!.stop('SIGKILL');
          return;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const owner = client('127.0.0.13');
    await owner.registerCompany();
    const draft = await owner.fetch('POST', api(SubmissionPaths.list), { body: { bookYear: 2023 } });
    expect([200, 201], draft.body.toString()).toContain(draft.status);
    const up = await owner.upload(
      { ownerKind: 'submission', ownerId: draft.json<{ id: string }>().id, slot: 'balance-sheet', filename: 'ງົບດຸນ.pdf' },
      data,
      {
        chunkSize: MB,
        pace: 15,
        onCreated: (id) => (uploadId = id),
        onPatched: () => (patchesDone += 1),
      },
    );
    await killer;
    expect(killed).toBeGreaterThanOrEqual(0);
    expect(up.retries).toBeGreaterThanOrEqual(1);
    // The bytes of the PATCHes answered before the kill were kept: it went on from there, not from 0.
    expect(up.resumedFrom[0]).toBeGreaterThanOrEqual(2 * MB);
    const content = await owner.fetch('GET', api(FilePaths.content(up.fileId)));
    expect(sha256(content.body)).toBe(sha256(data));
    await cluster.processes[killed]!.start();
  });

  it('rides out a PostgreSQL restart under load: 503 while it is down, none hangs, no API process restarts', async () => {
    const pids = cluster.processes.map((p) => p.pid);
    onTestFailed(() => {
      for (const p of cluster.processes)
        console.error(`--- API process ${p.index} (${p.running() ? 'running' : 'ended'}):\n${p.output().slice(-3000)}`);
    });
    const seen: { at: number; status: number; code?: string }[] = [];
    const hung: string[] = [];
    let stop = false;
    const loop = async (c: ClusterClient, path: string) => {
      while (!stop) {
        try {
          const res = await c.fetch('GET', path, { timeoutMs: 10_000 });
          if (res.status !== 200 && res.status !== 503) console.error(path, res.status, res.servedBy, res.body.toString().slice(0, 300));
          seen.push({ at: Date.now(), status: res.status, ...(res.status === 503 ? { code: res.json<{ code: string }>().code } : {}) });
        } catch (err) {
          if (err instanceof RequestTimeout) hung.push(err.message);
          else throw err;
        }
      }
    };
    const loops = [
      loop(company, api(AuthPaths.session)),
      loop(company, api(SubmissionPaths.one(submissionId))),
      loop(client('127.0.0.12'), '/readyz'),
      loop(company, api(SubmissionPaths.list)),
    ];
    await new Promise((r) => setTimeout(r, 1_000));
    const down = Date.now();
    await postgres.stopServer();
    await new Promise((r) => setTimeout(r, 2_500));
    await postgres.startServer();
    const up = Date.now();
    // Load goes on until every kind of request has been answered 200 for a second.
    const deadline = up + 30_000;
    while (Date.now() < deadline && !(seen.length && seen.filter((s) => s.at > Date.now() - 1_000).every((s) => s.status === 200))) {
      await new Promise((r) => setTimeout(r, 250));
    }
    stop = true;
    await Promise.all(loops);

    expect(hung).toEqual([]);
    expect(new Set(seen.map((s) => s.status))).toEqual(new Set([200, 503]));
    expect(seen.filter((s) => s.status === 503).every((s) => s.code === 'NOT_READY')).toBe(true);
    expect(seen.filter((s) => s.at > down && s.at < up).length).toBeGreaterThan(0);
    expect(seen.slice(-8).every((s) => s.status === 200)).toBe(true);
    expect(cluster.processes.map((p) => p.pid)).toEqual(pids);
    expect(cluster.processes.every((p) => p.running())).toBe(true);
  });
});
