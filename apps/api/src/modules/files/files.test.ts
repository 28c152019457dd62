import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { API_BASE, FileMeta, Problem, UPLOAD_FILE_ID_HEADER } from '@bansi/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { csvBytes, docxBytes, exeBytes, pdfBytes, plainZipBytes, pngBytes, sha256Hex, xlsxBytes } from '../../../test/file-fixtures';
import { createTestApp, dialect, loginAs, type Agent, type TestApp } from '../../../test/helpers';
import {
  TEST_OWNER,
  TUS,
  UPLOADS,
  createUpload,
  headUpload,
  newTestOwner,
  patchUpload,
  registerTestOwner,
  testOwners,
  uploadWhole,
} from '../../../test/tus';
import { LocalFileStore, storageKeyFor, type FileStore } from '../../lib/file-store';
import type { Principal } from '../../plugins/access';
import { listAllFiles, findFileById } from './files.repository';
import { cleanUpStore, keepStagedFile, type FilesDeps } from './files.service';
import { Uploads } from './files.uploads';

const MAX = 8 * 1024 * 1024;

describe(`files and resumable uploads (${dialect})`, () => {
  let t: TestApp;
  let dataDir: string;
  let store: LocalFileStore;
  let a: Agent; // company A admin
  let a2: Agent; // a plain user of company A
  let b: Agent; // company B
  let staff: Agent;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bansi-files-'));
    t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX) });
    registerTestOwner();
    store = new LocalFileStore(join(dataDir, 'files'));
    a = await loginAs(t, 'companyAdmin');
    b = await loginAs(t, 'companyAdmin');
    staff = await loginAs(t, 'staff');
    const { addCompanyUser } = await import('../../../test/helpers');
    a2 = await addCompanyUser(t, a);
  });
  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  const meta = (ownerId: string, filename: string, slot = 'balance-sheet', extra: Record<string, string> = {}) => ({
    ownerKind: TEST_OWNER,
    ownerId,
    slot,
    filename,
    ...extra,
  });
  const uploadsDir = () => join(dataDir, 'uploads');
  const uploadFiles = async () => (existsSync(uploadsDir()) ? readdir(uploadsDir()) : []);
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const k of store.keys()) keys.push(k);
    return keys;
  };
  const rowsOf = async (ownerId: string) => t.db.kysely.selectFrom('files').selectAll().where('ownerId', '=', ownerId).orderBy('createdAt').execute();
  /** Nothing of this upload anywhere: no row, no tus data or info, no stored bytes, no temp file. */
  async function expectNothingLeft(ownerId: string, uploadId: string | null) {
    expect(await rowsOf(ownerId)).toEqual([]);
    if (uploadId) {
      expect((await uploadFiles()).filter((n) => n.startsWith(uploadId))).toEqual([]);
      expect(await store.stat(storageKeyFor(uploadId))).toBeNull();
    }
    expect(existsSync(store.tempDir) ? await readdir(store.tempDir) : []).toEqual([]);
  }

  describe('a whole upload', () => {
    it('stores a PDF sent in three PATCHes: row, bytes and SHA-256 as one', async () => {
      const owner = newTestOwner(a.companyId!);
      const data = pdfBytes(300_000);
      const created = await createUpload(a, meta(owner, 'ງົບດຸ່ນດ່ຽງ 2023.pdf'), data.length);
      expect(created.res.statusCode).toBe(201);
      expect(created.res.headers['tus-resumable']).toBe('1.0.0');
      expect(created.location).toBe(`${UPLOADS}/${created.id}`);
      expect(created.res.headers['access-control-allow-origin']).toBeUndefined();

      let offset = 0;
      for (const size of [100_000, 100_000]) {
        const res = await patchUpload(a, created.id!, offset, data.subarray(offset, offset + size));
        expect(res.statusCode).toBe(204);
        offset += size;
        expect(res.headers['upload-offset']).toBe(String(offset));
        const head = await headUpload(a, created.id!);
        expect(head.headers['upload-offset']).toBe(String(offset));
        expect(head.headers['upload-length']).toBe(String(data.length));
        expect(head.headers['cache-control']).toBe('no-store');
      }
      const last = await patchUpload(a, created.id!, offset, data.subarray(offset));
      expect(last.statusCode).toBe(204);
      expect(last.headers['upload-offset']).toBe(String(data.length));
      expect(last.headers[UPLOAD_FILE_ID_HEADER.toLowerCase()]).toBe(created.id);

      const [row] = await rowsOf(owner);
      expect(row).toMatchObject({
        id: created.id,
        companyId: a.companyId,
        kind: 'pdf',
        mediaType: 'application/pdf',
        size: data.length,
        sha256: sha256Hex(data),
        originalName: 'ງົບດຸ່ນດ່ຽງ 2023.pdf',
        createdBy: a.userId,
        replacesId: null,
      });
      expect(await readFile(store.pathOf(row!.storageKey))).toEqual(data);
      // the upload area keeps nothing of a finished upload
      expect((await uploadFiles()).filter((n) => n.startsWith(created.id!))).toEqual([]);
      // HEAD after the end still answers "complete", with the file id (a client that lost the answer)
      const head = await headUpload(a, created.id!);
      expect(head.statusCode).toBe(200);
      expect(head.headers['upload-offset']).toBe(String(data.length));
      expect(head.headers[UPLOAD_FILE_ID_HEADER.toLowerCase()]).toBe(created.id);
      // and no more bytes are taken
      expect((await patchUpload(a, created.id!, data.length, Buffer.from('x'))).statusCode).toBe(409);

      const res = await a.inject({ url: `${API_BASE}/files/${created.id}` });
      expect(res.statusCode).toBe(200);
      expect(FileMeta.parse(res.json())).toMatchObject({ id: created.id, sha256: sha256Hex(data), size: data.length, kind: 'pdf' });
    });

    it.each([
      ['JPEG', 'photo.jpg', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), pdfBytes(1000).subarray(5)]), 'jpeg'],
      ['PNG', 'scan.png', () => pngBytes(4000), 'png'],
      ['XLSX', 'trial-balance.xlsx', () => xlsxBytes(), 'xlsx'],
      ['DOCX', 'notes.docx', () => docxBytes(), 'docx'],
      ['CSV', 'fixed-assets.csv', csvBytes, 'csv'],
    ] as const)('accepts %s by its content', async (_, filename, make, kind) => {
      const owner = newTestOwner(a.companyId!);
      const data = make();
      const { last } = await uploadWhole(a, meta(owner, filename), data, 2);
      expect(last.statusCode).toBe(204);
      const [row] = await rowsOf(owner);
      expect(row).toMatchObject({ kind, size: data.length, sha256: sha256Hex(data) });
    });

    it('creation-with-upload: the POST may carry the bytes', async () => {
      const owner = newTestOwner(a.companyId!);
      const data = pngBytes(2000);
      const res = await a.inject({
        method: 'POST',
        url: UPLOADS,
        headers: {
          ...TUS,
          'upload-length': String(data.length),
          'upload-metadata': (await import('../../../test/tus')).metadataHeader(meta(owner, 'x.png')),
          'content-type': 'application/offset+octet-stream',
        },
        payload: data,
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['upload-offset']).toBe(String(data.length));
      expect((await rowsOf(owner))[0]).toMatchObject({ kind: 'png', sha256: sha256Hex(data) });
    });
  });

  describe('refusals leave nothing behind', () => {
    it('415 at the first bytes of an executable, as a problem in the caller language', async () => {
      const owner = newTestOwner(a.companyId!);
      const data = exeBytes(50_000);
      const created = await createUpload(a, meta(owner, 'invoice.bin'), data.length);
      expect(created.res.statusCode).toBe(201);
      const res = await a.inject({
        method: 'PATCH',
        url: `${UPLOADS}/${created.id}`,
        headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'accept-language': 'en' },
        payload: data,
      });
      expect(res.statusCode).toBe(415);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const problem = Problem.parse(res.json());
      expect(problem.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(problem.title).toBe('This type of file is not accepted.');
      expect(res.headers['tus-resumable']).toBe('1.0.0');
      await expectNothingLeft(owner, created.id);
      expect((await headUpload(a, created.id!)).statusCode).toBe(404);
    });

    it('415 when the first bytes arrive one PATCH at a time', async () => {
      const owner = newTestOwner(a.companyId!);
      const data = exeBytes(100);
      const created = await createUpload(a, meta(owner, 'x'), data.length);
      expect((await patchUpload(a, created.id!, 0, data.subarray(0, 1))).statusCode).toBe(204); // 'M' could still be many things
      const res = await patchUpload(a, created.id!, 1, data.subarray(1));
      expect(res.statusCode).toBe(415);
      await expectNothingLeft(owner, created.id);
    });

    it.each([
      ['a zip that is no office document', 'archive.xlsx', plainZipBytes, 'balance-sheet'],
      ['a PNG named .pdf (not what it claims)', 'balance.pdf', () => pngBytes(3000), 'balance-sheet'],
      ['a PDF into a slot for images only', 'scan', () => pdfBytes(3000), 'images'],
      ['binary data that starts like text', 'data.csv', () => Buffer.concat([Buffer.from('a,b,c\n'), exeBytes(2000)]), 'balance-sheet'],
    ] as const)('415 after the last byte: %s', async (_, filename, make, slot) => {
      const owner = newTestOwner(a.companyId!);
      const data = make();
      const created = await createUpload(a, meta(owner, filename, slot), data.length);
      const res = await patchUpload(a, created.id!, 0, data);
      expect(res.statusCode).toBe(415);
      expect(Problem.parse(res.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
      await expectNothingLeft(owner, created.id);
    });

    it('415 at once for a name claiming a kind the slot refuses, and for an empty file', async () => {
      const owner = newTestOwner(a.companyId!);
      expect((await createUpload(a, meta(owner, 'scan.pdf', 'images'), 100)).res.statusCode).toBe(415);
      expect((await createUpload(a, meta(owner, 'empty.pdf'), 0)).res.statusCode).toBe(415);
      await expectNothingLeft(owner, null);
      expect(await uploadFiles()).not.toContain(expect.stringMatching(/\.json$/));
    });

    it('413 when the declared length is above the limit, before a byte is sent', async () => {
      const owner = newTestOwner(a.companyId!);
      const created = await createUpload(a, meta(owner, 'big.pdf'), MAX + 1);
      expect(created.res.statusCode).toBe(413);
      expect(Problem.parse(created.res.json()).code).toBe('PAYLOAD_TOO_LARGE');
      expect(created.id).toBeNull();
      await expectNothingLeft(owner, null);
      // exactly the limit is fine
      const ok = await createUpload(a, meta(owner, 'big.pdf'), MAX);
      expect(ok.res.statusCode).toBe(201);
      await a.inject({ method: 'DELETE', url: `${UPLOADS}/${ok.id}`, headers: TUS });
      expect((await uploadFiles()).filter((n) => n.startsWith(ok.id!))).toEqual([]);
    });

    it('413 when a PATCH carries more than the upload length, and the upload is gone', async () => {
      const owner = newTestOwner(a.companyId!);
      const data = pdfBytes(1000);
      const created = await createUpload(a, meta(owner, 'x.pdf'), 500);
      const res = await patchUpload(a, created.id!, 0, data);
      expect(res.statusCode).toBe(413);
      await expectNothingLeft(owner, created.id);
    });

    it('400 with field errors for bad metadata; 400 without Upload-Length', async () => {
      const owner = newTestOwner(a.companyId!);
      const bad = await createUpload(a, { ownerKind: TEST_OWNER, ownerId: 'not-a-uuid', slot: 'x', filename: 'a/b.pdf' }, 10);
      expect(bad.res.statusCode).toBe(400);
      const problem = Problem.parse(bad.res.json());
      expect(problem.code).toBe('VALIDATION');
      expect(problem.errors?.map((e) => e.path).sort()).toEqual(['metadata.filename', 'metadata.ownerId']);
      const unknownKind = await createUpload(a, { ...meta(owner, 'a.pdf'), ownerKind: 'nothing_here' }, 10);
      expect(unknownKind.res.statusCode).toBe(400);
      const deferred = await a.inject({
        method: 'POST',
        url: UPLOADS,
        headers: { ...TUS, 'upload-defer-length': '1', 'upload-metadata': (await import('../../../test/tus')).metadataHeader(meta(owner, 'a.pdf')) },
      });
      expect(deferred.statusCode).toBe(400);
    });

    it('a client cannot set the server-side metadata (company, creator, kinds)', async () => {
      const owner = newTestOwner(a.companyId!);
      const data = pngBytes(100);
      const { id, last } = await uploadWhole(
        a,
        { ...meta(owner, 'x.png', 'images'), companyId: b.companyId!, createdBy: b.userId!, allowedKinds: 'pdf' },
        data,
      );
      expect(last.statusCode).toBe(204);
      const row = await findFileById(t.db.kysely, id!);
      expect(row).toMatchObject({ companyId: a.companyId, createdBy: a.userId, kind: 'png' });
    });

    it('a refusal by the owner at the end (locked meanwhile) deletes the upload', async () => {
      const owner = newTestOwner(a.companyId!);
      const data = pdfBytes(5000);
      const created = await createUpload(a, meta(owner, 'late.pdf'), data.length);
      expect((await patchUpload(a, created.id!, 0, data.subarray(0, 1000))).statusCode).toBe(204);
      testOwners.get(owner)!.locked = true;
      const res = await patchUpload(a, created.id!, 1000, data.subarray(1000));
      expect(res.statusCode).toBe(409);
      expect(Problem.parse(res.json()).code).toBe('SUBMISSION_LOCKED');
      await expectNothingLeft(owner, created.id);
      // and a locked owner takes no new upload
      expect((await createUpload(a, meta(owner, 'again.pdf'), 10)).res.statusCode).toBe(409);
    });
  });

  describe('atomicity of row and bytes', () => {
    it('a fault inside the transaction leaves no row and no stored file; HEAD retries and keeps it', async () => {
      const owner = newTestOwner(a.companyId!);
      const data = pdfBytes(20_000);
      testOwners.get(owner)!.failNextStore = true;
      const { id, last } = await uploadWhole(a, meta(owner, 'retry.pdf'), data);
      expect(last.statusCode).toBe(500);
      expect(Problem.parse(last.json()).code).toBe('INTERNAL');
      expect(await rowsOf(owner)).toEqual([]);
      expect(await store.stat(storageKeyFor(id!))).toBeNull();
      // the bytes are still in the upload area: the client's HEAD finds them complete and they are kept
      const head = await headUpload(a, id!);
      expect(head.statusCode).toBe(200);
      expect(head.headers['upload-offset']).toBe(String(data.length));
      expect(head.headers[UPLOAD_FILE_ID_HEADER.toLowerCase()]).toBe(id);
      const [row] = await rowsOf(owner);
      expect(row).toMatchObject({ id, sha256: sha256Hex(data) });
      expect(await readFile(store.pathOf(row!.storageKey))).toEqual(data);
    });

    it('a failure after the rename (the commit fails) deletes the renamed file again', async () => {
      const owner = newTestOwner(a.companyId!);
      const failing: FileStore = Object.create(store) as LocalFileStore;
      failing.commit = async (staged, key) => {
        await store.commit(staged, key);
        throw new Error('disk vanished after the rename');
      };
      const deps: FilesDeps = { ...t.app.deps, store: failing };
      const data = pdfBytes(4000);
      const staged = await store.put(Readable.from([data]), { maxBytes: MAX, allowedKinds: ['pdf'] });
      const id = randomUUID();
      const principal: Principal = { sessionId: 's', userId: a.userId!, role: 'company_admin', companyId: a.companyId!, language: 'lo' };
      await expect(
        keepStagedFile(
          deps,
          staged,
          {
            id,
            companyId: a.companyId!,
            ownerKind: TEST_OWNER,
            ownerId: owner,
            slot: 'x',
            originalName: 'x.pdf',
            createdBy: a.userId!,
            replacesId: null,
          },
          principal,
        ),
      ).rejects.toThrow('disk vanished');
      expect(await rowsOf(owner)).toEqual([]);
      expect(await store.stat(storageKeyFor(id))).toBeNull();
    });

    it('start-up clean-up removes temporary files, files without a row and spent uploads', async () => {
      const owner = newTestOwner(a.companyId!);
      const { id: keptId } = await uploadWhole(a, meta(owner, 'keep.pdf'), pdfBytes(3000));
      // leftovers of a crash:
      const orphanKey = storageKeyFor(randomUUID());
      await mkdir(join(store.storeDir, orphanKey.slice(0, 2)), { recursive: true });
      await writeFile(store.pathOf(orphanKey), pdfBytes(100)); // renamed, never committed
      await mkdir(store.tempDir, { recursive: true });
      await writeFile(join(store.tempDir, 'x.part'), 'half');
      const spent = randomUUID(); // info left after the file was kept
      await writeFile(join(uploadsDir(), `${spent}.json`), JSON.stringify({ id: spent, creation_date: new Date().toISOString() }));
      const dataOnly = randomUUID(); // created, info never written
      await writeFile(join(uploadsDir(), dataOnly), '');
      const expired = randomUUID();
      await writeFile(join(uploadsDir(), expired), 'abc');
      await writeFile(
        join(uploadsDir(), `${expired}.json`),
        JSON.stringify({ id: expired, size: 10, creation_date: new Date(Date.now() - 73 * 3_600_000).toISOString() }),
      );
      const partial = await createUpload(a, meta(owner, 'partial.pdf'), 10_000); // in progress: stays
      await patchUpload(a, partial.id!, 0, pdfBytes(10_000).subarray(0, 4000));

      const deps: FilesDeps = { ...t.app.deps, store };
      expect(await cleanUpStore(deps)).toEqual({ temp: 1, orphans: 1 });
      expect(await new Uploads(deps, t.app.log).cleanUp({ startup: true })).toBe(3);

      expect(await storedKeys()).toContain(storageKeyFor(keptId!));
      expect(await storedKeys()).not.toContain(orphanKey);
      expect(await readdir(store.tempDir)).toEqual([]);
      const left = await uploadFiles();
      expect(left).toEqual(expect.arrayContaining([partial.id, `${partial.id}.json`]));
      for (const gone of [spent, dataOnly, expired]) expect(left.filter((n) => n.startsWith(gone))).toEqual([]);
      // every row still has its bytes with the right hash
      for (const row of await listAllFiles(t.db.kysely)) {
        expect(sha256Hex(await readFile(store.pathOf(row.storageKey)))).toBe(row.sha256);
      }
      expect((await headUpload(a, partial.id!)).headers['upload-offset']).toBe('4000');
    });
  });

  describe('versions', () => {
    it('uploading into a slot again replaces the current file and keeps the old one', async () => {
      const owner = newTestOwner(a.companyId!);
      const first = await uploadWhole(a, meta(owner, 'v1.pdf'), pdfBytes(1000));
      const second = await uploadWhole(a2, meta(owner, 'v2.pdf'), pdfBytes(1200));
      const rows = await rowsOf(owner);
      expect(rows.map((r) => [r.id, r.replacesId, r.supersededById])).toEqual([
        [first.id, null, second.id],
        [second.id, first.id, null],
      ]);
      expect(rows[1]!.createdBy).toBe(a2.userId);
      // the old version stays readable
      expect((await a.inject({ url: `${API_BASE}/files/${first.id}/content` })).statusCode).toBe(200);
    });

    it("'other' files are additional unless `replaces` names one", async () => {
      const owner = newTestOwner(a.companyId!);
      const one = await uploadWhole(a, meta(owner, 'a.pdf', 'other'), pdfBytes(500));
      const two = await uploadWhole(a, meta(owner, 'b.pdf', 'other'), pdfBytes(500));
      const three = await uploadWhole(a, meta(owner, 'c.pdf', 'other', { replaces: one.id! }), pdfBytes(500));
      const rows = await rowsOf(owner);
      expect(
        rows
          .filter((r) => r.supersededById === null)
          .map((r) => r.id)
          .sort(),
      ).toEqual([two.id, three.id].sort());
      expect(rows.find((r) => r.id === three.id)?.replacesId).toBe(one.id);
      // a replaced version cannot be replaced twice; another company's file cannot be named
      expect((await createUpload(a, meta(owner, 'd.pdf', 'other', { replaces: one.id! }), 10)).res.statusCode).toBe(409);
      const bOwner = newTestOwner(b.companyId!);
      expect((await createUpload(b, meta(bOwner, 'd.pdf', 'other', { replaces: two.id! }), 10)).res.statusCode).toBe(404);
    });
  });

  describe('reading files', () => {
    let id: string;
    let data: Buffer;
    const name = 'ລາຍງານການເງິນ "final" 100%.pdf';
    beforeEach(async () => {
      if (id) return;
      const owner = newTestOwner(a.companyId!);
      data = pdfBytes(200_000);
      id = (await uploadWhole(a, meta(owner, name), data)).id!;
    });

    it('answers the whole file with ETag, Accept-Ranges and a UTF-8 Content-Disposition', async () => {
      const res = await a.inject({ url: `${API_BASE}/files/${id}/content` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(data);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(data.length));
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers.etag).toBe(`"${sha256Hex(data)}"`);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const disposition = String(res.headers['content-disposition']);
      expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(name);
      const download = await a.inject({ url: `${API_BASE}/files/${id}/content?download=1` });
      expect(String(download.headers['content-disposition'])).toMatch(/^attachment; /);
    });

    it.each([
      ['bytes=0-65535', 0, 65535],
      ['bytes=65536-131071', 65536, 131071],
      ['bytes=199990-', 199990, 199999],
      ['bytes=-10', 199990, 199999],
      ['bytes=199999-300000', 199999, 199999],
    ])('Range %s → 206', async (range, start, end) => {
      const res = await a.inject({ url: `${API_BASE}/files/${id}/content`, headers: { range } });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${data.length}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.rawPayload).toEqual(data.subarray(start, end + 1));
    });

    it.each(['bytes=200000-', 'bytes=5-2', 'bytes=-0', 'bytes=abc'])('Range %s → 416', async (range) => {
      const res = await a.inject({ url: `${API_BASE}/files/${id}/content`, headers: { range } });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${data.length}`);
      expect(Problem.parse(res.json()).code).toBe('RANGE_NOT_SATISFIABLE');
    });

    it('304 for a matching ETag; If-Range with another ETag gets the whole file', async () => {
      const etag = `"${sha256Hex(data)}"`;
      expect((await a.inject({ url: `${API_BASE}/files/${id}/content`, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
      const stale = await a.inject({ url: `${API_BASE}/files/${id}/content`, headers: { range: 'bytes=0-9', 'if-range': '"other"' } });
      expect(stale.statusCode).toBe(200);
      const fresh = await a.inject({ url: `${API_BASE}/files/${id}/content`, headers: { range: 'bytes=0-9', 'if-range': etag } });
      expect(fresh.statusCode).toBe(206);
    });

    it('HEAD answers the headers only', async () => {
      const res = await a.inject({ method: 'HEAD', url: `${API_BASE}/files/${id}/content` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-length']).toBe(String(data.length));
      expect(res.rawPayload.length).toBe(0);
    });

    it('a colleague of the same company reads it; another company gets 404; staff read everything', async () => {
      expect((await a2.inject({ url: `${API_BASE}/files/${id}` })).statusCode).toBe(200);
      for (const url of [`${API_BASE}/files/${id}`, `${API_BASE}/files/${id}/content`]) {
        const res = await b.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(Problem.parse(res.json()).code).toBe('NOT_FOUND');
      }
      expect((await b.inject({ url: `${API_BASE}/files/${randomUUID()}` })).statusCode).toBe(404);
      expect((await staff.inject({ url: `${API_BASE}/staff/files/${id}` })).json()).toMatchObject({ id, sha256: sha256Hex(data) });
      expect((await staff.inject({ url: `${API_BASE}/staff/files/${id}/content`, headers: { range: 'bytes=0-4' } })).rawPayload.toString()).toBe(
        '%PDF-',
      );
      // the other side's routes are closed to each
      expect((await a.inject({ url: `${API_BASE}/staff/files/${id}` })).statusCode).toBe(403);
      expect((await staff.inject({ url: `${API_BASE}/files/${id}` })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `${API_BASE}/files/${id}` })).statusCode).toBe(401);
    });

    it('another company cannot touch an upload in progress (404), nor upload into a foreign owner', async () => {
      const owner = newTestOwner(a.companyId!);
      const created = await createUpload(a, meta(owner, 'mine.pdf'), 1000);
      expect((await headUpload(b, created.id!)).statusCode).toBe(404);
      expect((await patchUpload(b, created.id!, 0, pdfBytes(1000))).statusCode).toBe(404);
      expect((await b.inject({ method: 'DELETE', url: `${UPLOADS}/${created.id}`, headers: TUS })).statusCode).toBe(404);
      expect((await headUpload(a, created.id!)).headers['upload-offset']).toBe('0');
      expect((await createUpload(b, meta(owner, 'theirs.pdf'), 10)).res.statusCode).toBe(404);
      expect((await createUpload(staff, meta(owner, 'staff.pdf'), 10)).res.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'HEAD', url: `${UPLOADS}/${created.id}`, headers: TUS })).statusCode).toBe(401);
      // a tus request without the CSRF header is refused
      const noCsrf = await t.app.inject({
        method: 'POST',
        url: UPLOADS,
        headers: { ...TUS, 'upload-length': '10', cookie: `bansi_session=${a.cookie('bansi_session')}` },
      });
      expect(noCsrf.statusCode).toBe(403);
    });
  });

  describe('over a real connection', () => {
    let base: string;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });

    function authHeaders(agent: Agent): Record<string, string> {
      const csrf = agent.cookie('bansi_csrf')!;
      return { cookie: `bansi_session=${agent.cookie('bansi_session')}; bansi_csrf=${csrf}`, 'x-csrf-token': csrf };
    }

    it('a connection cut mid-file resumes from the offset HEAD reports, without resending what arrived', async () => {
      await a.fetchCsrf();
      const owner = newTestOwner(a.companyId!);
      const data = pdfBytes(6 * 1024 * 1024);
      const created = await createUpload(a, meta(owner, 'over-a-bad-network.pdf'), data.length);
      const url = `${base}${UPLOADS}/${created.id}`;

      // Send the first 2.5 MB of a PATCH announcing all 6 MB, then drop the connection.
      const sentBeforeCut = 2.5 * 1024 * 1024;
      await new Promise<void>((resolve) => {
        const req = httpRequest(url, {
          method: 'PATCH',
          headers: {
            ...TUS,
            ...authHeaders(a),
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': String(data.length),
          },
        });
        req.on('error', () => resolve());
        req.on('response', () => resolve());
        req.write(data.subarray(0, sentBeforeCut), () => setTimeout(() => req.destroy(), 300));
      });

      // The server keeps what arrived; HEAD (after the interrupted PATCH let go of the upload) says how much.
      let offset = -1;
      for (let i = 0; i < 50; i++) {
        const head = await fetch(url, { method: 'HEAD', headers: { ...TUS, ...authHeaders(a) } });
        expect(head.status).toBe(200);
        offset = Number(head.headers.get('upload-offset'));
        if (offset > 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // Every byte that reached the server is kept, also those not yet written when the connection broke.
      expect(offset).toBe(sentBeforeCut);

      // Resume: only the rest goes over the wire.
      const rest = data.subarray(offset);
      const res = await fetch(url, {
        method: 'PATCH',
        headers: { ...TUS, ...authHeaders(a), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: rest,
      });
      expect(res.status).toBe(204);
      expect(Number(res.headers.get('upload-offset'))).toBe(data.length);
      expect(offset + rest.length).toBe(data.length);
      const [row] = await rowsOf(owner);
      expect(row).toMatchObject({ id: created.id, size: data.length, sha256: sha256Hex(data) });
      expect(sha256Hex(await readFile(store.pathOf(row!.storageKey)))).toBe(sha256Hex(data));
    });

    it('a PATCH from the wrong offset is refused with 409 and changes nothing', async () => {
      const owner = newTestOwner(a.companyId!);
      const data = pdfBytes(3000);
      const created = await createUpload(a, meta(owner, 'x.pdf'), data.length);
      await patchUpload(a, created.id!, 0, data.subarray(0, 1000));
      const res = await patchUpload(a, created.id!, 500, data.subarray(500));
      expect(res.statusCode).toBe(409);
      expect(Problem.parse(res.json()).code).toBe('CONFLICT');
      expect((await headUpload(a, created.id!)).headers['upload-offset']).toBe('1000');
    });
  });
});
