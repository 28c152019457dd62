import { PaymentPaths, InvoiceList } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { papi } from '../../../test/payments';
import { getDetail, readySubmission, staffAction, submit } from '../../../test/submissions';
import { listDomainEventsOf, subscribe } from './index';

describe(`domain events and their subscribers (${dialect})`, () => {
  let t: TestApp;
  let staff: Agent;
  let admin: Agent;
  /** set by a test to make one more subscriber of `submission.submitted` fail */
  let failWith: Error | null = null;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await loginAs(t, 'staff');
    admin = await loginAs(t, 'staffAdmin');
    subscribe('submission.submitted', async () => {
      if (failWith) throw failWith;
    });
    const fees = await admin.inject({
      method: 'PUT',
      url: papi(PaymentPaths.fees),
      payload: { items: [{ service: 'annual_review', sizeCode: 'small', amount: 1_500_000, effectiveFrom: '2020-01-01' }] },
    });
    expect(fees.statusCode, fees.body).toBe(200);
  });
  afterAll(() => t.close());

  const invoicesOf = async (company: Agent) => InvoiceList.parse((await company.inject({ url: papi(PaymentPaths.invoices) })).json()).items;

  it('a submit records one event beside its audit row, and the billing subscriber invoices the first submit only', async () => {
    const { agent: company, companyId } = await registerCompany(t);
    const ready = await readySubmission(t, company, 2022);
    const submitted = await submit(company, ready);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const reference = submitted.json().reference as string;
    expect(reference).toBeTruthy();

    const events = await listDomainEventsOf(t.db.kysely, 'submission', ready.id);
    expect(events.map((e) => [e.type, e.companyId, JSON.parse(e.payload)])).toEqual([
      ['submission.submitted', companyId, { bookYear: 2022, reference, resubmitted: false }],
    ]);
    const audit = await t.db.kysely.selectFrom('auditLog').select('action').where('subjectId', '=', ready.id).execute();
    expect(audit.map((a) => a.action)).toContain('submission.submit');
    expect((await invoicesOf(company)).map((i) => [i.bookYear, i.total])).toEqual([[2022, 1_500_000]]);

    const review = await staffAction(staff, ready.id, 'start-review', { version: submitted.json().version });
    const returned = await staffAction(staff, ready.id, 'return', { version: review.json().version, reasons: 'Please fix the balance sheet.' });
    expect(returned.statusCode, returned.body).toBe(200);
    const again = await submit(company, returned.json());
    expect(again.statusCode, again.body).toBe(200);
    const after = await listDomainEventsOf(t.db.kysely, 'submission', ready.id);
    expect(after.map((e) => JSON.parse(e.payload).resubmitted)).toEqual([false, true]);
    expect(await invoicesOf(company)).toHaveLength(1);
  });

  it('a subscriber runs in the command’s transaction: when it fails, the submit, its event and the invoice are all undone', async () => {
    const { agent: company } = await registerCompany(t);
    const ready = await readySubmission(t, company, 2021);
    failWith = new Error('a subscriber failed');
    try {
      const refused = await submit(company, ready);
      expect(refused.statusCode).toBe(500);
    } finally {
      failWith = null;
    }
    expect((await getDetail(company, ready.id)).status).toBe('draft');
    expect(await listDomainEventsOf(t.db.kysely, 'submission', ready.id)).toEqual([]);
    expect(await invoicesOf(company)).toEqual([]);

    const submitted = await submit(company, ready);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await invoicesOf(company)).toHaveLength(1);
  });
});
