import { NotesDocument, NotesPaths, PaymentPaths, Problem, SmeThresholdPaths, SubmissionPaths } from '@bansi/shared';
import type { Database } from '../src/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, issueInvoiceTo, notification, papi } from './payments';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from './helpers';
import { api, openSubmission } from './submissions';
import { jpegBytes } from './file-fixtures';
import { uploadWhole } from './tus';

/**
 * Issue 33: every write that carries money (or a count standing for one) refuses a fraction and 2^53 with a
 * 400 naming the field, in the caller's language, and changes nothing — never rounds or truncates it
 * (the shared Amount schema, docs/decisions/145).
 */
describe(`every money write refuses a fraction or 2^53 with the field's path (${dialect})`, () => {
  let t: TestApp;
  let company: Agent;
  let staff: Agent;
  let admin: Agent;
  let submission: { id: string; version: number };
  let notes: { id: string; version: number };
  let billNumber: string;
  let slipInvoiceId: string;

  beforeAll(async () => {
    t = await createTestApp();
    company = (await registerCompany(t)).agent;
    staff = await loginAs(t, 'staff');
    admin = await loginAs(t, 'staffAdmin');
    const opened = await openSubmission(company, t.config.BOOK_YEAR);
    submission = { id: opened.id, version: opened.version };
    const created = await company.inject({ method: 'POST', url: api(NotesPaths.list), payload: { bookYear: t.config.BOOK_YEAR } });
    const doc = NotesDocument.parse(created.json());
    notes = { id: doc.id, version: doc.version };
    billNumber = (await issueInvoiceTo(t, company, undefined, staff)).number;
    // An invoice with a transfer slip waiting for staff to read its amount.
    const slipInvoice = await issueInvoiceTo(t, company, [{ description: 'Transfer', amount: 450_000 }], staff);
    slipInvoiceId = slipInvoice.id;
    await uploadWhole(company, { ownerKind: 'invoice', ownerId: slipInvoiceId, slot: 'slip', filename: 'slip.jpg' }, jpegBytes(900));
  });
  afterAll(() => t.close());

  type Table = keyof Database;
  interface Write {
    name: string;
    send: (amount: number) => Promise<{ statusCode: number; json(): unknown; body: string }>;
    path: string;
    /** the rows a refused write must leave as they were */
    table: Table;
  }
  const writes: Write[] = [
    {
      name: 'submission figures (total assets)',
      send: (amount) =>
        company.inject({
          method: 'PATCH',
          url: api(SubmissionPaths.one(submission.id)),
          payload: { version: submission.version, totalAssets: amount },
        }),
      path: 'body.totalAssets',
      table: 'submissions',
    },
    {
      name: 'submission figures (annual income)',
      send: (amount) =>
        company.inject({
          method: 'PATCH',
          url: api(SubmissionPaths.one(submission.id)),
          payload: { version: submission.version, annualIncome: amount },
        }),
      path: 'body.annualIncome',
      table: 'submissions',
    },
    {
      name: 'a notes table line',
      send: (amount) =>
        company.inject({
          method: 'PATCH',
          url: api(NotesPaths.one(notes.id)),
          payload: { version: notes.version, sections: [{ key: 'cash', rows: [{ label: 'Cash at bank', current: amount, prior: 1 }] }] },
        }),
      path: 'body.sections.0.rows.0.current',
      table: 'notes',
    },
    {
      name: 'the fee schedule',
      send: (amount) =>
        admin.inject({
          method: 'PUT',
          url: papi(PaymentPaths.fees),
          payload: { items: [{ service: 'annual_review', sizeCode: 'small', amount, effectiveFrom: '2030-01-01' }] },
        }),
      path: 'body.items.0.amount',
      table: 'feeSchedule',
    },
    {
      name: 'an invoice line',
      send: (amount) =>
        staff.inject({
          method: 'POST',
          url: papi(PaymentPaths.staffInvoices),
          payload: { companyId: company.companyId, lines: [{ description: 'Consultation', amount }], dueDate: '2030-01-31' },
        }),
      path: 'body.lines.0.amount',
      table: 'invoices',
    },
    {
      name: "the bank's payment notification",
      send: (amount) => deliver(t, notification({ billNumber, amount })),
      path: 'body.amount',
      table: 'paymentNotifications',
    },
    {
      name: 'the amount staff read from a transfer slip',
      send: (amount) =>
        staff.inject({
          method: 'POST',
          url: papi(PaymentPaths.staffAction(slipInvoiceId, 'confirm')),
          payload: { decision: 'confirm', amount, transferDate: '2026-01-05' },
        }),
      path: 'body.amount',
      table: 'payments',
    },
    {
      name: 'an SME threshold',
      send: (amount) =>
        admin.inject({
          method: 'POST',
          url: api(SmeThresholdPaths.staffCreate),
          payload: {
            sector: 'trade',
            size: 'micro',
            criterion: 'assets',
            upperBound: amount,
            upperInclusive: true,
            effectiveFrom: '2030-01-01',
            sourceNote: 'TEST DATA — invented',
          },
        }),
      path: 'body.upperBound',
      table: 'smeThresholdCells',
    },
  ];

  const BAD: [string, number, string][] = [
    ['a fraction', 87_500_000.5, 'amount_fraction'],
    ['2^53', 2 ** 53, 'amount_too_large'],
  ];

  const snapshot = (table: Table) => t.db.kysely.selectFrom(table).selectAll().execute();

  for (const write of writes) {
    for (const [label, amount, code] of BAD) {
      it(`${write.name}: ${label} → 400 at ${write.path}, in the caller's language, nothing stored`, async () => {
        const before = await snapshot(write.table);
        const res = await write.send(amount);
        expect(res.statusCode, res.body).toBe(400);
        const problem = Problem.parse(res.json());
        expect(problem.code).toBe('VALIDATION');
        const error = problem.errors?.find((e) => e.path === write.path);
        expect(error, res.body).toMatchObject({ code });
        // no Accept-Language: Lao, the portal's default
        expect(error!.message).toBe(t.app.t('lo', `errors.amount.${code}`));
        expect(await snapshot(write.table)).toEqual(before);
      });
    }
  }

  it('says it in English to an English caller', async () => {
    const res = await company.inject({
      method: 'PATCH',
      url: api(SubmissionPaths.one(submission.id)),
      payload: { version: submission.version, totalAssets: 1234.5 },
      headers: { 'accept-language': 'en' },
    });
    const error = Problem.parse(res.json()).errors?.find((e) => e.path === 'body.totalAssets');
    expect(error?.message).toBe('Whole kip only: enter the amount without decimals.');
  });

  it('still takes a whole amount on the same writes (the refusals are about the figure, not the write)', async () => {
    const res = await company.inject({
      method: 'PATCH',
      url: api(SubmissionPaths.one(submission.id)),
      payload: { version: submission.version, totalAssets: 87_500_000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalAssets: 87_500_000 });
  });
});
