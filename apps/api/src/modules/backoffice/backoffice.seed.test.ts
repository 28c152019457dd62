import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, dialect, testConfig, type TestDb } from '../../../test/helpers';
import { runSeeds } from '../../db/seed';
import type { Config } from '../../config';
import { vientianeDate } from '@bansi/shared';
import { createFileStore } from '../../lib/create-file-store';
import { pdfText } from '../../lib/pdf/pdf-text';
import { loadReference, sizeViewOf } from '../submissions/submissions.checklist';

describe(`the demo shows every state (${dialect})`, () => {
  let db: TestDb;
  let config: Config;
  beforeAll(async () => {
    db = await createTestDb();
    config = testConfig({ SEED_DEMO: 'true' });
    await runSeeds({ db: db.db, config }, { demo: true });
  }, 120_000);
  afterAll(() => db.drop());

  it('has companies in several provinces and sizes, a submission in each state, and the accepted one has its receipt', async () => {
    const k = db.db.kysely;
    const companies = await k
      .selectFrom('companies')
      .innerJoin('referenceItems', 'referenceItems.id', 'companies.sizeId')
      .select(['companies.id', 'companies.provinceCode', 'referenceItems.code as size'])
      .execute();
    expect(companies.length).toBeGreaterThanOrEqual(6);
    expect(new Set(companies.map((c) => c.provinceCode)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(companies.map((c) => c.size))).toEqual(new Set(['micro', 'small', 'medium', 'large']));
    const statuses = (await k.selectFrom('submissions').select('status').where('bookYear', '=', config.BOOK_YEAR).execute()).map((s) => s.status);
    expect(new Set(statuses)).toEqual(new Set(['draft', 'submitted', 'in_review', 'returned', 'accepted']));
    const receipts = await k.selectFrom('submissionReceipts').select(['fileId', 'codeHash']).execute();
    expect(receipts).toHaveLength(1);
    const comments = await k.selectFrom('reviewEvents').select('comment').where('kind', '=', 'submission').where('action', '=', 'returned').execute();
    expect(comments[0]?.comment).toMatch(/[\u0E80-\u0EFF].*cash-flow/s);
    // billing and bookings in every state: open (a slip waiting), paid by LAO QR, overdue, void; one unmatched notification
    const invoices = await k.selectFrom('invoices').select(['status', 'dueDate', 'paidAt', 'method', 'sourceKey']).execute();
    expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(['open', 'paid', 'void']));
    expect(invoices.filter((i) => i.sourceKey?.startsWith('annual_review:'))).toHaveLength(4);
    expect(invoices.find((i) => i.status === 'paid')).toMatchObject({ method: 'laoqr' });
    expect(invoices.some((i) => i.status === 'open' && i.dueDate < new Date().toISOString().slice(0, 10))).toBe(true);
    expect(await k.selectFrom('invoiceSlips').select('status').execute()).toEqual([{ status: 'pending' }]);
    expect(await k.selectFrom('paymentNotifications').select(['outcome', 'reason']).where('outcome', '=', 'unmatched').execute()).toEqual([
      { outcome: 'unmatched', reason: 'unknown_bill' },
    ]);
    const bookings = await k.selectFrom('bookings').select(['status']).execute();
    expect(bookings.map((b) => b.status).sort()).toEqual(['booked', 'received']);
    // a second start changes nothing
    await runSeeds({ db: db.db, config }, { demo: true });
    expect(await k.selectFrom('companies').select('id').execute()).toHaveLength(companies.length);
  });

  it('gives every demo filing a size: by the decree where its cells decide, else set by the reviewer (audited)', async () => {
    const k = db.db.kysely;
    const ref = await loadReference(k);
    const rows = await k
      .selectFrom('submissions')
      .innerJoin('companies', 'companies.id', 'submissions.companyId')
      .selectAll('submissions')
      .select(['companies.categoryId', 'companies.sizeId', 'companies.nameEn'])
      .where('submissions.bookYear', '=', config.BOOK_YEAR)
      .execute();
    const sizes = rows.map((r) => ({
      name: r.nameEn,
      byRule: sizeViewOf(ref, { ...r, reviewerSize: null }, r).derivedSize,
      size: sizeViewOf(ref, r, r).derivedSize,
    }));
    // measured: by the rule alone, only the micro producer (4 persons) has a size; with the reviewer's settings, every filing
    console.info(
      `demo filings with a size: ${sizes.filter((s) => s.byRule?.kind === 'size').length} of ${sizes.length} by the rule, ${sizes.filter((s) => s.size?.kind === 'size').length} with the reviewer's settings`,
    );
    expect(sizes.length).toBeGreaterThanOrEqual(5);
    for (const s of sizes) expect(s.size, s.name).toMatchObject({ kind: 'size' });
    expect(sizes.find((s) => s.name === 'Waterfall Products Co., Ltd.')!.size).toEqual({ kind: 'size', size: 'micro', basis: ['labour', 'assets'] });
    const set = sizes.filter((s) => s.size?.kind === 'size' && s.size.setByReviewer);
    expect(set.length).toBe(sizes.length - 1);
    const audited = await k.selectFrom('auditLog').select('subjectId').where('action', '=', 'submission.set_size').execute();
    expect(audited).toHaveLength(set.length);
  });

  it('leaves nothing empty: the law book and the licence hold searchable PDFs, the holidays and the fees are set, bookings have readable references', async () => {
    const k = db.db.kysely;
    const store = createFileStore(config);
    const pdfOf = async (category: 'law' | 'license') => {
      const rows = await k
        .selectFrom('libraryDocuments')
        .innerJoin('libraryVersions', 'libraryVersions.id', 'libraryDocuments.currentVersionId')
        .innerJoin('libraryFiles', 'libraryFiles.versionId', 'libraryVersions.id')
        .select(['libraryDocuments.titleEn', 'libraryDocuments.published', 'libraryFiles.storageKey'])
        .where('libraryDocuments.category', '=', category)
        .execute();
      const texts = [];
      for (const row of rows) {
        const chunks: Buffer[] = [];
        for await (const c of await store.openRead(row.storageKey)) chunks.push(c as Buffer);
        texts.push({ ...row, text: await pdfText(Buffer.concat(chunks)) });
      }
      return texts;
    };
    const laws = await pdfOf('law');
    expect(laws.length).toBeGreaterThanOrEqual(1);
    expect(laws.every((l) => l.published === 1)).toBe(true);
    const law = laws.find((l) => l.titleEn.includes('47/NA'))!;
    // searchable like the guide: the text layer gives back the Lao and the English
    expect(law.text).toContain('ກົດໝາຍວ່າດ້ວຍການບັນຊີ');
    expect(law.text).toContain('not the official text');
    const [licence] = await pdfOf('license');
    expect(licence!.text).toContain('SAMPLE');
    expect(licence!.text).toContain('ຕົວຢ່າງ');
    expect(licence!.text).toContain(config.PROVIDER_NAME_EN);

    const year = Number(vientianeDate(new Date()).slice(0, 4));
    const holidays = await k
      .selectFrom('bookingHolidays')
      .select(['date', 'source'])
      .where('date', '>=', `${year}-01-01`)
      .where('date', '<=', `${year + 1}-12-31`)
      .execute();
    expect(holidays.length).toBeGreaterThanOrEqual(10);
    expect(holidays.map((h) => h.date)).toContain(`${year}-12-02`);
    expect(holidays.every((h) => h.source?.includes('386'))).toBe(true);
    const fees = await k.selectFrom('feeSchedule').select(['service', 'sizeCode', 'amount']).execute();
    expect(fees.length).toBeGreaterThanOrEqual(4);
    for (const b of await k.selectFrom('bookings').select('reference').execute()) expect(b.reference).toMatch(/^BK-\d{4}-\d{6}$/);
  });
});
