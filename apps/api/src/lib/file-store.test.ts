import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FILE_KINDS, type FileKind } from '@bansi/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ambiguousZipBytes,
  chunked,
  csvBytes,
  docxBytes,
  endless,
  exeBytes,
  jpegBytes,
  pdfBytes,
  plainZipBytes,
  pngBytes,
  sha256Hex,
  xlsxBytes,
} from '../../test/file-fixtures';
import { AppError } from './errors';
import { LocalFileStore, sha256OfStream, storageKeyFor, type FileCheck } from './file-store';

const ALL: FileCheck = { maxBytes: 1024 * 1024, allowedKinds: FILE_KINDS };

let root: string;
let store: LocalFileStore;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'bansi-filestore-'));
  store = new LocalFileStore(join(root, 'files'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const tempFiles = async () => (existsSync(store.tempDir) ? readdir(store.tempDir) : []);
async function storedKeys() {
  const keys: string[] = [];
  for await (const k of store.keys()) keys.push(k);
  return keys;
}
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('LocalFileStore.put — kinds by content', () => {
  it.each<[string, () => Buffer, FileKind]>([
    ['PDF', () => pdfBytes(5000), 'pdf'],
    ['JPEG', () => jpegBytes(), 'jpeg'],
    ['PNG', () => pngBytes(), 'png'],
    ['XLSX', () => xlsxBytes(), 'xlsx'],
    ['XLSX with ZIP64 end records', () => xlsxBytes({ zip64: true }), 'xlsx'],
    ['DOCX', () => docxBytes(), 'docx'],
    ['CSV in Lao (UTF-8)', csvBytes, 'csv'],
    ['CSV with a byte-order mark', () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csvBytes()]), 'csv'],
  ])('%s → %s, with size and SHA-256 of every byte', async (_, make, kind) => {
    const data = make();
    // 7-byte chunks: signatures, multi-byte Lao characters and zip records all cross chunk boundaries
    const staged = await store.put(chunked(data, 7), ALL);
    expect(staged).toMatchObject({ kind, size: data.length, sha256: sha256Hex(data) });
    expect(await readFile(staged.tempPath)).toEqual(data);
  });

  it.each<[string, () => Buffer]>([
    ['an executable', () => exeBytes()],
    ['a zip that is neither XLSX nor DOCX', plainZipBytes],
    ['a zip claiming to be both', ambiguousZipBytes],
    ['text with a NUL byte', () => Buffer.from('a,b\n1,\u0000\n')],
    ['text that is not UTF-8', () => Buffer.from([0x61, 0x2c, 0xc3, 0x28, 0x0a])],
    ['text ending inside a multi-byte character', () => Buffer.concat([csvBytes(), Buffer.from([0xe0, 0xba])])],
    ['an empty file', () => Buffer.alloc(0)],
    ['a truncated zip (no central directory)', () => xlsxBytes().subarray(0, 200)],
  ])('refuses %s with 415 and leaves nothing', async (_, make) => {
    const err = await refusal(store.put(chunked(make(), 5), ALL));
    expect(err.status).toBe(415);
    expect(err.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses a kind that is not allowed, even when it is a real one', async () => {
    const err = await refusal(store.put(chunked(pdfBytes(), 100), { ...ALL, allowedKinds: ['png', 'jpeg'] }));
    expect(err.status).toBe(415);
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses a file whose name claims another kind than its content', async () => {
    const err = await refusal(store.put(chunked(pngBytes(), 100), { ...ALL, name: 'balance-sheet.pdf' }));
    expect(err.status).toBe(415);
    await expect(store.put(chunked(pngBytes(), 100), { ...ALL, name: 'ໃບຮັບເງິນ.PNG' })).resolves.toMatchObject({ kind: 'png' });
    await expect(store.put(chunked(pdfBytes(), 100), { ...ALL, name: 'no-extension' })).resolves.toMatchObject({ kind: 'pdf' });
  });

  it('stops reading a wrong type at its first bytes (415), without draining the stream', async () => {
    const { stream, counter } = endless(Buffer.from('MZ\x90\x00 not a document', 'latin1'));
    const err = await refusal(store.put(stream, { maxBytes: 10 * 1024 ** 3, allowedKinds: FILE_KINDS.filter((k) => k !== 'csv') }));
    expect(err.status).toBe(415);
    expect(counter.pulled).toBeLessThan(2 * 1024 * 1024);
    expect(stream.destroyed).toBe(true);
    expect(await tempFiles()).toEqual([]);
  });

  it('stops reading as soon as the size limit passes (413) and leaves nothing', async () => {
    const limit = 1024 * 1024;
    const { stream, counter } = endless(pdfBytes(100));
    const err = await refusal(store.put(stream, { maxBytes: limit, allowedKinds: FILE_KINDS }));
    expect(err.status).toBe(413);
    expect(err.code).toBe('PAYLOAD_TOO_LARGE');
    expect(counter.pulled).toBeGreaterThan(limit);
    expect(counter.pulled).toBeLessThan(limit + 2 * 1024 * 1024); // at most the stream's read-ahead
    expect(stream.destroyed).toBe(true);
    expect(await tempFiles()).toEqual([]);
  });

  it('accepts a file of exactly the limit and refuses one byte more', async () => {
    const data = pdfBytes(4096);
    await expect(store.put(chunked(data, 1000), { maxBytes: 4096, allowedKinds: FILE_KINDS })).resolves.toMatchObject({ size: 4096 });
    const err = await refusal(store.put(chunked(Buffer.concat([data, Buffer.from('x')]), 1000), { maxBytes: 4096, allowedKinds: FILE_KINDS }));
    expect(err.status).toBe(413);
  });

  it('removes the temporary file when the source fails mid-way', async () => {
    const data = pdfBytes(10_000);
    const source = Readable.from(
      (function* () {
        yield data.subarray(0, 1000);
        yield data.subarray(1000, 2000);
        throw new Error('connection reset');
      })(),
    );
    await expect(store.put(source, ALL)).rejects.toThrow('connection reset');
    expect(await tempFiles()).toEqual([]);
  });

  it('records the SHA-256 of a large random file read in uneven chunks', async () => {
    const data = Buffer.concat([pdfBytes(100), randomBytes(3 * 1024 * 1024 + 17)]);
    const staged = await store.put(chunked(data, 65_537), { maxBytes: 10 * 1024 * 1024, allowedKinds: FILE_KINDS });
    expect(staged.sha256).toBe(sha256Hex(data));
    expect(staged.size).toBe(data.length);
  });
});

describe('LocalFileStore — commit, read, delete, clean-up', () => {
  it('commits by rename into <store>/<key>, then reads whole and by range', async () => {
    const data = pdfBytes(10_000);
    const staged = await store.put(chunked(data, 999), ALL);
    const key = storageKeyFor(randomUUID());
    await store.commit(staged, key);
    expect(await tempFiles()).toEqual([]);
    expect(existsSync(staged.tempPath)).toBe(false);
    expect(await storedKeys()).toEqual([key]);
    expect(await store.stat(key)).toMatchObject({ size: data.length });
    expect(await sha256OfStream(await store.openRead(key))).toBe(sha256Hex(data));
    const range = await store.openRead(key, { start: 100, end: 199 });
    expect(Buffer.concat(await range.toArray())).toEqual(data.subarray(100, 200));
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
    await expect(store.openRead(key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('discard removes a staged file', async () => {
    const staged = await store.put(chunked(pngBytes(), 64), ALL);
    await store.discard(staged);
    expect(await tempFiles()).toEqual([]);
  });

  it('inspect checks a finished local file in place and commit moves it in', async () => {
    const outside = join(root, 'uploads');
    await rm(outside, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(outside));
    const path = join(outside, 'abc');
    const data = docxBytes();
    await writeFile(path, data);
    const staged = await store.inspect(path, { ...ALL, name: 'ບົດລາຍງານ.docx' });
    expect(staged).toMatchObject({ tempPath: path, kind: 'docx', size: data.length, sha256: sha256Hex(data) });
    const key = storageKeyFor(randomUUID());
    await store.commit(staged, key);
    expect(existsSync(path)).toBe(false);
    expect(await readFile(store.pathOf(key))).toEqual(data);
  });

  it('inspect refuses (413/415) and leaves the file to its owner', async () => {
    const path = join(root, 'exe');
    await writeFile(path, exeBytes());
    expect((await refusal(store.inspect(path, ALL))).status).toBe(415);
    expect(existsSync(path)).toBe(true);
    await writeFile(path, pdfBytes(5000));
    expect((await refusal(store.inspect(path, { ...ALL, maxBytes: 4999 }))).status).toBe(413);
  });

  it('commits across file systems by copy + fsync + rename (EXDEV)', async () => {
    const shm = '/dev/shm';
    if (!existsSync(shm)) return;
    const path = join(shm, `bansi-${randomUUID()}`);
    const data = pdfBytes(3000);
    await writeFile(path, data);
    try {
      const staged = await store.inspect(path, ALL);
      const key = storageKeyFor(randomUUID());
      await store.commit(staged, key);
      expect(existsSync(path)).toBe(false);
      expect(await readFile(store.pathOf(key))).toEqual(data);
      expect((await readdir(join(store.storeDir, key.slice(0, 2)))).filter((n) => n.endsWith('.part'))).toEqual([]);
    } finally {
      await rm(path, { force: true });
    }
  });

  it('cleanTemp removes every temporary file', async () => {
    await store.put(chunked(pngBytes(), 64), ALL);
    await store.put(chunked(pngBytes(), 64), ALL);
    expect(await tempFiles()).toHaveLength(2);
    expect(await store.cleanTemp()).toBe(2);
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses keys that could leave the store', () => {
    for (const bad of ['../etc/passwd', 'ab/../../x', '/abs', 'zz/not-a-uuid']) expect(() => store.pathOf(bad)).toThrow(/not a storage key/);
  });

  it('a missing store is simply empty', async () => {
    expect(await storedKeys()).toEqual([]);
    expect(await store.cleanTemp()).toBe(0);
  });
});
