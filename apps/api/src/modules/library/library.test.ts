import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE, LibraryDocument, LibraryPaths, Page, Problem, StaffLibraryDocument } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, loginAs, type Agent, type TestApp } from '../../../test/helpers';
import { contentDisposition, parseRange } from '../../lib/send-file';
import { BUNDLED_GUIDE } from './library.seed';

const url = (path: string) => `${API_BASE}${path}`;

/** Files kept in the local FileStore under DATA_DIR (every kind of file lives there now). */
const storedFiles = (dataDir: string) => {
  const store = join(dataDir, 'files/store');
  return existsSync(store) ? readdirSync(store).flatMap((shard) => readdirSync(join(store, shard))).length : 0;
};
const tempFiles = (dataDir: string) => (existsSync(join(dataDir, 'files/tmp')) ? readdirSync(join(dataDir, 'files/tmp')) : []);

/** A small valid-looking PDF of about `size` bytes (the API checks the magic bytes, not the structure). */
function pdf(label: string, size = 200_000): Buffer {
  const head = Buffer.from(`%PDF-1.7\n% ${label}\n`, 'latin1');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length - 6)), Buffer.from('\n%%EOF', 'latin1')]);
}

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type?: string };

/** A multipart/form-data body, as a browser's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = `----bansi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('file' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/pdf'}\r\n\r\n`,
        ),
        part.file,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));

const newDocument = (overrides: Record<string, string> = {}) => ({
  category: 'law',
  titleLo: 'ກົດໝາຍວ່າດ້ວຍການບັນຊີ',
  titleEn: 'Law on Accounting',
  version: '2013',
  documentDate: '2013-12-26',
  published: 'false',
  ...overrides,
});

describe(`library (${dialect})`, () => {
  let t: TestApp;
  let dataDir: string;
  let admin: Agent;
  let reviewer: Agent;
  let company: Agent;
  let companyAdmin: Agent;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bansi-library-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    [admin, reviewer, company, companyAdmin] = await Promise.all([
      loginAs(t, 'staffAdmin'),
      loginAs(t, 'staff'),
      loginAs(t, 'company'),
      loginAs(t, 'companyAdmin'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function create(values: Record<string, string>, files: Part[]) {
    const body = multipart([...fields(values), ...files]);
    return admin.inject({ method: 'POST', url: url(LibraryPaths.staffList), ...body });
  }

  async function guide() {
    const res = await company.inject({ url: url(`${LibraryPaths.list}?category=guide`) });
    expect(res.statusCode).toBe(200);
    const { items } = Page(LibraryDocument).parse(res.json());
    const bundled = items.find((d) => d.bundled);
    expect(bundled, 'the bundled guide is seeded').toBeTruthy();
    return bundled!;
  }

  it('ships the user guide as a published guide, so the guide book is never empty', async () => {
    const doc = await guide();
    expect(doc.category).toBe('guide');
    expect(doc.titleEn).toBe(BUNDLED_GUIDE.titleEn);
    expect(doc.current.files).toEqual([expect.objectContaining({ language: 'both', fileName: 'bansi-user-guide.pdf' })]);
    const bytes = readFileSync(BUNDLED_GUIDE.path);
    expect(doc.current.files[0]!.size).toBe(bytes.length);
    expect(doc.current.files[0]!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('serves a file with Accept-Ranges, ETag and Content-Disposition, and answers ranges with 206', async () => {
    const doc = await guide();
    const bytes = readFileSync(BUNDLED_GUIDE.path);
    const whole = await company.inject({ url: url(`${LibraryPaths.file(doc.id)}?lang=en`) });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.headers['content-disposition']).toBe(`inline; filename="bansi-user-guide.pdf"; filename*=UTF-8''bansi-user-guide.pdf`);
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const etag = String(whole.headers.etag);
    // one download path for every stored file: the whole SHA-256 is the ETag
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

    const part = await company.inject({ url: url(LibraryPaths.file(doc.id)), headers: { range: 'bytes=0-65535' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-${Math.min(65535, bytes.length - 1)}/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(0, 65536))).toBe(true);

    const tail = await company.inject({ url: url(LibraryPaths.file(doc.id)), headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true);

    const notModified = await company.inject({ url: url(LibraryPaths.file(doc.id)), headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    // If-Range with an old validator: the whole current file instead of a piece of it.
    const stale = await company.inject({ url: url(LibraryPaths.file(doc.id)), headers: { range: 'bytes=0-9', 'if-range': '"0000"' } });
    expect(stale.statusCode).toBe(200);

    const download = await company.inject({ url: url(`${LibraryPaths.file(doc.id)}?download=1`), headers: { range: 'bytes=0-0' } });
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);

    const head = await company.inject({ method: 'HEAD', url: url(LibraryPaths.file(doc.id)) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.body).toBe('');
  });

  it('answers 416 with the size for a range outside the file', async () => {
    const doc = await guide();
    const size = readFileSync(BUNDLED_GUIDE.path).length;
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=5-2', 'items=0-1', 'bytes=-0']) {
      const res = await company.inject({ url: url(LibraryPaths.file(doc.id)), headers: { range } });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${size}`);
      expect(Problem.parse(res.json()).code).toBe('RANGE_NOT_SATISFIABLE');
    }
  });

  it('lets only staff admins publish', async () => {
    const body = () => multipart([...fields(newDocument()), { name: 'fileBoth', file: pdf('x'), filename: 'law.pdf' }]);
    const visitor = await t.app.inject({ method: 'POST', url: url(LibraryPaths.staffList), ...body() });
    expect([401, 403]).toContain(visitor.statusCode); // no session (and no CSRF token): refused either way
    for (const [who, agent] of [
      ['company user', company],
      ['company admin', companyAdmin],
      ['staff reviewer', reviewer],
    ] as const) {
      const res = await agent.inject({ method: 'POST', url: url(LibraryPaths.staffList), ...body() });
      expect(res.statusCode, who).toBe(403);
      const patch = await agent.inject({ method: 'PATCH', url: url(LibraryPaths.staffOne((await guide()).id)), payload: { published: false } });
      expect(patch.statusCode, who).toBe(403);
    }
    // Nothing was stored by the refused uploads.
    const staff = await reviewer.inject({ url: url(`${LibraryPaths.staffList}?category=law`) });
    expect(Page(StaffLibraryDocument).parse(staff.json()).items).toEqual([]);
  });

  it('publishes, keeps every version, and lists only published documents to companies', async () => {
    const first = pdf('law 2013 lo');
    const created = await create(newDocument(), [{ name: 'fileBoth', file: first, filename: 'ກົດໝາຍ.pdf' }]);
    expect(created.statusCode, created.body).toBe(201);
    const doc = StaffLibraryDocument.parse(created.json());
    expect(doc.published).toBe(false);
    expect(doc.versions).toHaveLength(1);
    expect(doc.current.files).toEqual([
      { language: 'both', fileName: 'ກົດໝາຍ.pdf', size: first.length, sha256: createHash('sha256').update(first).digest('hex') },
    ]);

    // Not published: invisible to companies (404, not 403), visible to every staff member.
    const laws = async () => Page(LibraryDocument).parse((await company.inject({ url: url(`${LibraryPaths.list}?category=law`) })).json()).items;
    expect(await laws()).toEqual([]);
    expect((await company.inject({ url: url(LibraryPaths.file(doc.id)) })).statusCode).toBe(404);
    expect((await company.inject({ url: url(LibraryPaths.one(doc.id)) })).statusCode).toBe(404);
    const asReviewer = await reviewer.inject({ url: url(LibraryPaths.staffFile(doc.id)) });
    expect(asReviewer.statusCode).toBe(200);
    expect(asReviewer.rawPayload.equals(first)).toBe(true);
    expect(asReviewer.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('ກົດໝາຍ.pdf')}`);

    // Publish.
    const published = await admin.inject({
      method: 'PATCH',
      url: url(LibraryPaths.staffOne(doc.id)),
      payload: { published: true, titleEn: 'Law on Accounting No. 47/NA' },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(StaffLibraryDocument.parse(published.json())).toMatchObject({ published: true, titleEn: 'Law on Accounting No. 47/NA' });
    expect((await laws()).map((d) => d.id)).toEqual([doc.id]);

    // A second version, one file per language: it becomes current; the first is kept.
    const lo = pdf('law 2024 lo');
    const en = pdf('law 2024 en', 150_000);
    const body = multipart([
      ...fields({ version: '2024', documentDate: '2024-06-01' }),
      { name: 'fileLo', file: lo, filename: 'law-lo.pdf' },
      { name: 'fileEn', file: en, filename: 'law-en.pdf' },
    ]);
    const added = await admin.inject({ method: 'POST', url: url(LibraryPaths.staffVersions(doc.id)), ...body });
    expect(added.statusCode, added.body).toBe(201);
    const withVersions = StaffLibraryDocument.parse(added.json());
    expect(withVersions.versions.map((v) => v.version)).toEqual(['2024', '2013']);
    expect(withVersions.current.version).toBe('2024');

    const [listed] = await laws();
    expect(listed!.current.version).toBe('2024');
    expect(listed!.current.files.map((f) => f.language)).toEqual(['lo', 'en']);
    const inLao = await company.inject({ url: url(`${LibraryPaths.file(doc.id)}?lang=lo`) });
    const inEnglish = await company.inject({ url: url(`${LibraryPaths.file(doc.id)}?lang=en`) });
    expect(inLao.rawPayload.equals(lo)).toBe(true);
    expect(inEnglish.rawPayload.equals(en)).toBe(true);

    // Staff can still read the old version; readers cannot pick one.
    const old = withVersions.versions[1]!;
    const oldFile = await reviewer.inject({ url: url(`${LibraryPaths.staffFile(doc.id)}?version=${old.id}`) });
    expect(oldFile.rawPayload.equals(first)).toBe(true);
    const readerAsksOld = await company.inject({ url: url(`${LibraryPaths.file(doc.id)}?version=${old.id}&lang=lo`) });
    expect(readerAsksOld.rawPayload.equals(lo)).toBe(true);

    // The same version name twice is a conflict, and leaves no file behind.
    const filesBefore = storedFiles(dataDir);
    const again = await admin.inject({
      method: 'POST',
      url: url(LibraryPaths.staffVersions(doc.id)),
      ...multipart([...fields({ version: '2024', documentDate: '2024-07-01' }), { name: 'fileBoth', file: pdf('dup'), filename: 'dup.pdf' }]),
    });
    expect(again.statusCode).toBe(409);
    expect(storedFiles(dataDir)).toBe(filesBefore);

    // Unpublish: gone for companies again.
    await admin.inject({ method: 'PATCH', url: url(LibraryPaths.staffOne(doc.id)), payload: { published: false } });
    expect(await laws()).toEqual([]);
    expect((await company.inject({ url: url(LibraryPaths.file(doc.id)) })).statusCode).toBe(404);
  });

  it('refuses uploads that are not PDFs, have no file, or mix both kinds of file', async () => {
    const before = storedFiles(dataDir);
    const notPdf = await create(newDocument(), [
      { name: 'fileBoth', file: Buffer.from('MZ\x90\x00 not a pdf at all', 'latin1'), filename: 'law.pdf' },
    ]);
    expect(notPdf.statusCode).toBe(415);
    expect(Problem.parse(notPdf.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const noFile = await create(newDocument(), []);
    expect(noFile.statusCode).toBe(400);
    expect(Problem.parse(noFile.json()).errors?.map((e) => e.path)).toEqual(['body.files']);

    const both = await create(newDocument(), [
      { name: 'fileBoth', file: pdf('a'), filename: 'a.pdf' },
      { name: 'fileLo', file: pdf('b'), filename: 'b.pdf' },
    ]);
    expect(both.statusCode).toBe(400);

    const badFields = await create(newDocument({ category: 'novel', documentDate: 'yesterday' }), [
      { name: 'fileBoth', file: pdf('c'), filename: 'c.pdf' },
    ]);
    expect(badFields.statusCode).toBe(400);
    expect(
      Problem.parse(badFields.json())
        .errors?.map((e) => e.path)
        .sort(),
    ).toEqual(['body.category', 'body.documentDate']);

    const json = await admin.inject({ method: 'POST', url: url(LibraryPaths.staffList), payload: newDocument() });
    expect(json.statusCode).toBe(415);

    // No file of any refused upload stayed on disk, not even in the temporary folder.
    expect(storedFiles(dataDir)).toBe(before);
    expect(tempFiles(dataDir)).toEqual([]);
  });

  it('authorizes the file endpoint like any read', async () => {
    const doc = await guide();
    const visitor = await t.app.inject({ url: url(LibraryPaths.file(doc.id)) });
    expect(visitor.statusCode).toBe(401);
    // Company routes are for companies; staff read through the staff routes.
    expect((await admin.inject({ url: url(LibraryPaths.file(doc.id)) })).statusCode).toBe(403);
    expect((await company.inject({ url: url(LibraryPaths.staffFile(doc.id)) })).statusCode).toBe(403);
    expect((await company.inject({ url: url(LibraryPaths.staffList) })).statusCode).toBe(403);
    expect((await company.inject({ url: url(LibraryPaths.file('00000000-0000-4000-8000-000000000000')) })).statusCode).toBe(404);
    expect((await company.inject({ url: url(LibraryPaths.file('not-a-uuid')) })).statusCode).toBe(400);
  });
});

describe('range parsing', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=90-500', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=5-2', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, null],
    ['pages=1', 100, 'unsatisfiable'],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it('names files safely in Content-Disposition', () => {
    expect(contentDisposition('ກົດໝາຍ "ບັນຊີ".pdf', false)).toBe(
      `inline; filename="______ _______.pdf"; filename*=UTF-8''${encodeURIComponent('ກົດໝາຍ "ບັນຊີ".pdf')}`,
    );
  });
});
