import { API_BASE, AuditPaths, BackofficePaths } from '@bansi/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../src/modules/audit/audit.service';
import { CSV_INJECTION_PAYLOADS, runsAsFormula } from './csv-payloads';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from './helpers';

/**
 * Every CSV the product writes is safe to open (issue 28): whatever a company typed as its name, a user as
 * theirs or a file's name, no cell of an export starts a formula; the text survives behind an apostrophe.
 * The payloads are written straight into the rows, as if some form had let them through.
 */
const url = (path: string) => `${API_BASE}${path}`;
const BOOK_YEAR = 2023;
const read = (raw: Buffer) => parse(raw, { bom: true }) as string[][];

describe(`CSV exports neutralise formulas (${dialect})`, () => {
  let t: TestApp;
  let admin: Agent;
  let companyId: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t, 'staffAdmin');
    const company = await registerCompany(t);
    companyId = company.companyId;
    userId = company.agent.userId!;
  });
  afterAll(() => t.close());

  /** Both exports, in English, as a staff admin downloads them. */
  const exports = async () => {
    const report = await admin.inject({
      url: url(BackofficePaths.reportCsv),
      query: { bookYear: String(BOOK_YEAR) },
      headers: { 'accept-language': 'en' },
    });
    const audit = await admin.inject({ url: url(AuditPaths.csv), query: { companyId }, headers: { 'accept-language': 'en' } });
    expect(report.statusCode).toBe(200);
    expect(audit.statusCode).toBe(200);
    for (const res of [report, audit]) expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    return { report: read(report.rawPayload), audit: read(audit.rawPayload) };
  };

  it.each(CSV_INJECTION_PAYLOADS.map((p) => [JSON.stringify(p), p]))(
    '%s in a company name, a contact name and a file name: written as text in the report and the audit log',
    async (_label, payload) => {
      const k = t.db.kysely;
      await k
        .updateTable('companies')
        .set({ nameLo: `${payload} ລາວ`, nameEn: payload })
        .where('id', '=', companyId)
        .execute();
      await k.updateTable('users').set({ name: payload }).where('id', '=', userId).execute();
      // a file the company uploaded under that name, as the audit log records it
      await recordAudit(
        k,
        { userId, role: 'company_admin', companyId, requestId: null, address: null },
        'file.upload',
        { kind: 'file', id: crypto.randomUUID() },
        { companyId, details: { fileName: payload, size: 1024 } },
      );

      const { report, audit } = await exports();
      for (const [name, rows] of Object.entries({ report, audit })) {
        for (const row of rows) for (const cell of row) expect(runsAsFormula(cell), `${name}: ${JSON.stringify(cell)}`).toBe(false);
      }
      // the text survives: the company's names (Lao too) in the report, the user as the actor in the audit log
      const company = report.find((r) => r[2] === `'${payload}`);
      expect(company, 'the company row').toBeTruthy();
      expect(company![1]).toBe(`'${payload} ລາວ`);
      // the book year is a number, not text
      expect(company![0]).toBe(String(BOOK_YEAR));
      const upload = audit.find((r) => r[6] === 'file.upload')!;
      expect(upload[2]!.startsWith(`'${payload} (`)).toBe(true);
      expect(audit.some((r) => r[5]!.includes(payload))).toBe(true);
    },
  );
});
