import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE, LibraryPaths } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../../../test/file-fixtures';
import { createTestDb, dialect, type TestDb } from '../../../test/helpers';
import { libraryFields, multipartBody } from '../../../test/multipart';
import { HttpAgent, ensureServerBuilt, startServer, type ServerProcess } from '../../../test/server-process';
import { openDb, type Db } from '../../db/index';
import { storageKeyFor } from '../../lib/file-store';
import { createStaffWithPassword } from '../staff-accounts/staff-accounts.service';

/**
 * Like files.crash.test.ts, for library documents: the real built server is killed with SIGKILL
 * while staff upload documents (multipart, streamed slowly), then started again. After its
 * start-up clean-up every library file row has its bytes with the right SHA-256, no stored or
 * temporary file is left that no table names (a file planted as if a crash had come between the
 * move into the store and the commit is gone too), and every acknowledged document is there.
 */

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MB = 1024 * 1024;

interface Job {
  version: string;
  data: Buffer;
  acknowledged: boolean;
  inFlight: boolean;
}

/** POSTs a body 64 KiB at a time with a pause (a slow connection); the status, or null when cut. */
function postSlowly(agent: HttpAgent, path: string, headers: Record<string, string>, body: Buffer): Promise<number | null> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (status: number | null) => {
      if (!settled) {
        settled = true;
        resolve(status);
      }
    };
    const req = httpRequest(`${agent.base}${path}`, {
      method: 'POST',
      headers: { ...agent.authHeaders(), ...headers, 'content-length': String(body.length) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => settle(res.statusCode ?? null));
      res.on('error', () => settle(null));
    });
    req.on('error', () => settle(null));
    void (async () => {
      for (let i = 0; i < body.length && !settled && !req.destroyed; i += 64 * 1024) {
        if (!req.write(body.subarray(i, i + 64 * 1024))) await new Promise((r) => req.once('drain', r).once('close', r));
        await delay(3);
      }
      req.end();
    })();
  });
}

describe(`the server killed during library uploads (${dialect})`, () => {
  let dir: string;
  let env: Record<string, string>;
  let db: Db;
  let testDb: TestDb | null = null;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    await ensureServerBuilt();
    dir = await mkdtemp(join(tmpdir(), 'bansi-library-crash-'));
    let url: string;
    if (dialect === 'postgres') {
      testDb = await createTestDb();
      url = testDb.url;
      db = testDb.db;
    } else {
      url = `sqlite:${join(dir, 'bansi.sqlite')}`;
    }
    env = { DATABASE_URL: url, DATA_DIR: join(dir, 'data') };
  }, 240_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    if (testDb) await testDb.drop();
    else await db?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  /** Rows ↔ bytes: each library file has its bytes; every stored file is named by some table; no temp file. */
  async function expectStoreConsistent() {
    const storeDir = join(env.DATA_DIR!, 'files/store');
    const library = await db.kysely.selectFrom('libraryFiles').select(['id', 'storageKey', 'sha256', 'size']).execute();
    for (const row of library) {
      const bytes = await readFile(join(storeDir, row.storageKey));
      expect(bytes.length, row.id).toBe(Number(row.size));
      expect(sha(bytes), row.id).toBe(row.sha256);
    }
    const named = new Set([
      ...library.map((r) => r.storageKey),
      ...(await db.kysely.selectFrom('files').select('storageKey').execute()).map((r) => r.storageKey),
      ...(await db.kysely.selectFrom('contentImageVariants').select('storageKey').execute()).map((r) => r.storageKey),
    ]);
    const onDisk: string[] = [];
    for (const shard of existsSync(storeDir) ? await readdir(storeDir) : []) {
      for (const name of await readdir(join(storeDir, shard))) onDisk.push(`${shard}/${name}`);
    }
    expect(onDisk.sort()).toEqual([...named].sort());
    const tempDir = join(env.DATA_DIR!, 'files/tmp');
    expect(existsSync(tempDir) ? await readdir(tempDir) : []).toEqual([]);
    return library;
  }

  it('leaves every library file with its bytes and no file without a row', async () => {
    server = await startServer(env, { preload: [] });
    if (dialect === 'sqlite') db = openDb(env.DATABASE_URL!);
    const email = `crash-admin-${randomUUID()}@bansi.test`;
    const password = 'staff password for the crash test';
    await createStaffWithPassword({ db: db.kysely }, { email, name: 'Crash Admin', role: 'staff_admin', password });
    const agent = new HttpAgent(server.base);
    const login = await agent.fetch(`${API_BASE}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: email, password }),
    });
    expect(login.status).toBe(200);
    await agent.fetch(`${API_BASE}/auth/csrf`);

    const sizes = [0.25, 0.5, 1, 2, 3, 4, 6, 8].map((m) => Math.round(m * MB));
    const jobs: Job[] = sizes.map((size, i) => ({ version: `v${i}`, data: pdfBytes(size), acknowledged: false, inFlight: false }));
    const runs = jobs.map(async (job, i) => {
      await delay(i * 60);
      job.inFlight = true;
      const { payload, headers } = multipartBody([
        ...libraryFields({ version: job.version }),
        { name: 'fileBoth', file: job.data, filename: `${job.version}.pdf` },
      ]);
      const status = await postSlowly(agent, `${API_BASE}${LibraryPaths.staffList}`, headers, payload);
      job.acknowledged = status === 201;
      job.inFlight = false;
    });

    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const done = jobs.filter((j) => j.acknowledged).length;
      const busy = jobs.filter((j) => j.inFlight).length;
      if (done >= 2 && busy >= 3) break;
      await delay(10);
    }
    await server.kill('SIGKILL');
    await Promise.all(runs);
    const acknowledged = jobs.filter((j) => j.acknowledged);
    expect(acknowledged.length).toBeGreaterThanOrEqual(2);
    expect(jobs.length - acknowledged.length).toBeGreaterThanOrEqual(3);

    // As if the process had died between moving a file into the store and committing its row.
    const orphanKey = storageKeyFor(randomUUID());
    await mkdir(join(env.DATA_DIR!, 'files/store', orphanKey.slice(0, 2)), { recursive: true });
    await writeFile(join(env.DATA_DIR!, 'files/store', orphanKey), pdfBytes(4000));

    server = await startServer(env, { preload: [], port: server.port });
    const rows = await expectStoreConsistent();
    expect(existsSync(join(env.DATA_DIR!, 'files/store', orphanKey))).toBe(false);
    for (const job of acknowledged)
      expect(
        rows.some((r) => r.sha256 === sha(job.data)),
        job.version,
      ).toBe(true);
    // the bundled guide survives as well
    expect(rows.length).toBeGreaterThanOrEqual(acknowledged.length + 1);
  }, 120_000);
});
