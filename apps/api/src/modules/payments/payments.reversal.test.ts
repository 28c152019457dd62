import { API_BASE, ContentPaths, NotificationPage, PaymentPaths, QrPaths, StaffInvoice, UnmatchedNotificationList } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, dialect, loginAs, registerCompany, type TestApp } from '../../../test/helpers';
import { deliver, issueInvoiceTo, notification, papi } from '../../../test/payments';
import { jpegBytes } from '../../../test/file-fixtures';
import { uploadWhole } from '../../../test/tus';
import { pdfText } from '../../lib/pdf/pdf-text';
import { RECEIPT_JOB } from './payments.receipt';

// Decision 120: a staff admin reverses a paid invoice's payment with a reason. The invoice is open
// again, the receipt is kept and a cancelled copy made, the receipt's QR code says "cancelled on … —
// reason", the company is told, the audit log holds both events; nothing is reversed twice.
describe(`payment reversal (${dialect})`, () => {
  let t: TestApp;
  let staff: Agent;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_WEBHOOK_SECRET: 'a-test-secret-of-at-least-32-bytes-length!' });
    staff = await loginAs(t, 'staff');
    admin = await loginAs(t, 'staffAdmin');
  });
  afterAll(() => t.close());

  const reverse = (agent: Agent, id: string, reason = 'The bank returned this transfer to the payer.') =>
    agent.inject({ method: 'POST', url: papi(PaymentPaths.staffAction(id, 'reverse')), payload: { reason }, headers: { 'accept-language': 'en' } });
  const paymentsOf = (invoiceId: string) =>
    t.db.kysely.selectFrom('payments').selectAll().where('invoiceId', '=', invoiceId).orderBy('createdAt').execute();
  const auditOf = (id: string) =>
    t.db.kysely.selectFrom('auditLog').selectAll().where('subjectId', '=', id).orderBy('occurredAt').orderBy('id').execute();
  const staffInvoice = async (id: string) => StaffInvoice.parse((await staff.inject({ url: papi(PaymentPaths.staffInvoice(id)) })).json());

  /** A company's invoice paid by a confirmed slip, its receipt made (the job ran). */
  async function paidBySlip(amount = 500_000) {
    const company = await registerCompany(t, { user: { language: 'en' } });
    const invoice = await issueInvoiceTo(t, company.agent, [{ description: 'Consultation', amount }], staff);
    await uploadWhole(company.agent, { ownerKind: 'invoice', ownerId: invoice.id, slot: 'slip', filename: 'slip.jpg' }, jpegBytes(700));
    const ok = await staff.inject({
      method: 'POST',
      url: papi(PaymentPaths.staffAction(invoice.id, 'confirm')),
      payload: { decision: 'confirm', amount, transferDate: '2026-01-05' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await t.app.jobs.runDue({ kinds: [RECEIPT_JOB] });
    return { ...company, invoice };
  }

  /** The check link printed on a receipt PDF, as its reader would scan it. */
  const qrCheckOf = async (pdf: Buffer) => {
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    const [, comId, code] = /\/qr\/scan\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{22})/.exec(text) ?? [];
    expect(code).toBeTruthy();
    return new Agent(t).inject({ url: papi(QrPaths.check(comId!, code!)) });
  };

  it('reopens the invoice, keeps the receipt and marks it cancelled, tells the company, and audits both events', async () => {
    const { invoice, agent, body } = await paidBySlip();
    const receipt = await agent.inject({ url: papi(PaymentPaths.receipt(invoice.id)) });
    expect(receipt.statusCode).toBe(200);
    expect((await qrCheckOf(receipt.rawPayload)).json()).toMatchObject({ kind: 'invoice', status: 'paid', cancelledAt: null });
    const receiptFileId = (await paymentsOf(invoice.id))[0]!.receiptFileId;
    expect(receiptFileId).toBeTruthy();

    const reason = 'The bank returned this transfer to the payer.';
    const res = await reverse(admin, invoice.id, reason);
    expect(res.statusCode, res.body).toBe(200);
    const after = StaffInvoice.parse(res.json());
    expect(after).toMatchObject({ status: 'open', paidAt: null, method: null, reversal: { reason }, receipt: true });

    // the payment stays as the record, reversed; the original receipt file is still stored
    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({ reversalReason: reason, receiptFileId });
    expect(payment!.reversedAt).toBeTruthy();
    expect(await t.db.kysely.selectFrom('files').select('id').where('id', '=', receiptFileId!).execute()).toHaveLength(1);

    // the company's receipt is now the cancelled copy: the mark, when and why
    const cancelled = await agent.inject({ url: papi(PaymentPaths.receipt(invoice.id)) });
    expect(cancelled.statusCode).toBe(200);
    const text = await pdfText(cancelled.rawPayload);
    expect(text).toContain('CANCELLED');
    expect(text).toContain('ຍົກເລີກແລ້ວ');
    expect(text.replace(/\s+/g, ' ')).toContain(reason);
    expect(text).toContain(invoice.number);

    // the code on the original receipt, and the one on the cancelled copy, both say so
    for (const pdf of [receipt.rawPayload, cancelled.rawPayload]) {
      const check = await qrCheckOf(pdf);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toMatchObject({ kind: 'invoice', number: invoice.number, cancelReason: reason, cancelledAt: payment!.reversedAt });
    }

    // audit: paid, then reversed by the staff admin, with the reason
    const audit = await auditOf(invoice.id);
    expect(audit.map((a) => a.action)).toEqual(['invoice.issue', 'invoice.slip_upload', 'invoice.paid', 'invoice.receipt', 'invoice.reverse']);
    expect(audit.at(-1)).toMatchObject({ actorRole: 'staff_admin' });
    expect(JSON.parse(audit.at(-1)!.details as string)).toMatchObject({ reason, amount: 500_000, method: 'slip' });

    // the company is told: a mail with the cancelled copy, and the bell
    const mails = await t.db.kysely
      .selectFrom('outbox')
      .selectAll()
      .where('toAddress', '=', body.user.email)
      .where('subject', 'like', `%${invoice.number}%reversed%`)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(reason);
    expect(JSON.parse(mails[0]!.attachments!)).toMatchObject([{ filename: `receipt-${invoice.number}-cancelled.pdf` }]);
    const bell = NotificationPage.parse(
      (await agent.inject({ url: `${API_BASE}${ContentPaths.notifications}`, headers: { 'accept-language': 'en' } })).json(),
    ).items;
    expect(bell[0]).toMatchObject({ title: `Payment reversed: ${invoice.number}`, link: '/dashboard/service-payment' });
  }, 60_000);

  it('reversing twice, an open invoice or a voided one is 409; two reversals at once: one succeeds', async () => {
    const { invoice } = await paidBySlip(80_000);
    const results = await Promise.all([reverse(admin, invoice.id), reverse(admin, invoice.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const again = await reverse(admin, invoice.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVOICE_NOT_PAID');
    expect((await auditOf(invoice.id)).filter((a) => a.action === 'invoice.reverse')).toHaveLength(1);

    const { agent } = await registerCompany(t);
    const voided = await issueInvoiceTo(t, agent, [{ description: 'Void me', amount: 1000 }], staff);
    await staff.inject({ method: 'POST', url: papi(PaymentPaths.staffAction(voided.id, 'void')), payload: { reason: 'Issued by mistake.' } });
    expect((await reverse(admin, voided.id)).statusCode).toBe(409);
    expect(await staffInvoice(voided.id)).toMatchObject({ status: 'void', reversal: null });
    expect((await reverse(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  }, 60_000);

  it('only a staff admin reverses: a reviewer and a company get 403, and nothing changes', async () => {
    const { invoice, agent } = await paidBySlip(70_000);
    expect((await reverse(staff, invoice.id)).statusCode).toBe(403);
    expect((await reverse(agent, invoice.id)).statusCode).toBe(403);
    expect((await staffInvoice(invoice.id)).status).toBe('paid');
    expect(await paymentsOf(invoice.id)).toMatchObject([{ reversedAt: null }]);
  }, 60_000);

  it('a bank notification after the reversal is kept as unmatched, never applied by itself; a replay of the first changes nothing', async () => {
    const company = await registerCompany(t);
    const invoice = await issueInvoiceTo(t, company.agent, [{ description: 'QR', amount: 90_000 }], staff);
    const first = notification({ billNumber: invoice.number, amount: 90_000 });
    expect((await deliver(t, first)).json()).toEqual({ outcome: 'matched', reason: null });
    expect((await reverse(admin, invoice.id)).statusCode).toBe(200);

    // the same transaction again: its first outcome, nothing new
    expect((await deliver(t, first)).json()).toEqual({ outcome: 'matched', reason: null });
    // a new one for the reopened invoice: kept for staff
    const late = notification({ billNumber: invoice.number, amount: 90_000 });
    expect((await deliver(t, late)).json()).toEqual({ outcome: 'unmatched', reason: 'reversed' });
    expect((await staffInvoice(invoice.id)).status).toBe('open');
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    const unmatched = UnmatchedNotificationList.parse((await staff.inject({ url: `${papi(PaymentPaths.staffUnmatched)}?limit=100` })).json());
    const kept = unmatched.items.find((n) => n.transactionId === late.transactionId);
    expect(kept).toMatchObject({ reason: 'reversed', billNumber: invoice.number });

    // staff may still apply it on purpose: paid again, a second payment, a new receipt
    const apply = await staff.inject({
      method: 'POST',
      url: papi(PaymentPaths.staffResolveUnmatched(kept!.id)),
      payload: { action: 'apply', invoiceNumber: invoice.number },
    });
    expect(apply.statusCode, apply.body).toBe(204);
    expect((await staffInvoice(invoice.id)).status).toBe('paid');
    expect((await paymentsOf(invoice.id)).map((p) => p.reversedAt === null)).toEqual([false, true]);
    await t.app.jobs.runDue({ kinds: [RECEIPT_JOB] });
    const receipt = await company.agent.inject({ url: papi(PaymentPaths.receipt(invoice.id)) });
    expect(receipt.statusCode).toBe(200);
    expect(await pdfText(receipt.rawPayload)).not.toContain('CANCELLED');
  }, 60_000);
});
