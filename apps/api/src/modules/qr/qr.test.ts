import { QrCheckResult, QrPaths } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptCode } from '../../../test/access-cases/qr.cases';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { acceptedSubmission, api } from '../../../test/submissions';
import { issueQrCode, registerQrKind } from './qr.service';

describe(`QR verification registry (${dialect})`, () => {
  let t: TestApp;
  let a: Agent;
  let b: Agent;
  let submissionId: string;
  let code: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = (await registerCompany(t)).agent;
    b = (await registerCompany(t)).agent;
    const staff = await loginAs(t, 'staff');
    const accepted = await acceptedSubmission(t, a, staff, t.config.BOOK_YEAR);
    submissionId = accepted.id;
    code = await receiptCode(a, submissionId);
  });
  afterAll(() => t.close());

  const check = (comId: string, c: string, lang = 'en') => t.app.inject({ url: api(QrPaths.check(comId, c)), headers: { 'accept-language': lang } });

  it('shows a visitor a genuine receipt: company, book year, accepted date and file count, nothing more', async () => {
    const res = await check(a.companyId!, code);
    expect(res.statusCode).toBe(200);
    const view = QrCheckResult.parse(res.json());
    const receipt = await t.db.kysely.selectFrom('submissionReceipts').selectAll().where('submissionId', '=', submissionId).executeTakeFirstOrThrow();
    const files = await t.db.kysely
      .selectFrom('files')
      .select('id')
      .where('ownerId', '=', submissionId)
      .where('ownerKind', '=', 'submission')
      .where('supersededById', 'is', null)
      .execute();
    expect(res.json()).toEqual({
      kind: 'receipt',
      genuine: true,
      companyNameLo: receipt.companyNameLo,
      companyNameEn: receipt.companyNameEn,
      bookYear: t.config.BOOK_YEAR,
      acceptedAt: receipt.acceptedAt,
      fileCount: files.length,
      reference: (await t.db.kysely.selectFrom('submissions').select('reference').where('id', '=', submissionId).executeTakeFirstOrThrow()).reference,
    });
    expect(view.kind === 'receipt' && view.fileCount).toBeGreaterThanOrEqual(4);
  });

  it("answers 404 in the caller's language to an unknown code, an altered code and another company's id", async () => {
    const altered = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    for (const [comId, c] of [
      [a.companyId!, 'AAAAAAAAAAAAAAAAAAAAAA'],
      [a.companyId!, altered],
      [b.companyId!, code],
    ] as const) {
      const res = await check(comId, c, 'lo');
      expect(res.statusCode, c).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(res.json().title).toMatch(/[\u0E80-\u0EFF]/);
      expect(res.json()).not.toHaveProperty('companyNameEn');
    }
    // A malformed code is a 400 problem, not a lookup.
    expect((await check(a.companyId!, 'short')).statusCode).toBe(400);
  });

  it('checks codes issued through the registry by the kind that registered them', async () => {
    registerQrKind('notes', {
      describe: async (_db, row) => ({
        kind: 'receipt',
        genuine: true,
        companyNameLo: row.subjectId,
        companyNameEn: row.subjectId,
        bookYear: 2000,
        acceptedAt: row.createdAt,
        fileCount: 0,
      }),
    });
    const issued = await t.db.kysely
      .transaction()
      .execute((trx) => issueQrCode(trx, { kind: 'notes', companyId: a.companyId!, subjectId: 'notes-1' }));
    expect(issued.url).toBe(new URL(`/qr/scan/${a.companyId}/${issued.code}`, t.config.PUBLIC_URL).toString());
    const stored = await t.db.kysely.selectFrom('qrCodes').selectAll().where('subjectId', '=', 'notes-1').executeTakeFirstOrThrow();
    expect(stored.codeHash).not.toBe(issued.code);
    expect((await check(a.companyId!, issued.code)).json()).toMatchObject({ companyNameEn: 'notes-1' });
    expect((await check(b.companyId!, issued.code)).statusCode).toBe(404);
  });
});
