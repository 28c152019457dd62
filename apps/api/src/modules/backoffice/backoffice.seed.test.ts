import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, dialect, testConfig, type TestDb } from '../../../test/helpers';
import { runSeeds } from '../../db/seed';
import type { Config } from '../../config';

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
    const comments = await k.selectFrom('submissionEvents').select('comment').where('action', '=', 'returned').execute();
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
});
