import { randomBytes } from 'node:crypto';
import { API_BASE, LibraryDocument, LibraryPaths, Page, StaffLibraryDocument, type LibraryCategory } from '@bansi/shared';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, loginAs, type Agent, type TestApp } from '../../../test/helpers';
import { libraryFields, multipartBody, type Part } from '../../../test/multipart';
import { readerFirstPage, queueFirstPageSweep } from './index';
import { renderFirstPageOffThread } from './library.first-page.pool';
import { FIRST_PAGE_JOB, FIRST_PAGE_SWEEP_JOB } from './library.first-page.queue';

const url = (path: string) => `${API_BASE}${path}`;
const KINDS = [FIRST_PAGE_JOB, FIRST_PAGE_SWEEP_JOB];

/** A one-page A4 PDF: a black band at the top or at the bottom and a line in Helvetica (a standard font, not embedded). */
function pdf(band: 'top' | 'bottom', text: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.rect(0, band === 'top' ? 0 : 642, 595, 200).fill('#000000');
  doc.fillColor('#000000').font('Helvetica').fontSize(28).text(text, 50, 380);
  doc.end();
  return done;
}

/** Passes the upload's magic-bytes check, but is no PDF pdf.js can read. */
const garbagePdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), randomBytes(4000), Buffer.from('\n%%EOF', 'latin1')]);

const file = (name: 'fileLo' | 'fileEn' | 'fileBoth', bytes: Buffer): Part => ({ name, file: bytes, filename: `${name}.pdf` });

describe(`library first pages (${dialect})`, () => {
  let t: TestApp;
  let admin: Agent;
  let company: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, company] = await Promise.all([loginAs(t, 'staffAdmin'), loginAs(t, 'company')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.kysely;
  const rowsOf = (fileIds: string[]) => db().selectFrom('libraryFirstPages').selectAll().where('fileId', 'in', fileIds).execute();
  const filesOf = (versionId: string) => db().selectFrom('libraryFiles').select(['id', 'language']).where('versionId', '=', versionId).execute();
  const run = () => t.app.jobs.runDue({ kinds: KINDS });

  async function create(values: Record<string, string>, files: Part[]) {
    const res = await admin.inject({ method: 'POST', url: url(LibraryPaths.staffList), ...multipartBody([...libraryFields(values), ...files]) });
    expect(res.statusCode, res.body).toBe(201);
    return StaffLibraryDocument.parse(res.json());
  }

  /** What the reading screen opens first: the web's defaultDocument over the list it loads. */
  async function screenOpens(category: LibraryCategory) {
    const res = await company.inject({ url: url(`${LibraryPaths.list}?category=${category}&limit=100`) });
    const { items } = Page(LibraryDocument).parse(res.json());
    return items.find((d) => d.bundled) ?? items[0];
  }

  async function expectPicture(webp: Buffer, band: 'top' | 'bottom' | null) {
    const meta = await sharp(webp).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(720);
    // A4 in PDFKit: 595.28 × 841.89 points
    expect(meta.height).toBe(Math.ceil((841.89 / 595.28) * 720));
    const { data, info } = await sharp(webp).greyscale().raw().toBuffer({ resolveWithObject: true });
    const meanOf = (from: number, to: number) => {
      let sum = 0;
      for (let i = from * info.width; i < to * info.width; i += 1) sum += data[i]!;
      return sum / ((to - from) * info.width);
    };
    const top = meanOf(0, 100);
    const bottom = meanOf(info.height - 100, info.height);
    expect(Math.min(top, bottom), 'not all white').toBeLessThan(60);
    if (band === 'top') expect([top < 60, bottom > 200]).toEqual([true, true]);
    if (band === 'bottom') expect([top > 200, bottom < 60]).toEqual([true, true]);
  }

  it("draws the bundled guide's first page, off the request, as a 720 px WebP", async () => {
    const guide = (await screenOpens('guide'))!;
    expect(guide.bundled).toBe(true);
    await run();
    const page = await readerFirstPage(t.app.deps, 'guide', 'lo');
    expect(page).toMatchObject({ documentId: guide.id, width: 720 });
    const meta = await sharp(page!.webp).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 720, page!.height]);
    const stats = await sharp(page!.webp).stats();
    expect(stats.channels[0]!.min, 'not all white').toBeLessThan(100);
    expect(page!.webp.length).toBeLessThan(60_000);
    // A newer guide does not change what the screen opens first: the bundled one.
    await create({ category: 'guide', version: '1', published: 'true' }, [file('fileBoth', await pdf('top', 'Newer guide'))]);
    await run();
    expect((await screenOpens('guide'))!.id).toBe(guide.id);
    expect((await readerFirstPage(t.app.deps, 'guide', 'en'))!.documentId).toBe(guide.id);
  });

  it("is made for a created document's files and for a new version; the reader gets the picture of the file the screen opens", async () => {
    const older = await create({ category: 'license', version: '1', published: 'true' }, [file('fileBoth', await pdf('top', 'Older licence'))]);
    const doc = await create({ category: 'license', version: '1', published: 'true' }, [
      file('fileLo', await pdf('top', 'Lao file')),
      file('fileEn', await pdf('bottom', 'English file')),
    ]);
    const files = await filesOf(doc.current.id);
    // Queued with the upload, drawn by the job worker: nothing yet when the upload answers.
    expect(await rowsOf(files.map((f) => f.id))).toEqual([]);
    expect(await readerFirstPage(t.app.deps, 'license', 'lo')).toBeNull();
    await run();

    expect((await screenOpens('license'))!.id).toBe(doc.id);
    const lo = (await readerFirstPage(t.app.deps, 'license', 'lo'))!;
    const en = (await readerFirstPage(t.app.deps, 'license', 'en'))!;
    expect([lo.documentId, en.documentId]).toEqual([doc.id, doc.id]);
    const rows = await rowsOf(files.map((f) => f.id));
    const pictureOf = (language: string) => rows.find((r) => r.fileId === files.find((f) => f.language === language)!.id)!.webp!;
    expect(Buffer.compare(lo.webp, pictureOf('lo'))).toBe(0);
    expect(Buffer.compare(en.webp, pictureOf('en'))).toBe(0);
    await expectPicture(lo.webp, 'top');
    await expectPicture(en.webp, 'bottom');
    expect(older.id).not.toBe(doc.id);

    // A new version with one file for both languages: both readers get its picture.
    const res = await admin.inject({
      method: 'POST',
      url: url(LibraryPaths.staffVersions(doc.id)),
      ...multipartBody([
        ...libraryFields({ version: '2' }).filter((p) => ['version', 'documentDate'].includes(p.name)),
        file('fileBoth', await pdf('bottom', 'Version 2')),
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const v2 = StaffLibraryDocument.parse(res.json()).current;
    await run();
    const [both] = await filesOf(v2.id);
    const [row] = await rowsOf([both!.id]);
    for (const lang of ['lo', 'en'] as const) {
      const page = (await readerFirstPage(t.app.deps, 'license', lang))!;
      expect(page.documentId).toBe(doc.id);
      expect(Buffer.compare(page.webp, row!.webp!)).toBe(0);
    }
    await expectPicture(row!.webp!, 'bottom');
  });

  it('a PDF that cannot be drawn: the upload succeeds, no picture, the failure kept, the job done (not retried)', async () => {
    const doc = await create({ category: 'law', version: '1', published: 'true' }, [file('fileBoth', garbagePdf())]);
    await run();
    const [f] = await filesOf(doc.current.id);
    const [row] = await rowsOf([f!.id]);
    expect(row).toMatchObject({ webp: null, width: null, height: null });
    expect(row!.failure).toBeTruthy();
    const jobs = await db().selectFrom('jobs').select(['status', 'attempts']).where('uniqueKey', '=', `${FIRST_PAGE_JOB}:${f!.id}`).execute();
    expect(jobs).toEqual([{ status: 'done', attempts: 1 }]);
    expect(await readerFirstPage(t.app.deps, 'law', 'lo')).toBeNull();
    // The sweep does not queue it again.
    await queueFirstPageSweep(db());
    await run();
    expect(await db().selectFrom('jobs').select('id').where('uniqueKey', '=', `${FIRST_PAGE_JOB}:${f!.id}`).execute()).toHaveLength(1);
  });

  it('a drawing that takes too long fails, and the next one gets a fresh thread', async () => {
    const guide = await pdf('top', 'Slow');
    await expect(renderFirstPageOffThread(new Uint8Array(guide), 1)).rejects.toThrow(/longer than 1 ms/);
    expect((await renderFirstPageOffThread(new Uint8Array(guide))).width).toBe(720);
  });

  it('the start-up sweep fills in the pictures a database older than them lacks', async () => {
    // As before the pictures: no first-page rows and no jobs that made them.
    await db().deleteFrom('libraryFirstPages').execute();
    await db().deleteFrom('jobs').where('kind', 'in', KINDS).execute();
    expect(await readerFirstPage(t.app.deps, 'guide', 'lo')).toBeNull();
    await queueFirstPageSweep(db());
    await run();
    const files = await db().selectFrom('libraryFiles').select('id').execute();
    const rows = await rowsOf(files.map((f) => f.id));
    expect(rows).toHaveLength(files.length);
    expect(rows.filter((r) => r.webp !== null)).toHaveLength(files.length - 1); // all but the unreadable law
    expect(await readerFirstPage(t.app.deps, 'guide', 'lo')).not.toBeNull();
    expect(await readerFirstPage(t.app.deps, 'license', 'en')).not.toBeNull();
  });
});
