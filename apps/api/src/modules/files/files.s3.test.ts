import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE, LibraryPaths, StaffLibraryDocument, UPLOAD_FILE_ID_HEADER } from '@bansi/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes, sha256Hex } from '../../../test/file-fixtures';
import { Agent, createTestDb, dialect, loginAs, registerCompany, testConfig, type TestApp } from '../../../test/helpers';
import { libraryFields, multipartBody } from '../../../test/multipart';
import { startS3, type TestS3 } from '../../../test/s3';
import { TEST_OWNER, createUpload, headUpload, newTestOwner, patchUpload, registerTestOwner } from '../../../test/tus';
import { buildApp } from '../../app';
import { openDb, type Db } from '../../db/index';
import { migrateToLatest } from '../../db/migrate';
import { runSeeds } from '../../db/seed';
import { storageKeyFor } from '../../lib/file-store';
import { S3FileStore } from '../../lib/s3-file-store';
import { cleanUpStore } from './files.service';
import { S3ChunkTusStore } from './files.tus-s3';

/**
 * Past one machine (DESIGN §8.6): two API instances on ONE database (a PostgreSQL schema, or one
 * SQLite file) and ONE S3 bucket (s3rver). An upload begun through one is finished through the
 * other; every kind of file (upload, library document, cover image) is kept in the bucket and read
 * through either instance; nothing is written under DATA_DIR/files; clean-up keeps every named file.
 */
describe(`two API instances sharing the database and S3 (${dialect})`, () => {
  let s3: TestS3;
  let dir: string;
  let db: Db;
  let dropDb: () => Promise<void>;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    registerTestOwner();
    s3 = await startS3();
    dir = await mkdtemp(join(tmpdir(), 'bansi-two-'));
    if (dialect === 'postgres') {
      const testDb = await createTestDb();
      db = testDb.db;
      dropDb = testDb.drop;
    } else {
      db = openDb(`sqlite:${join(dir, 'shared.sqlite')}`);
      await migrateToLatest(db);
      dropDb = () => db.destroy();
    }
    for (const name of ['a', 'b']) {
      // each instance has a DATA_DIR of its own, as on two machines
      const config = testConfig({ ...s3.env, DATA_DIR: join(dir, `data-${name}`) });
      const instanceDb = dialect === 'postgres' ? db : openDb(`sqlite:${join(dir, 'shared.sqlite')}`);
      const app: FastifyInstance = await buildApp({ config, db: instanceDb, serveWeb: false, startWorkers: false });
      await app.ready();
      if (name === 'a') await runSeeds({ db: instanceDb, config, store: app.deps.store }, { demo: false });
      apps.push({ app, db: instanceDb, config, close: () => app.close() });
    }
  });

  afterAll(async () => {
    for (const t of apps) {
      await t.close();
      if (t.db !== db) await t.db.destroy();
    }
    await dropDb?.();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('finishes through instance B a tus upload begun through instance A, and keeps nothing on either disk', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const { agent, body, companyId } = await registerCompany(a);
    const onB = await new Agent(b).login(body.user.email, body.user.password);
    const ownerId = newTestOwner(companyId);
    const data = pdfBytes(3 * 1024 * 1024 + 123);
    const half = 1024 * 1024 + 7;

    const created = await createUpload(agent, { ownerKind: TEST_OWNER, ownerId, slot: 'balance-sheet', filename: 'ງົບດຸນ.pdf' }, data.length);
    expect(created.res.statusCode, created.res.body).toBe(201);
    const first = await patchUpload(agent, created.id!, 0, data.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);

    // B knows where A's upload stands: the state is in the bucket, not in A.
    const head = await headUpload(onB, created.id!);
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['upload-offset'])).toBe(half);

    const rest = await patchUpload(onB, created.id!, half, data.subarray(half));
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers[UPLOAD_FILE_ID_HEADER.toLowerCase()]).toBe(created.id);

    // Either instance serves the kept file, whole and by range.
    const whole = await agent.inject({ url: `${API_BASE}/files/${created.id}/content` });
    expect(whole.statusCode).toBe(200);
    expect(sha256Hex(whole.rawPayload)).toBe(sha256Hex(data));
    const range = await onB.inject({ url: `${API_BASE}/files/${created.id}/content`, headers: { range: 'bytes=100-199' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toEqual(data.subarray(100, 200));

    // Nothing of it on either machine's disk, and no upload left in the bucket.
    for (const t of apps) {
      expect(existsSync(join(t.config.DATA_DIR, 'files'))).toBe(false);
      expect(existsSync(join(t.config.DATA_DIR, 'uploads'))).toBe(false);
    }
    const store = a.app.deps.store;
    expect(store).toBeInstanceOf(S3FileStore);
    const uploadsLeft = [];
    for await (const u of new S3ChunkTusStore((store as S3FileStore).client, s3.bucket).uploads()) uploadsLeft.push(u);
    expect(uploadsLeft).toEqual([]);
  });

  it('keeps library documents and cover images in the bucket, readable through either instance', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const adminA = await loginAs(a, 'staffAdmin');
    const law = pdfBytes(200_000);
    const created = await adminA.inject({
      method: 'POST',
      url: `${API_BASE}${LibraryPaths.staffList}`,
      ...multipartBody([...libraryFields(), { name: 'fileBoth', file: law, filename: 'law.pdf' }]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const doc = StaffLibraryDocument.parse(created.json());
    const company = await loginAs(b, 'company');
    const read = await company.inject({ url: `${API_BASE}${LibraryPaths.file(doc.id)}` });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(law)).toBe(true);
    expect(read.headers.etag).toBe(`"${sha256Hex(law)}"`);

    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2266cc' } })
      .png()
      .toBuffer();
    const image = await adminA.inject({ method: 'POST', url: `${API_BASE}/staff/images`, payload: png, headers: { 'content-type': 'image/png' } });
    expect(image.statusCode, image.body).toBe(201);
    const thumb = await b.app.inject({ url: (image.json() as { thumbUrl: string }).thumbUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');

    for (const t of apps) expect(existsSync(join(t.config.DATA_DIR, 'files'))).toBe(false);
  });

  it('clean-up removes a stored file no table names once it is old enough, and keeps every named one', async () => {
    const [a] = apps as [TestApp];
    const deps = a.app.deps;
    const before: string[] = [];
    for await (const key of deps.store.keys()) before.push(key);
    // upload, bundled guide, library document, two image variants at least
    expect(before.length).toBeGreaterThanOrEqual(5);
    const orphan = storageKeyFor(randomUUID());
    await deps.store.commit(await deps.store.stageBytes(pdfBytes(300), 'application/pdf'), orphan);

    // Young orphans are spared: another instance may be about to commit its row.
    expect((await cleanUpStore(deps, { graceMs: 3_600_000 })).orphans).toBe(0);
    expect(await deps.store.stat(orphan)).not.toBeNull();

    const later = await cleanUpStore(deps, { graceMs: 3_600_000, now: Date.now() + 2 * 3_600_000 });
    expect(later.orphans).toBe(1);
    expect(await deps.store.stat(orphan)).toBeNull();
    const after: string[] = [];
    for await (const key of deps.store.keys()) after.push(key);
    expect(after.sort()).toEqual(before.sort());
  });
});
