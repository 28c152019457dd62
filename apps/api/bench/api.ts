/**
 * API benchmark (issue 17): the authenticated lists and search at the size of the country.
 *
 *   npm run bench:api
 *   BENCH_DB=sqlite BENCH_SECONDS=5 BENCH_THROUGHPUT_SECONDS=3 npm run bench:api     (a quick run)
 *
 * For each database (SQLite file, PostgreSQL database `bansi_bench` — never the tests' `test`):
 *  1. migrate + demo data ("small"); the median latency of each endpoint, sequentially;
 *  2. bulk-seed 10,000 companies, 10,000 submissions, 50,000 posts, 50,000 notifications ("scaled");
 *     the same medians, as a ratio to small (goal ≤ 2×);
 *  3. captures the SQL each endpoint runs (Kysely's log, parameters included) and starts the floor:
 *     a bare Fastify 5 server running exactly that SQL with prepared statements;
 *  4. throughput (closed loop, BENCH_CONNECTIONS keep-alive connections for BENCH_THROUGHPUT_SECONDS)
 *     of the app and of the floor in alternating slices (the same minutes for both), as a ratio (goal ≥ 0.70);
 *  5. p50/p99 at BENCH_RATE (200) evenly spaced requests/s for BENCH_SECONDS (30), open loop,
 *     latency counted from the scheduled send time (goal p99 ≤ 50 ms);
 *  6. search under load: the company's submission list at 200 req/s alone, then while one client
 *     searches (absent word) in a loop (goal: p99 within 2× of alone);
 *  7. with step 1 on scaled data, the longest the app's event loop stalled during each endpoint's
 *     sequential requests ("loop ms": no request may hold it longer than 50 ms).
 * The filings feed (issue 32) is read with an API key (bearer, its per-key limit counted in the database),
 * over 10,000 accepted filings' entries on scaled data. `BENCH_ONLY=feed-filings,feed-filings-deep` measures
 * only those rows (and skips the search-under-load step).
 * The load client is hand-written (bench/http-load.ts), not autocannon.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '@bansi/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDb, type Db } from '../src/db/index';
import { sha256 } from '../src/lib/crypto';
import { setSequence } from '../src/db/sequences';
import { SCALE, WORDS, seedScaled, seedSmall } from './api-seed';
import type { Captured, CapturedQuery } from './floor-server';
import { backgroundLoop, interleavedClosedLoops, openLoop, sequential, type Target } from './http-load';

const here = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(here, '../../..');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = env('BENCH_SECONDS', 30);
const THROUGHPUT_SECONDS = env('BENCH_THROUGHPUT_SECONDS', 10);
const RATE = env('BENCH_RATE', 200);
const CONNECTIONS = env('BENCH_CONNECTIONS', 8);
const DBS = (process.env.BENCH_DB ?? 'sqlite,postgres').split(',');
const PG_ADMIN = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_PG_DB: another name when several people run the bench on one server (it drops the database at the end).
const PG_DB = process.env.BENCH_PG_DB ?? 'bansi_bench';

interface Endpoint {
  name: string;
  /** a company user's or a reviewer's session cookie, or an API key (the feeds) */
  who: 'company' | 'staff' | 'key';
  path: string;
}

/** The feed entries seeded on scaled data: one per accepted filing (decision 241). */
const FEED_FILINGS = SCALE.companies;
const feedCursor = (seq: number) => Buffer.from(JSON.stringify([seq])).toString('base64url');

const q = encodeURIComponent;
const ALL_ENDPOINTS: Endpoint[] = [
  { name: 'submissions', who: 'company', path: '/submissions' },
  { name: 'posts', who: 'company', path: '/posts' },
  { name: 'notifications', who: 'company', path: '/notifications' },
  { name: 'unread-count', who: 'company', path: '/notifications/unread-count' },
  { name: 'staff-queue', who: 'staff', path: '/staff/submissions' },
  { name: 'staff-queue-deep', who: 'staff', path: '/staff/submissions' },
  { name: 'documents', who: 'company', path: '/documents' },
  { name: 'documents-deep', who: 'company', path: '/documents' },
  { name: 'search-common', who: 'company', path: `/search?q=${q(WORDS.common)}` },
  { name: 'search-rare', who: 'company', path: `/search?q=${q(WORDS.rare)}` },
  { name: 'search-absent', who: 'company', path: `/search?q=${q(WORDS.absent)}` },
  { name: 'feed-filings', who: 'key', path: '/feed/filings?limit=50' },
  { name: 'feed-filings-deep', who: 'key', path: `/feed/filings?limit=50&since=${feedCursor(Math.floor(FEED_FILINGS / 2))}` },
];
const ENDPOINTS = ALL_ENDPOINTS.filter((e) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').includes(e.name));

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—');

interface Server {
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The app child's longest event-loop stall since the last call, in ms (see api-server.ts). */
function loopMaxMs(server: Server): Promise<number> {
  return new Promise((resolveMax) => {
    server.child.once('message', (msg) => resolveMax((msg as { loopMaxMs: number }).loopMaxMs));
    server.child.send('loop');
  });
}

async function startChild(script: string, extraEnv: Record<string, string>): Promise<Server> {
  const port = randomInt(4100, 5000);
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO,
    env: { ...process.env, ...extraEnv, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((resolveReady, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('listening')) resolveReady();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}):\n${output}`)));
  });
  return {
    port,
    child,
    stop: () =>
      new Promise((r) => {
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

async function preparePostgres(): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`drop database if exists ${PG_DB} with (force)`);
  await admin.query(`create database ${PG_DB}`);
  await admin.end();
  return PG_ADMIN.replace(/\/[^/?]*(\?|$)/, `/${PG_DB}$1`);
}

function benchConfig(url: string, dataDir: string): Config {
  return loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://bench.example',
    PAYMENT_WEBHOOK_SECRET: 'bench-secret-bench-secret-bench-secret',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...LIMITS,
  });
}

/**
 * The search limit is per client address: the load client sends its requests from 32 addresses
 * (X-Forwarded-For, the app trusting the loopback proxy) at the highest allowed limit, so the
 * figures are searches, not 429s. The floor runs the limiter's SQL too (it is captured).
 */
const LIMITS = { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_SEARCH_PER_MINUTE: '10000', RATE_LIMIT_API_KEY_PER_MINUTE: '100000' };
const ADDRESSES = Array.from({ length: 32 }, (_, i) => `10.17.0.${i + 1}`);
const CAPTURE_ADDRESS = '10.17.1.1';

const configEnv = (config: Config) => ({
  ...LIMITS,
  NODE_ENV: 'production',
  PUBLIC_URL: config.PUBLIC_URL,
  PAYMENT_WEBHOOK_SECRET: config.PAYMENT_WEBHOOK_SECRET!,
  DATABASE_URL: config.DATABASE_URL,
  DATA_DIR: config.DATA_DIR,
});

/** A session row for a user, as a login would write it; answers the cookie header. */
async function sessionCookie(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.kysely
    .insertInto('sessions')
    .values({
      id: randomUUID(),
      userId,
      tokenHash: sha256(token),
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 11 * 3600_000).toISOString(),
      userAgent: 'bench',
    })
    .execute();
  return `__Host-bansi_session=${token}`;
}

/** An API key with every scope, as a staff admin would create it; answers the authorization header. */
async function apiKeyHeader(db: Db, userId: string): Promise<string> {
  const key = `bansi_${randomBytes(32).toString('base64url').replace(/[-_]/g, 'x').slice(0, 43)}`;
  await db.kysely
    .insertInto('apiKeys')
    .values({
      id: randomUUID(),
      name: 'bench',
      prefix: key.slice(0, 12),
      keyHash: sha256(key),
      scopes: JSON.stringify(['filings:read', 'payments:read', 'companies:read', 'bookings:read']),
      createdBy: userId,
      createdAt: new Date().toISOString(),
      expiresAt: null,
      lastUsedAt: null,
      lastUsedAddress: null,
      revokedAt: null,
      revokedBy: null,
    })
    .execute();
  return `Bearer ${key}`;
}

/** The filings feed's entries of the accepted filings, as feeds.record.ts writes them (a filing with five files). */
async function seedFeed(db: Db, count: number) {
  // after what the demo data's own acceptances wrote
  const { last } = await db.kysely
    .selectFrom('feedEntries')
    .select((eb) => eb.fn.max('seq').as('last'))
    .where('feed', '=', 'filings')
    .executeTakeFirstOrThrow();
  const first = Number(last ?? 0) + 1;
  const company = { id: randomUUID(), nameLo: 'ບໍລິສັດ ທົດລອງ ຈຳກັດ', nameEn: 'Bench Trading Co., Ltd.' };
  const file = (slot: string) => ({
    id: randomUUID(),
    slot,
    name: `${slot}.pdf`,
    mediaType: 'application/pdf',
    size: 183_406,
    sha256: randomBytes(32).toString('hex'),
    url: `${API_BASE}/staff/files/${randomUUID()}/content`,
  });
  const rows = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    const item = {
      kind: 'filing',
      id,
      company,
      bookYear: 2023,
      reference: `BS-2023-${String(i + 1).padStart(6, '0')}`,
      acceptedAt: new Date(Date.now() - (count - i) * 60_000).toISOString(),
      figures: { averageLabour: 12, totalAssets: 850_000_000, annualIncome: 1_250_000_000 },
      size: 'small',
      files: ['balance-sheet', 'income-statement', 'cash-flow', 'notes', 'receipt'].map(file),
    };
    return {
      feed: 'filings' as const,
      seq: first + i,
      kind: 'filing',
      subjectId: id,
      companyId: company.id,
      item: JSON.stringify(item),
      recordedAt: item.acceptedAt,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db.kysely
      .insertInto('feedEntries')
      .values(rows.slice(i, i + 500))
      .execute();
  await setSequence(db.kysely, 'feed_filings', 0, first + count - 1);
}

interface Setup {
  /** the authentication header of each kind of caller */
  auth: Record<Endpoint['who'], Record<string, string>>;
  paths: Record<string, string>;
}

/** The deep pages' cursors: follow nextCursor (100 per page) about `depth` rows in. */
async function deepPaths(port: number, auth: Setup['auth'], depth: number): Promise<Record<string, string>> {
  const paths: Record<string, string> = {};
  for (const e of ENDPOINTS) paths[e.name] = `${API_BASE}${e.path}`;
  for (const [name, base, who] of [
    ['staff-queue-deep', '/staff/submissions', 'staff'],
    ['documents-deep', '/documents', 'company'],
  ] as const) {
    let cursor: string | null = null;
    for (let seen = 0; seen < depth; seen += 100) {
      const url = `http://127.0.0.1:${port}${API_BASE}${base}?limit=100${cursor ? `&cursor=${q(cursor)}` : ''}`;
      if (!ENDPOINTS.some((e) => e.name === name)) break;
      const res = await fetch(url, { headers: auth[who] });
      const body = (await res.json()) as { nextCursor: string | null };
      if (!body.nextCursor) break;
      cursor = body.nextCursor;
    }
    if (cursor) paths[name] = `${API_BASE}${base}?cursor=${q(cursor)}`;
  }
  return paths;
}

const target = (port: number, setup: Setup, e: Endpoint, from = ADDRESSES[0]!): Target => ({
  port,
  path: setup.paths[e.name]!,
  headers: { ...setup.auth[e.who], 'accept-language': 'lo', 'x-forwarded-for': from },
});
const targets = (port: number, setup: Setup, e: Endpoint) => ADDRESSES.map((a) => target(port, setup, e, a));

/** Each endpoint's median latency, one request at a time, and the app's longest event-loop stall meanwhile. */
async function latencies(app: Server, setup: Setup): Promise<{ p50: Record<string, number>; loop: Record<string, number> }> {
  const p50: Record<string, number> = {};
  const loop: Record<string, number> = {};
  for (const e of ENDPOINTS) {
    await loopMaxMs(app);
    const r = await sequential(target(app.port, setup, e), { count: 60, warmup: 15 });
    loop[e.name] = await loopMaxMs(app);
    // An endpoint that fails (another feature half-way through a change) is reported, not measured.
    p50[e.name] = r.status === 200 ? r.p50 : -r.status;
  }
  return { p50, loop };
}

/** The SQL each endpoint runs, captured from an in-process copy of the app. */
async function capture(config: Config, setup: Setup): Promise<Captured> {
  // Search on SQLite runs in a worker thread, whose SQL Kysely's log here cannot see: the copy that
  // records runs it on its own thread instead (SEARCH_WORKER=false), the same SQL.
  config = { ...config, SEARCH_WORKER: false };
  let log: CapturedQuery[] = [];
  const db = openDb(config.DATABASE_URL, {
    log: (event) => {
      if (event.level === 'query') log.push({ sql: event.query.sql, params: [...event.query.parameters] });
    },
  });
  const app = await buildApp({ config, db, serveWeb: false, startWorkers: false, logger: false });
  await app.ready();
  const captured: Captured = {};
  try {
    for (const e of ENDPOINTS) {
      // From an address the load never uses: the floor replays the rate limiter's SQL too, and must not
      // count its requests against the addresses the app is measured from (they would get 429s).
      const ask = () => app.inject({ url: setup.paths[e.name]!, headers: target(0, setup, e, CAPTURE_ADDRESS).headers });
      // The second request's SQL: what the first one does once per process (loading the cached reference
      // data, creating the counters' table) is not what every request costs, and the floor must not repeat it.
      await ask();
      const second = (log = []);
      const res = await ask();
      log = [];
      if (res.statusCode === 200) captured[e.name] = second;
    }
  } finally {
    await app.close();
    await db.destroy();
  }
  return captured;
}

async function runDatabase(dialect: string) {
  const dir = mkdtempSync(join(tmpdir(), 'bansi-bench-api-'));
  const url = dialect === 'sqlite' ? `sqlite:${join(dir, 'bench.sqlite')}` : await preparePostgres();
  const config = benchConfig(url, join(dir, 'data'));
  const servers: Server[] = [];
  console.log(`\n=== ${dialect} ===`);
  try {
    const db = openDb(url);
    let t = performance.now();
    await seedSmall(db, config, console.log);
    console.log(`demo data (small) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const users = await db.kysely
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'in', ['demo@bansi.example', 'reviewer@bansi.example'])
      .execute();
    const reviewer = users.find((u) => u.email === 'reviewer@bansi.example')!.id;
    const auth = {
      company: { cookie: await sessionCookie(db, users.find((u) => u.email === 'demo@bansi.example')!.id) },
      staff: { cookie: await sessionCookie(db, reviewer) },
      key: { authorization: await apiKeyHeader(db, reviewer) },
    };

    let app = await startChild('apps/api/bench/api-server.ts', configEnv(config));
    let setup: Setup = { auth, paths: await deepPaths(app.port, auth, 0) };
    const { p50: small } = await latencies(app, setup);
    await app.stop();

    t = performance.now();
    console.log(`scaled data: ${SCALE.companies} companies, ${SCALE.posts} posts, ${SCALE.notifications} notifications`);
    await seedScaled(db, console.log);
    await seedFeed(db, FEED_FILINGS);
    console.log(`  ${FEED_FILINGS} filings feed entries`);
    // The seeding's deferred upkeep is done before anything is timed, so that it cannot run while the app
    // is: on PostgreSQL autovacuum would vacuum the 100,000 new rows and a timed checkpoint would write
    // out their pages; on SQLite the WAL the seeding wrote is checkpointed into the database file.
    if (dialect === 'postgres') {
      await sql`vacuum analyze`.execute(db.kysely);
      await sql`checkpoint`.execute(db.kysely);
    } else {
      await sql`pragma wal_checkpoint(truncate)`.execute(db.kysely);
    }
    console.log(`scaled data in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await db.destroy();

    app = await startChild('apps/api/bench/api-server.ts', configEnv(config));
    servers.push(app);
    setup = { auth, paths: await deepPaths(app.port, auth, 5000) };
    const { p50: scaled, loop } = await latencies(app, setup);

    const captured = await capture(config, setup);
    const floorFile = join(dir, 'floor.json');
    writeFileSync(floorFile, JSON.stringify(captured));
    const floor = await startChild('apps/api/bench/floor-server.ts', { DATABASE_URL: url, BENCH_FLOOR: floorFile });
    servers.push(floor);

    console.log('');
    console.log(
      `${pad('endpoint', 18)}${pad('queries', 8)}${pad('small ms', 10)}${pad('scaled ms', 10)}${pad('×', 7)}${pad('app rps', 9)}${pad('floor rps', 10)}${pad('ratio', 7)}${pad(`p50@${RATE}`, 9)}${pad(`p99@${RATE}`, 9)}${pad('max', 9)}loop ms`,
    );
    const rows: string[] = [];
    for (const e of ENDPOINTS) {
      if (!captured[e.name] || small[e.name]! < 0 || scaled[e.name]! < 0) {
        console.log(`${pad(e.name, 18)}FAILED: answered ${-Math.min(small[e.name]!, scaled[e.name]!, 0) || 'an error'} (not measured)`);
        continue;
      }
      const appT = targets(app.port, setup, e);
      const floorT: Target = { port: floor.port, path: `/floor/${e.name}` };
      const [appRun, floorRun] = await interleavedClosedLoops(appT, [floorT], { connections: CONNECTIONS, seconds: THROUGHPUT_SECONDS });
      // An endpoint that cannot serve RATE/s at all would only build a queue of minutes: say so instead.
      const open = appRun.rps < RATE * 1.1 ? null : await openLoop(appT, { rate: RATE, seconds: SECONDS });
      const growth = scaled[e.name]! / small[e.name]!;
      const line =
        `${pad(e.name, 18)}${pad(captured[e.name]!.length, 8)}${pad(ms(small[e.name]!), 10)}${pad(ms(scaled[e.name]!), 10)}${pad(growth.toFixed(2), 7)}` +
        `${pad(appRun.rps.toFixed(0), 9)}${pad(floorRun.rps.toFixed(0), 10)}${pad((appRun.rps / floorRun.rps).toFixed(2), 7)}` +
        (open ? `${pad(ms(open.p50), 9)}${pad(ms(open.p99), 9)}${pad(ms(open.max), 9)}` : pad(`saturated: serves < ${RATE}/s`, 27)) +
        ms(loop[e.name]!) +
        (open?.dropped ? `  (${open.dropped} not sent: ${64} waiting)` : '') +
        (appRun.errors || open?.errors ? `  (errors: ${appRun.errors + (open?.errors ?? 0)})` : '');
      console.log(line);
      rows.push(line);
    }

    // Search under load.
    if (process.env.BENCH_ONLY) return;
    const list = targets(app.port, setup, ENDPOINTS[0]!);
    const alone = await openLoop(list, { rate: RATE, seconds: SECONDS });
    // The absent word: the search that reads the most index for nothing.
    const searcher = backgroundLoop(
      targets(
        app.port,
        setup,
        ENDPOINTS.find((e) => e.name === 'search-absent')!,
      ),
    );
    await loopMaxMs(app);
    const loaded = await openLoop(list, { rate: RATE, seconds: SECONDS });
    const searches = await searcher.stop();
    const loadedLoop = await loopMaxMs(app);
    console.log('');
    console.log(
      `search under load: submissions p99 at ${RATE}/s alone ${ms(alone.p99)} ms, while one client searches ${ms(loaded.p99)} ms ` +
        `(${(loaded.p99 / alone.p99).toFixed(2)}×; ${searches} searches, ${((searches / SECONDS) * 1).toFixed(1)}/s; ` +
        `longest event-loop stall meanwhile ${ms(loadedLoop)} ms)`,
    );
  } finally {
    for (const s of servers) await s.stop();
    rmSync(dir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_ADMIN });
      await admin.connect();
      await admin.query(`drop database if exists ${PG_DB} with (force)`);
      await admin.end();
    }
  }
}

async function main() {
  console.log(
    `API benchmark: ${SECONDS} s open loop at ${RATE}/s, ${THROUGHPUT_SECONDS} s closed loop on ${CONNECTIONS} connections; ` +
      `node ${process.version}, ${(await import('node:os')).cpus().length} CPUs`,
  );
  for (const dialect of DBS) await runDatabase(dialect);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
