import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_KINDS } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunked, csvBytes, exeBytes, pdfBytes, pngBytes, sha256Hex, xlsxBytes } from '../../test/file-fixtures';
import { startS3, type TestS3 } from '../../test/s3';
import { AppError } from './errors';
import { LocalFileStore, sha256OfStream, storageKeyFor, type FileCheck, type FileStore } from './file-store';
import { S3FileStore } from './s3-file-store';

/**
 * The FileStore contract (DESIGN §6), run against both implementations: local disk and an
 * S3-compatible bucket (s3rver, started here on a random loopback port). Whatever a module does
 * with `deps.store` must behave the same on either.
 */

const ALL: FileCheck = { maxBytes: 8 * 1024 * 1024, allowedKinds: FILE_KINDS };

interface Subject {
  store: FileStore;
  /** where staged files wait */
  tempDir: string;
  close(): Promise<void>;
}

const implementations: [string, () => Promise<Subject>][] = [
  [
    'local disk',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'bansi-contract-'));
      const store = new LocalFileStore(join(root, 'files'));
      return { store, tempDir: store.tempDir, close: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const s3: TestS3 = await startS3();
      const tempDir = await mkdtemp(join(tmpdir(), 'bansi-contract-staging-'));
      const store = new S3FileStore(
        {
          endpoint: s3.endpoint,
          region: 'us-east-1',
          bucket: s3.bucket,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        },
        // this test's own staging folder: nothing else uses it, so clean-up may take everything
        { tempDir, tempGraceMs: 0 },
      );
      return {
        store,
        tempDir,
        close: async () => {
          store.client.destroy();
          await s3.close();
          await rm(tempDir, { recursive: true, force: true });
        },
      };
    },
  ],
];

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe.each(implementations)('FileStore contract: %s', (_name, make) => {
  let subject: Subject;
  let store: FileStore;
  beforeAll(async () => {
    subject = await make();
    store = subject.store;
  });
  afterAll(() => subject?.close());

  const staging = async () => (existsSync(subject.tempDir) ? readdir(subject.tempDir) : []);
  const allKeys = async () => {
    const keys: string[] = [];
    for await (const key of store.keys()) keys.push(key);
    return keys.sort();
  };

  it('stages by content, commits under a key, reads whole and by range, and deletes', async () => {
    const data = Buffer.concat([pdfBytes(100), randomBytes(300_000)]);
    const staged = await store.put(chunked(data, 65_537), ALL);
    expect(staged).toMatchObject({ kind: 'pdf', mediaType: 'application/pdf', size: data.length, sha256: sha256Hex(data) });
    const key = storageKeyFor(randomUUID());
    expect(await store.stat(key)).toBeNull();
    await store.commit(staged, key);
    expect(await staging()).toEqual([]);
    expect(await store.stat(key)).toMatchObject({ size: data.length });
    expect(await sha256OfStream(await store.openRead(key))).toBe(sha256Hex(data));
    const part = await store.openRead(key, { start: 1000, end: 1999 });
    expect(Buffer.concat(await part.toArray())).toEqual(data.subarray(1000, 2000));
    expect(await allKeys()).toContain(key);
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
    expect(await allKeys()).not.toContain(key);
    await expect(store.openRead(key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses what is not an allowed kind (415) or too large (413), keeping nothing', async () => {
    expect((await refusal(store.put(chunked(exeBytes(), 100), ALL))).status).toBe(415);
    expect((await refusal(store.put(chunked(pdfBytes(5000), 100), { ...ALL, maxBytes: 4999 }))).status).toBe(413);
    expect((await refusal(store.put(chunked(pngBytes(), 64), { ...ALL, name: 'scan.pdf' }))).status).toBe(415);
    expect((await refusal(store.put(chunked(Buffer.from('<svg onload="alert(1)"/>'), 8), { ...ALL, name: 'x.csv' }))).status).toBe(415);
    expect(await staging()).toEqual([]);
  });

  it('tells office files and CSV apart by content', async () => {
    expect((await store.put(chunked(xlsxBytes(), 1000), ALL)).kind).toBe('xlsx');
    expect((await store.put(chunked(csvBytes(), 7), { ...ALL, name: 'assets.csv' })).kind).toBe('csv');
    expect(await store.cleanTemp()).toBe(2);
  });

  it('stages generated bytes as they are, and discard removes a staged file', async () => {
    const bytes = randomBytes(4096);
    const staged = await store.stageBytes(bytes, 'image/webp');
    expect(staged).toMatchObject({ size: 4096, sha256: sha256Hex(bytes), mediaType: 'image/webp' });
    const key = storageKeyFor(randomUUID());
    await store.commit(staged, key);
    expect(await sha256OfStream(await store.openRead(key))).toBe(sha256Hex(bytes));
    const other = await store.stageBytes(bytes, 'image/webp');
    await store.discard(other);
    expect(await staging()).toEqual([]);
    await store.delete(key);
  });

  it('lists only storage keys, and refuses keys that could leave the store', async () => {
    const keys = [storageKeyFor(randomUUID()), storageKeyFor(randomUUID())];
    for (const key of keys) await store.commit(await store.stageBytes(pdfBytes(200), 'application/pdf'), key);
    expect(await allKeys()).toEqual(expect.arrayContaining(keys));
    for (const key of keys) await store.delete(key);
    for (const bad of ['../etc/passwd', 'ab/../../x', 'zz/not-a-uuid']) {
      await expect(Promise.resolve().then(() => store.delete(bad))).rejects.toThrow(/not a storage key/);
    }
    expect(await allKeys()).toEqual([]);
  });
});
