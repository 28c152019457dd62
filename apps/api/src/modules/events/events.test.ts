import { API_BASE, BookingPaths, PaymentPaths, InvoiceList, StaffInvoice } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { bookingRow } from '../../../test/bookings';
import { jpegBytes } from '../../../test/file-fixtures';
import { issueInvoiceTo, papi } from '../../../test/payments';
import { uploadWhole } from '../../../test/tus';
import { getDetail, readySubmission, staffAction, submit } from '../../../test/submissions';
import { listDomainEventsOf, subscribe, type DomainEventType } from './index';

describe(`domain events and their subscribers (${dialect})`, () => {
  let t: TestApp;
  let staff: Agent;
  let admin: Agent;
  /** set by a test to make one more subscriber of `submission.submitted` fail */
  let failWith: Error | null = null;
  /** set by a test to make one more subscriber of that event (after the bell's) fail */
  let failOn: DomainEventType | null = null;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await loginAs(t, 'staff');
    admin = await loginAs(t, 'staffAdmin');
    subscribe('submission.submitted', async () => {
      if (failWith) throw failWith;
    });
    for (const type of [
      'submission.returned',
      'submission.accepted',
      'slip.rejected',
      'invoice.paid',
      'payment.reversed',
      'booking.received',
    ] as const) {
      subscribe(type, async () => {
        if (failOn === type) throw new Error(`a subscriber of ${type} failed`);
      });
    }
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
    expect(after.map((e) => e.type)).toEqual(['submission.submitted', 'submission.returned', 'submission.submitted']);
    expect(after.filter((e) => e.type === 'submission.submitted').map((e) => JSON.parse(e.payload).resubmitted)).toEqual([false, true]);
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

  // The company's bell is a subscriber (decision 214): each event below puts the feature's news in it, in the
  // command's transaction — a failing subscriber undoes the change, its event and the notification.

  /** The titles (English) of the notifications addressed to the company. */
  const bellOf = async (companyId: string) =>
    (
      await t.db.kysely
        .selectFrom('contentNotifications')
        .select('titleEn')
        .where('audienceKind', '=', 'company')
        .where('audienceValue', '=', companyId)
        .orderBy('publishAt')
        .orderBy('id')
        .execute()
    ).map((n) => n.titleEn);
  const typesOf = async (kind: string, id: string) => (await listDomainEventsOf(t.db.kysely, kind, id)).map((e) => e.type);

  /** Runs `act` once with a failing subscriber of `type` (500 expected), then again without (200 expected). */
  async function failingThenPassing(type: DomainEventType, act: () => Promise<{ statusCode: number; body: string }>, undone: () => Promise<void>) {
    failOn = type;
    try {
      expect((await act()).statusCode).toBe(500);
    } finally {
      failOn = null;
    }
    await undone();
    const res = await act();
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  async function inReview(bookYear: number) {
    const { agent: company, companyId } = await registerCompany(t);
    const ready = await readySubmission(t, company, bookYear);
    const submitted = await submit(company, ready);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const review = await staffAction(staff, ready.id, 'start-review', { version: submitted.json().version });
    expect(review.statusCode, review.body).toBe(200);
    return { company, companyId, id: ready.id, version: review.json().version as number, reference: submitted.json().reference as string };
  }

  it('submission.returned: the bell says the filing was returned; a failing subscriber leaves it in review, unreturned', async () => {
    const { company, companyId, id, version, reference } = await inReview(2022);
    const received = `${reference}: your 2022 documents were received`;
    await failingThenPassing(
      'submission.returned',
      () => staffAction(staff, id, 'return', { version, reasons: 'Please fix the balance sheet.' }),
      async () => {
        expect((await getDetail(company, id)).status).toBe('in_review');
        expect(await typesOf('submission', id)).toEqual(['submission.submitted']);
        expect(await bellOf(companyId)).toEqual([received]);
      },
    );
    expect((await getDetail(company, id)).status).toBe('returned');
    expect(await typesOf('submission', id)).toEqual(['submission.submitted', 'submission.returned']);
    expect(await bellOf(companyId)).toEqual([received, `${reference}: returned for changes`]);
  });

  it('submission.accepted: the bell says the filing was accepted; a failing subscriber leaves it in review, with no receipt', async () => {
    const { company, companyId, id, version, reference } = await inReview(2022);
    await failingThenPassing(
      'submission.accepted',
      () => staffAction(staff, id, 'accept', { version }),
      async () => {
        const detail = await getDetail(company, id);
        expect([detail.status, detail.receiptAvailable]).toEqual(['in_review', false]);
        expect(await typesOf('submission', id)).toEqual(['submission.submitted']);
        expect(await bellOf(companyId)).not.toContain(`${reference}: accepted`);
      },
    );
    const detail = await getDetail(company, id);
    expect([detail.status, detail.receiptAvailable]).toEqual(['accepted', true]);
    expect(await typesOf('submission', id)).toEqual(['submission.submitted', 'submission.accepted']);
    expect(await bellOf(companyId)).toContain(`${reference}: accepted`);
  });

  /** A company with an open invoice and a pending transfer slip on it. */
  async function slipWaiting(amount: number) {
    const company = await registerCompany(t);
    const invoice = await issueInvoiceTo(t, company.agent, [{ description: 'Transfer', amount }], staff);
    const up = await uploadWhole(company.agent, { ownerKind: 'invoice', ownerId: invoice.id, slot: 'slip', filename: 'slip.jpg' }, jpegBytes(900));
    expect(up.last.statusCode, up.last.body).toBe(204);
    return { ...company, invoice };
  }
  const decide = (id: string, payload: object) => staff.inject({ method: 'POST', url: papi(PaymentPaths.staffAction(id, 'confirm')), payload });
  const staffInvoice = async (id: string) => StaffInvoice.parse((await staff.inject({ url: papi(PaymentPaths.staffInvoice(id)) })).json());

  it('slip.rejected: the bell says the slip was not accepted; a failing subscriber leaves the slip pending', async () => {
    const { invoice, companyId } = await slipWaiting(300_000);
    await failingThenPassing(
      'slip.rejected',
      () => decide(invoice.id, { decision: 'reject', reason: 'The slip is not readable.' }),
      async () => {
        expect((await staffInvoice(invoice.id)).slip).toMatchObject({ status: 'pending' });
        expect(await typesOf('invoice', invoice.id)).toEqual([]);
        expect(await bellOf(companyId)).toEqual([]);
      },
    );
    expect((await staffInvoice(invoice.id)).slip).toMatchObject({ status: 'rejected', rejectReason: 'The slip is not readable.' });
    expect(await typesOf('invoice', invoice.id)).toEqual(['slip.rejected']);
    expect(await bellOf(companyId)).toEqual([`Transfer slip not accepted: ${invoice.number}`]);
  });

  it('payment.reversed: the bell says the payment was reversed; a failing subscriber leaves the invoice paid', async () => {
    const { invoice, companyId } = await slipWaiting(400_000);
    const paid = await decide(invoice.id, { decision: 'confirm', amount: 400_000, transferDate: '2026-01-05' });
    expect(paid.statusCode, paid.body).toBe(200);
    const reverse = () =>
      admin.inject({ method: 'POST', url: papi(PaymentPaths.staffAction(invoice.id, 'reverse')), payload: { reason: 'The bank returned it.' } });
    // the confirmed slip paid it: `invoice.paid` (outgoing events and the payments feed's entry, decision 241)
    expect(await typesOf('invoice', invoice.id)).toEqual(['invoice.paid']);
    await failingThenPassing('payment.reversed', reverse, async () => {
      expect((await staffInvoice(invoice.id)).status).toBe('paid');
      expect(await typesOf('invoice', invoice.id)).toEqual(['invoice.paid']);
      expect(await bellOf(companyId)).toEqual([]);
    });
    expect((await staffInvoice(invoice.id)).status).toBe('open');
    expect(await typesOf('invoice', invoice.id)).toEqual(['invoice.paid', 'payment.reversed']);
    expect(await bellOf(companyId)).toEqual([`Payment reversed: ${invoice.number}`]);
  });

  it('invoice.paid: a confirmed slip records it with the payment; a failing subscriber leaves the invoice open', async () => {
    const { invoice, companyId } = await slipWaiting(350_000);
    await failingThenPassing(
      'invoice.paid',
      () => decide(invoice.id, { decision: 'confirm', amount: 350_000, transferDate: '2026-01-05' }),
      async () => {
        expect((await staffInvoice(invoice.id)).status).toBe('open');
        expect(await typesOf('invoice', invoice.id)).toEqual([]);
      },
    );
    expect((await staffInvoice(invoice.id)).status).toBe('paid');
    const [paid] = await listDomainEventsOf(t.db.kysely, 'invoice', invoice.id);
    expect([paid!.type, paid!.companyId, JSON.parse(paid!.payload)]).toEqual([
      'invoice.paid',
      companyId,
      { number: invoice.number, paymentId: expect.any(String), amount: 350_000, method: 'slip', paidAt: expect.any(String) },
    ]);
  });

  it('booking.received: a shortfall at the counter is in the bell; a failing subscriber leaves the booking not received', async () => {
    const { companyId } = await registerCompany(t);
    const at = new Date().toISOString();
    const row = bookingRow({ companyId, slotStart: at, slotEnd: at, createdBy: staff.userId!, documentCount: 3 });
    await t.db.kysely.insertInto('bookings').values(row).execute();
    const receive = () =>
      staff.inject({ method: 'POST', url: `${API_BASE}${BookingPaths.staffAction(row.id, 'receive')}`, payload: { receivedCount: 2 } });
    await failingThenPassing('booking.received', receive, async () => {
      const still = await t.db.kysely.selectFrom('bookings').select(['status', 'receivedCount']).where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(still.status).toBe('booked');
      expect(await typesOf('booking', row.id)).toEqual([]);
      expect(await bellOf(companyId)).toEqual([]);
    });
    expect(await typesOf('booking', row.id)).toEqual(['booking.received']);
    expect(await bellOf(companyId)).toEqual([`${row.reference}: 2 of 3 documents received`]);
  });
});
