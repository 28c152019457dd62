import { API_BASE, AuthPaths, ContentPaths, NotificationPage, PaymentPaths, StaffInvoice } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyUser, type Agent, createTestApp, dialect, loginAs, registerCompany, type TestApp } from '../../../test/helpers';
import { issueInvoiceTo, papi } from '../../../test/payments';
import { jpegBytes, pdfBytes } from '../../../test/file-fixtures';
import { uploadWhole } from '../../../test/tus';
import { RECEIPT_JOB } from './payments.receipt';

// Decision 120: confirming a transfer slip is a decision with evidence (the amount and the transfer
// day read from it); a wrong amount is refused with the difference and nothing changes; rejecting
// tells the company why, in its language, by mail and in its bell.
describe(`transfer slip decisions (${dialect})`, () => {
  let t: TestApp;
  let staff: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await loginAs(t, 'staff');
  });
  afterAll(() => t.close());

  const paymentsOf = (invoiceId: string) => t.db.kysely.selectFrom('payments').selectAll().where('invoiceId', '=', invoiceId).execute();
  const auditOf = (id: string) =>
    t.db.kysely.selectFrom('auditLog').select('action').where('subjectId', '=', id).orderBy('occurredAt').orderBy('id').execute();
  const outbox = (to: string, like: string) =>
    t.db.kysely.selectFrom('outbox').selectAll().where('toAddress', '=', to).where('subject', 'like', `%${like}%`).execute();
  const slipReviewOf = (invoiceId: string) =>
    t.db.kysely
      .selectFrom('reviewEvents')
      .innerJoin('invoiceSlips', 'invoiceSlips.id', 'reviewEvents.subjectId')
      .selectAll('reviewEvents')
      .where('reviewEvents.kind', '=', 'slip')
      .where('invoiceSlips.invoiceId', '=', invoiceId)
      .execute();
  const staffInvoice = async (id: string) => StaffInvoice.parse((await staff.inject({ url: papi(PaymentPaths.staffInvoice(id)) })).json());
  const decide = (agent: Agent, id: string, payload: object, lang = 'en') =>
    agent.inject({ method: 'POST', url: papi(PaymentPaths.staffAction(id, 'confirm')), payload, headers: { 'accept-language': lang } });

  /** A company with an invoice of `amount` kip and a pending slip on it. */
  async function slipWaiting(amount = 450_000, overrides: Parameters<typeof registerCompany>[1] = {}) {
    const company = await registerCompany(t, overrides);
    const invoice = await issueInvoiceTo(t, company.agent, [{ description: 'Transfer', amount }], staff);
    const up = await uploadWhole(company.agent, { ownerKind: 'invoice', ownerId: invoice.id, slot: 'slip', filename: 'slip.jpg' }, jpegBytes(900));
    expect(up.last.statusCode, up.last.body).toBe(204);
    return { ...company, invoice };
  }

  it('refuses an amount other than the amount due with the difference, in the reader’s language, and changes nothing', async () => {
    const { invoice } = await slipWaiting(450_000);
    const before = await auditOf(invoice.id);

    const under = await decide(staff, invoice.id, { decision: 'confirm', amount: 400_000, transferDate: '2026-01-05' });
    expect(under.statusCode, under.body).toBe(400);
    expect(under.json()).toMatchObject({ code: 'SLIP_AMOUNT_MISMATCH', errors: [{ path: 'amount', code: 'amount_mismatch', message: '-50000' }] });
    expect(under.json().title).toMatch(/it is LAK\s50,000 less than due/);
    const over = await decide(staff, invoice.id, { decision: 'confirm', amount: 460_000, transferDate: '2026-01-05' }, 'lo');
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].message).toBe('10000');
    expect(over.json().title).toMatch(/[\u0E80-\u0EFF]/);
    expect(over.json().title).toMatch(/ເກີນຈຳນວນ\s\S*10[.,\s]?000/);
    // a fraction of a kip and a transfer day still to come are refused too
    expect((await decide(staff, invoice.id, { decision: 'confirm', amount: 450_000.5, transferDate: '2026-01-05' })).statusCode).toBe(400);
    const future = await decide(staff, invoice.id, { decision: 'confirm', amount: 450_000, transferDate: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toMatchObject([{ path: 'transferDate', code: 'future_date' }]);

    // nothing changed: open, the slip still waiting, no payment, no audit entry
    expect(await staffInvoice(invoice.id)).toMatchObject({ status: 'open', paidAt: null, slip: { status: 'pending' } });
    expect(await paymentsOf(invoice.id)).toEqual([]);
    expect(await auditOf(invoice.id)).toEqual(before);
  });

  it('the right amount and transfer day mark the invoice paid by transfer, with one receipt and one mail', async () => {
    const { invoice, body } = await slipWaiting(450_000);
    const ok = await decide(staff, invoice.id, { decision: 'confirm', amount: 450_000, transferDate: '2026-01-05' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'paid', method: 'slip', slip: { status: 'confirmed' }, receipt: true, reversal: null });
    expect(await paymentsOf(invoice.id)).toMatchObject([{ method: 'slip', amount: 450_000, transferDate: '2026-01-05', reversedAt: null }]);
    expect((await auditOf(invoice.id)).map((a) => a.action)).toEqual(['invoice.issue', 'invoice.slip_upload', 'invoice.paid']);
    // the decision is on the slip's review timeline, in the one review table (decision 205)
    expect(await slipReviewOf(invoice.id)).toMatchObject([
      { actorKind: 'staff', action: 'confirmed', fromStatus: 'pending', toStatus: 'confirmed', comment: null, fileName: 'slip.jpg' },
    ]);

    await t.app.jobs.runDue({ kinds: [RECEIPT_JOB] });
    await t.app.jobs.runDue({ kinds: [RECEIPT_JOB] });
    expect(await outbox(body.user.email, invoice.number)).toHaveLength(1);
    expect(
      await t.db.kysely.selectFrom('files').select('id').where('ownerKind', '=', 'invoice_receipt').where('ownerId', '=', invoice.id).execute(),
    ).toHaveLength(1);
    // decided: a second confirmation finds no slip waiting
    expect((await decide(staff, invoice.id, { decision: 'confirm', amount: 450_000, transferDate: '2026-01-05' })).statusCode).toBe(409);
  }, 60_000);

  it('two staff confirming the same slip at once: one succeeds, the other gets 409, one payment', async () => {
    const { invoice } = await slipWaiting(120_000);
    const other = await loginAs(t, 'staff');
    const payload = { decision: 'confirm', amount: 120_000, transferDate: '2026-01-06' };
    const results = await Promise.all([decide(staff, invoice.id, payload), decide(other, invoice.id, payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect((await auditOf(invoice.id)).filter((a) => a.action === 'invoice.paid')).toHaveLength(1);
  });

  it('rejecting tells every user of the company why, by mail and bell, each in their language; another slip can follow', async () => {
    const { invoice, agent, body } = await slipWaiting(300_000, { user: { language: 'en' } });
    const colleague = await addCompanyUser(t, agent);
    expect((await colleague.inject({ method: 'PUT', url: `${API_BASE}${AuthPaths.language}`, payload: { language: 'lo' } })).statusCode).toBeLessThan(
      300,
    );
    const { email: colleagueEmail } = await t.db.kysely
      .selectFrom('users')
      .select('email')
      .where('companyId', '=', agent.companyId!)
      .where('email', '!=', body.user.email)
      .executeTakeFirstOrThrow();
    const reason = 'The slip shows another account: please send the slip of this transfer.';
    const res = await decide(staff, invoice.id, { decision: 'reject', reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', slip: { status: 'rejected', rejectReason: reason } });
    expect(await slipReviewOf(invoice.id)).toMatchObject([
      { actorKind: 'staff', action: 'rejected', fromStatus: 'pending', toStatus: 'rejected', comment: reason },
    ]);

    const en = await outbox(body.user.email, invoice.number);
    expect(en.map((m) => m.subject)).toEqual([`Bansi: transfer slip for invoice ${invoice.number} not accepted`]);
    expect(en[0]!.textBody).toContain(reason);
    expect(en[0]!.textBody).toContain(`${t.config.PUBLIC_URL}/dashboard/service-payment`);
    const lo = await outbox(colleagueEmail, invoice.number);
    expect(lo).toHaveLength(1);
    expect(lo[0]!.subject).toMatch(/ໃບໂອນເງິນ/);
    expect(lo[0]!.textBody).toContain(reason);

    const bell = async (a: Agent, lang: string) =>
      NotificationPage.parse((await a.inject({ url: `${API_BASE}${ContentPaths.notifications}`, headers: { 'accept-language': lang } })).json())
        .items;
    const [note] = await bell(agent, 'en');
    expect(note).toMatchObject({ read: false, link: '/dashboard/service-payment', title: `Transfer slip not accepted: ${invoice.number}` });
    expect((await bell(colleague, 'lo'))[0]!.title).toBe(`ໃບໂອນເງິນບໍ່ຖືກຮັບ: ${invoice.number}`);
    // another company does not hear of it
    const stranger = await loginAs(t, 'companyAdmin');
    expect((await bell(stranger, 'en')).some((n) => n.id === note!.id)).toBe(false);

    const again = await uploadWhole(agent, { ownerKind: 'invoice', ownerId: invoice.id, slot: 'slip', filename: 'slip-2.pdf' }, pdfBytes(600));
    expect(again.last.statusCode).toBe(204);
    expect((await staffInvoice(invoice.id)).slip).toMatchObject({ status: 'pending', fileName: 'slip-2.pdf' });
  });

  it('a company cannot decide on slips (403), and nothing changes', async () => {
    const { invoice, agent } = await slipWaiting(10_000);
    expect((await decide(agent, invoice.id, { decision: 'confirm', amount: 10_000, transferDate: '2026-01-05' })).statusCode).toBe(403);
    expect((await staffInvoice(invoice.id)).status).toBe('open');
  });
});
