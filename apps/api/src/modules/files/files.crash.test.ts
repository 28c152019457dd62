import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../../../test/file-fixtures';
import { createTestDb, dialect, type TestDb } from '../../../test/helpers';
import {
  HttpAgent,
  PROBE_OWNER,
  createTusUpload,
  ensureServerBuilt,
  patchStream,
  startServer,
  uploadsUrl,
  type ServerProcess,
} from '../../../test/server-process';
import { openDb, type Db } from '../../db/index';
import { listAllFiles } from './files.repository';

/**
 * The real built server (dist/server.js) is killed with SIGKILL while uploads are in flight, then
 * started again. After its start-up clean-up every `files` row must have its file with the right
 * SHA-256, no stored or temporary file may be left without a row, every upload the server had
 * acknowledged must be there, and every interrupted upload must resume to the right bytes.
 */

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MB = 1024 * 1024;

interface Job {
  slot: string;
  data: Buffer;
  uploadId: string | null;
  acknowledged: boolean;
  inFlight: boolean;
}

/** The bytes of `data` from `offset`, 64 KiB at a time with a pause: a slow client. */
async function* paced(data: Buffer, offset = 0, pauseMs = 4) {
  for (let i = offset; i < data.length; i += 64 * 1024) {
    yield data.subarray(i, Math.min(i + 64 * 1024, data.length));
    await delay(pauseMs);
  }
}

describe(`the server killed during uploads (${dialect})`, () => {
  let dir: string;
  let env: Record<string, string>;
  let db: Db;
  let testDb: TestDb | null = null;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    await ensureServerBuilt();
    dir = await mkdtemp(join(tmpdir(), 'bansi-crash-'));
    let url: string;
    if (dialect === 'postgres') {
      testDb = await createTestDb();
      url = testDb.url;
      db = testDb.db;
    } else {
      url = `sqlite:${join(dir, 'bansi.sqlite')}`;
    }
    env = { DATABASE_URL: url, DATA_DIR: join(dir, 'data'), UPLOAD_MAX_BYTES: String(64 * MB) };
  }, 240_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    if (testDb) await testDb.drop();
    else await db?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  /** Rows ↔ bytes: each row's file exists with its hash and size; no file without a row; no temp file. */
  async function expectStoreConsistent() {
    const storeDir = join(env.DATA_DIR!, 'files/store');
    const rows = await listAllFiles(db.kysely);
    for (const row of rows) {
      const bytes = await readFile(join(storeDir, row.storageKey));
      expect(bytes.length, row.id).toBe(Number(row.size));
      expect(sha(bytes), row.id).toBe(row.sha256);
    }
    const onDisk: string[] = [];
    for (const shard of existsSync(storeDir) ? await readdir(storeDir) : []) {
      for (const name of await readdir(join(storeDir, shard))) onDisk.push(`${shard}/${name}`);
    }
    // The one FileStore also holds library files (the bundled guide) and cover images: named by their tables.
    const otherKeys = [
      ...(await db.kysely.selectFrom('libraryFiles').select('storageKey').execute()),
      ...(await db.kysely.selectFrom('contentImageVariants').select('storageKey').execute()),
    ].map((r) => r.storageKey);
    expect(onDisk.sort()).toEqual([...rows.map((r) => r.storageKey), ...otherKeys].sort());
    const tempDir = join(env.DATA_DIR!, 'files/tmp');
    expect(existsSync(tempDir) ? await readdir(tempDir) : []).toEqual([]);
    return rows;
  }

  it('leaves every row with its file and no orphan, and the interrupted uploads resume', async () => {
    server = await startServer(env);
    if (dialect === 'sqlite') db = openDb(env.DATABASE_URL!);
    const agent = await new HttpAgent(server.base).registerCompany();
    const ownerId = randomUUID();
    const meta = (job: Job) => ({ ownerKind: PROBE_OWNER, ownerId, slot: job.slot, filename: `${job.slot}.pdf` });

    const sizes = [0.25, 0.5, 1, 2, 3, 4, 6, 8, 10, 12].map((m) => Math.round(m * MB));
    const jobs: Job[] = sizes.map((size, i) => ({ slot: `slot-${i}`, data: pdfBytes(size), uploadId: null, acknowledged: false, inFlight: false }));

    const runs = jobs.map(async (job, i) => {
      await delay(i * 80);
      try {
        job.inFlight = true;
        job.uploadId = await createTusUpload(agent, meta(job), job.data.length);
        const result = await patchStream(agent, job.uploadId, 0, job.data.length, paced(job.data));
        if (result.status === 204 && result.headers['bansi-file-id'] === job.uploadId) job.acknowledged = true;
      } catch {
        /* the server went away */
      } finally {
        job.inFlight = false;
      }
    });

    // Kill it when some uploads are done and others are half-way: one of them with bytes on the server's disk
    // (written in 1 MiB batches) and at least 1 MiB still to come, so that resuming it saves something. (Killed
    // as soon as two were done and three busy, a busy machine once had none past its first MiB: nothing saved.)
    const uploadsDir = join(env.DATA_DIR!, 'uploads');
    const halfWay = async (job: Job) => {
      const stored = (await stat(join(uploadsDir, job.uploadId!)).catch(() => null))?.size ?? 0;
      return stored > 0 && stored <= job.data.length - MB;
    };
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const done = jobs.filter((j) => j.acknowledged).length;
      const busy = jobs.filter((j) => j.inFlight && j.uploadId);
      if (done >= 2 && busy.length >= 3 && (await Promise.all(busy.map(halfWay))).some(Boolean)) break;
      await delay(10);
    }
    await server.kill('SIGKILL');
    await Promise.all(runs);
    const acknowledged = jobs.filter((j) => j.acknowledged);
    const interrupted = jobs.filter((j) => !j.acknowledged);
    expect(acknowledged.length).toBeGreaterThanOrEqual(2);
    expect(interrupted.length).toBeGreaterThanOrEqual(3);

    // Start again on the same address: the start-up clean-up runs before it listens.
    server = await startServer(env, { port: server.port });
    const rows = await expectStoreConsistent();
    for (const job of acknowledged) {
      expect(rows.find((r) => r.id === job.uploadId)?.sha256, job.slot).toBe(sha(job.data));
    }

    // Resume every interrupted upload where the server says it stands.
    let resumedBytesSaved = 0;
    for (const job of interrupted) {
      let offset = 0;
      if (job.uploadId) {
        const head = await agent.fetch(`${uploadsUrl}/${job.uploadId}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
        if (head.status === 200) offset = Number(head.headers.get('upload-offset'));
        else {
          expect(head.status).toBe(404); // lost while being created or kept: start again
          job.uploadId = null;
        }
      }
      if (!job.uploadId) job.uploadId = await createTusUpload(agent, meta(job), job.data.length);
      resumedBytesSaved += offset;
      if (offset < job.data.length) {
        const result = await patchStream(agent, job.uploadId, offset, job.data.length - offset, paced(job.data, offset, 0));
        expect(result.status, `${job.slot}: ${server.output()}`).toBe(204);
      }
    }
    expect(resumedBytesSaved).toBeGreaterThan(0);

    const finalRows = await expectStoreConsistent();
    expect(finalRows).toHaveLength(jobs.length);
    for (const job of jobs) {
      const row = finalRows.find((r) => r.id === job.uploadId);
      expect(row?.sha256, job.slot).toBe(sha(job.data));
    }
    // nothing of the finished uploads stays in the upload area
    const leftovers = (await readdir(uploadsDir)).filter((n) => jobs.some((j) => j.uploadId && n.startsWith(j.uploadId)));
    expect(leftovers).toEqual([]);
  }, 120_000);
});
