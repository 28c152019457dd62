import {
  FeeSchedule,
  Invoice,
  InvoiceList,
  InvoiceQr,
  NotifyResult,
  PaymentPaths,
  StaffInvoice,
  StaffInvoiceList,
  UnmatchedNotificationList,
  parseLaoQr,
} from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, dialect, loginAs, registerCompany, type TestApp } from '../../../test/helpers';
import { deliver, issueInvoiceTo, notification, papi } from '../../../test/payments';
import { acceptedSubmission, readySubmission, staffAction, submit } from '../../../test/submissions';
import { jpegBytes, pdfBytes } from '../../../test/file-fixtures';
import { uploadWhole } from '../../../test/tus';
import { signBody } from '../../lib/signature';
import { webhookSecret } from './payments.webhook-secret';
import { RECEIPT_JOB } from './payments.receipt';
import { pdfText } from '../../lib/pdf/pdf-text';

describe(`service payment (${dialect})`, () => {
  let t: TestApp;
  let staff: Agent;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp({
      PAYMENT_WEBHOOK_SECRET: 'a-test-secret-of-at-least-32-bytes-length!',
      LAOQR_IIN: '27710418',
      LAOQR_MERCHANT_ID: 'MCH-TEST-1',
      PAYMENT_SIMULATOR: 'true',
    });
    staff = await loginAs(t, 'staff');
    admin = await loginAs(t, 'staffAdmin');
  });
  afterAll(() => t.close());

  const paymentsOf = (invoiceId: string) => t.db.kysely.selectFrom('payments').selectAll().where('invoiceId', '=', invoiceId).execute();
  const notificationsOf = (transactionId: string) =>
    t.db.kysely.selectFrom('paymentNotifications').selectAll().where('transactionId', '=', transactionId).execute();
  const staffInvoice = async (id: string) => StaffInvoice.parse((await staff.inject({ url: papi(PaymentPaths.staffInvoice(id)) })).json());
  const auditOf = (id: string) => t.db.kysely.selectFrom('auditLog').selectAll().where('subjectId', '=', id).orderBy('occurredAt').execute();

  describe('fee schedule', () => {
    it('staff admins set prices per service and size; reviewers and companies may not; an unknown size changes nothing', async () => {
      const put = await admin.inject({
        method: 'PUT',
        url: papi(PaymentPaths.fees),
        payload: {
          items: [
            { service: 'annual_review', sizeCode: 'small', amount: 1_500_000, effectiveFrom: '2020-01-01' },
            { service: 'annual_review', sizeCode: 'small', amount: 9_999_999, effectiveFrom: '2099-01-01' },
          ],
        },
      });
      expect(put.statusCode, put.body).toBe(200);
      const fees = FeeSchedule.parse(put.json()).items.filter((f) => f.service === 'annual_review' && f.sizeCode === 'small');
      expect(fees.map((f) => [f.amount, f.effectiveFrom, f.current, f.demo])).toEqual([
        [9_999_999, '2099-01-01', false, false],
        [1_500_000, '2020-01-01', true, false],
      ]);

      const bad = await admin.inject({
        method: 'PUT',
        url: papi(PaymentPaths.fees),
        payload: { items: [{ service: 'annual_review', sizeCode: 'gigantic', amount: 5, effectiveFrom: '2020-01-01' }] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].path).toBe('items.0.sizeCode');
      const fraction = await admin.inject({
        method: 'PUT',
        url: papi(PaymentPaths.fees),
        payload: { items: [{ service: 'annual_review', sizeCode: 'small', amount: 10.5, effectiveFrom: '2020-01-01' }] },
      });
      expect(fraction.statusCode).toBe(400);
      expect((await staff.inject({ url: papi(PaymentPaths.fees) })).statusCode).toBe(403);
      const after = FeeSchedule.parse((await admin.inject({ url: papi(PaymentPaths.fees) })).json());
      expect(after.items).toHaveLength(2);
      expect(after.items.find((f) => f.current)?.amount).toBe(1_500_000);
      // anyone reads the prices in force today (the fees page): the future price is not among them
      const current = await new Agent(t).inject({ url: papi(PaymentPaths.currentFees) });
      expect(current.statusCode).toBe(200);
      expect(FeeSchedule.parse(current.json()).items.map((f) => [f.service, f.sizeCode, f.amount, f.current])).toEqual([
        ['annual_review', 'small', 1_500_000, true],
      ]);
    });
  });

  describe('invoices', () => {
    it('bills the annual review fee on the first submit of a book year, once, even when returned and resubmitted', async () => {
      const { agent: company } = await registerCompany(t); // declared size: small (1,500,000 kip above)
      const ready = await readySubmission(t, company, 2023);
      const none = InvoiceList.parse((await company.inject({ url: papi(PaymentPaths.invoices) })).json());
      expect(none.items).toEqual([]);
      const submitted = await submit(company, ready);
      expect(submitted.statusCode, submitted.body).toBe(200);
      const list = InvoiceList.parse((await company.inject({ url: papi(PaymentPaths.invoices), headers: { 'accept-language': 'en' } })).json());
      expect(list.items).toHaveLength(1);
      const invoice = list.items[0]!;
      expect(invoice).toMatchObject({ status: 'open', total: 1_500_000, bookYear: 2023, lines: [{ amount: 1_500_000 }] });
      expect(invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);
      expect(invoice.lines[0]!.description).toContain('2023');
      const lo = Invoice.parse((await company.inject({ url: papi(PaymentPaths.invoice(invoice.id)), headers: { 'accept-language': 'lo' } })).json());
      expect(lo.lines[0]!.description).toMatch(/[\u0E80-\u0EFF]/);

      // returned and resubmitted: still one invoice
      const review = await staffAction(staff, ready.id, 'start-review', { version: submitted.json().version });
      const returned = await staffAction(staff, ready.id, 'return', { version: review.json().version, reasons: 'Please fix the balance sheet.' });
      expect(returned.statusCode, returned.body).toBe(200);
      const again = await submit(company, returned.json());
      expect(again.statusCode, again.body).toBe(200);
      expect(InvoiceList.parse((await company.inject({ url: papi(PaymentPaths.invoices) })).json()).items).toHaveLength(1);
      expect((await auditOf(invoice.id)).map((a) => [a.action, a.actorRole])).toEqual([['invoice.issue', 'system']]);
    });

    it('staff issue an invoice with free lines (total = sum, whole kip) and void an open one with a reason, once', async () => {
      const { agent: company } = await registerCompany(t);
      const invoice = await issueInvoiceTo(t, company, [
        { description: 'ຄ່າທີ່ປຶກສາ', amount: 200_000 },
        { description: 'Courier', amount: 35_000 },
      ]);
      expect(invoice).toMatchObject({ status: 'open', total: 235_000, companyId: company.companyId, dueDate: '2030-01-31' });
      expect(invoice.lines.map((l) => l.description)).toEqual(['ຄ່າທີ່ປຶກສາ', 'Courier']);

      const bad = await staff.inject({
        method: 'POST',
        url: papi(PaymentPaths.staffInvoices),
        payload: { companyId: company.companyId, lines: [{ description: 'x', amount: 1.5 }], dueDate: '2030-01-31' },
      });
      expect(bad.statusCode).toBe(400);
      const unknown = await staff.inject({
        method: 'POST',
        url: papi(PaymentPaths.staffInvoices),
        headers: { 'accept-language': 'lo' },
        payload: { companyId: '00000000-0000-4000-8000-000000000000', lines: [{ description: 'x', amount: 1 }], dueDate: '2030-01-31' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().title).toMatch(/[\u0E80-\u0EFF]/);

      const noReason = await staff.inject({ method: 'POST', url: papi(PaymentPaths.staffAction(invoice.id, 'void')), payload: {} });
      expect(noReason.statusCode).toBe(400);
      const voided = await staff.inject({
        method: 'POST',
        url: papi(PaymentPaths.staffAction(invoice.id, 'void')),
        payload: { reason: 'Issued twice by mistake' },
      });
      expect(voided.statusCode, voided.body).toBe(200);
      expect(voided.json()).toMatchObject({ status: 'void', voidReason: 'Issued twice by mistake' });
      const twice = await staff.inject({ method: 'POST', url: papi(PaymentPaths.staffAction(invoice.id, 'void')), payload: { reason: 'again' } });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('INVOICE_NOT_OPEN');
      expect((await company.inject({ url: papi(PaymentPaths.qr(invoice.id)) })).statusCode).toBe(409);
      expect((await auditOf(invoice.id)).map((a) => a.action)).toEqual(['invoice.issue', 'invoice.void']);
    });

    it('gives 50 concurrent invoices 50 distinct consecutive numbers', async () => {
      const { agent: company } = await registerCompany(t);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          staff.inject({
            method: 'POST',
            url: papi(PaymentPaths.staffInvoices),
            payload: { companyId: company.companyId, lines: [{ description: `Line ${i}`, amount: 1000 + i }], dueDate: '2030-01-31' },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
      const numbers = results.map((r) => StaffInvoice.parse(r.json()).number);
      expect(new Set(numbers).size).toBe(50);
      const years = new Set(numbers.map((n) => n.slice(4, 8)));
      expect(years.size).toBe(1);
      const seqs = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
      expect(seqs[49]! - seqs[0]!).toBe(49);
      // and nothing else took a number in between: the counter is at the last one
      const all = await t.db.kysely.selectFrom('invoices').select(['seq']).orderBy('seq').execute();
      expect(all.map((r) => Number(r.seq))).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    });

    it('lists only the caller’s company invoices, filtered by status; staff filter by company and state', async () => {
      const { agent: a } = await registerCompany(t);
      const { agent: b } = await registerCompany(t);
      const first = await issueInvoiceTo(t, a, [{ description: 'A1', amount: 1 }]);
      await issueInvoiceTo(t, a, [{ description: 'A2', amount: 2 }]);
      await issueInvoiceTo(t, b, [{ description: 'B1', amount: 3 }]);
      await staff.inject({ method: 'POST', url: papi(PaymentPaths.staffAction(first.id, 'void')), payload: { reason: 'wrong company size' } });
      const listA = InvoiceList.parse((await a.inject({ url: papi(PaymentPaths.invoices) })).json());
      expect(listA.items.map((i) => i.lines[0]!.description)).toEqual(['A2', 'A1']);
      const openA = InvoiceList.parse((await a.inject({ url: `${papi(PaymentPaths.invoices)}?status=open` })).json());
      expect(openA.items.map((i) => i.lines[0]!.description)).toEqual(['A2']);
      const paged = InvoiceList.parse((await a.inject({ url: `${papi(PaymentPaths.invoices)}?limit=1` })).json());
      expect(paged.items).toHaveLength(1);
      const next = InvoiceList.parse((await a.inject({ url: `${papi(PaymentPaths.invoices)}?limit=1&cursor=${paged.nextCursor}` })).json());
      expect(next.items.map((i) => i.lines[0]!.description)).toEqual(['A1']);
      const staffList = StaffInvoiceList.parse(
        (await staff.inject({ url: `${papi(PaymentPaths.staffInvoices)}?companyId=${b.companyId}&status=open` })).json(),
      );
      expect(staffList.items.map((i) => i.lines[0]!.description)).toEqual(['B1']);
    });

    it('answers the dynamic LAO QR of an open invoice: merchant from configuration, amount and number', async () => {
      const { agent: company } = await registerCompany(t);
      const invoice = await issueInvoiceTo(t, company, [{ description: 'QR', amount: 1_234_567 }]);
      const res = await company.inject({ url: papi(PaymentPaths.qr(invoice.id)) });
      expect(res.statusCode).toBe(200);
      const qr = InvoiceQr.parse(res.json());
      expect(Date.parse(qr.expiresAt)).toBeGreaterThan(Date.now());
      const parsed = parseLaoQr(qr.payload);
      expect(parsed.ok && parsed.value).toMatchObject({
        dynamic: true,
        amount: 1_234_567,
        billNumber: invoice.number,
        currency: '418',
        country: 'LA',
        account: { iin: '27710418', paymentType: '002', receiverId: 'MCH-TEST-1' },
      });
    });
  });

  describe('POST /payments/notify', () => {
    let company: Agent;
    beforeAll(async () => {
      company = (await registerCompany(t)).agent;
    });

    it('a valid signed notification marks the invoice paid, with one payment row and an audit entry', async () => {
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Valid', amount: 500_000 }]);
      const n = notification({ billNumber: invoice.number, amount: 500_000 });
      const res = await deliver(t, n);
      expect(res.statusCode, res.body).toBe(200);
      expect(NotifyResult.parse(res.json())).toEqual({ outcome: 'matched', reason: null });
      const paid = await staffInvoice(invoice.id);
      expect(paid).toMatchObject({ status: 'paid', method: 'laoqr', receipt: true, paidAt: new Date(n.paidAt).toISOString() });
      expect(await paymentsOf(invoice.id)).toMatchObject([{ method: 'laoqr', provider: 'bcel', transactionId: n.transactionId, amount: 500_000 }]);
      expect((await auditOf(invoice.id)).map((a) => a.action)).toEqual(['invoice.issue', 'invoice.paid']);
    });

    it.each([
      ['no signature', null],
      ['a wrong signature', 't=SECONDS,v1=' + '0'.repeat(64)],
      ['a signature by another secret', 'OTHER'],
      ['a malformed header', 'v1=abc'],
    ])('refuses %s with 401 and records nothing', async (_, header) => {
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Sig', amount: 1000 }]);
      const n = notification({ billNumber: invoice.number, amount: 1000 });
      const raw = JSON.stringify(n);
      const now = Math.floor(Date.now() / 1000);
      const signature =
        header === 'OTHER' ? signBody('another-secret-of-at-least-32-bytes-long!!', raw, now) : (header?.replace('SECONDS', String(now)) ?? null);
      const res = await deliver(t, raw, { signature });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('PAYMENT_SIGNATURE');
      expect(await notificationsOf(n.transactionId)).toEqual([]);
      expect((await staffInvoice(invoice.id)).status).toBe('open');
    });

    it('refuses a body changed after signing (401)', async () => {
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Tamper', amount: 1000 }]);
      const n = notification({ billNumber: invoice.number, amount: 1 });
      const signature = signBody((await webhookSecret(t.app.deps)).value, JSON.stringify(n));
      const res = await deliver(t, JSON.stringify({ ...n, amount: 1000 }), { signature });
      expect(res.statusCode).toBe(401);
      expect((await staffInvoice(invoice.id)).status).toBe('open');
    });

    it.each([
      ['stale (301 s old)', -301],
      ['from the future (301 s ahead)', 301],
    ])('refuses a %s timestamp with 401 and records nothing; 299 s either way is accepted', async (_, offset) => {
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Time', amount: 2000 }]);
      const n = notification({ billNumber: invoice.number, amount: 2000 });
      const now = Math.floor(Date.now() / 1000);
      const res = await deliver(t, n, { at: now + offset });
      expect(res.statusCode).toBe(401);
      expect(await notificationsOf(n.transactionId)).toEqual([]);
      expect((await staffInvoice(invoice.id)).status).toBe('open');
      const inside = await deliver(t, n, { at: now + Math.sign(offset) * 299 });
      expect(inside.statusCode).toBe(200);
      expect((await staffInvoice(invoice.id)).status).toBe('paid');
    });

    it('answers a signed but malformed body with 400 and records nothing', async () => {
      const res = await deliver(t, JSON.stringify({ provider: 'bcel', transactionId: 'TX-MALFORMED', amount: 'lots' }));
      expect(res.statusCode).toBe(400);
      expect(await notificationsOf('TX-MALFORMED')).toEqual([]);
    });

    it('a replay ×10 answers the first outcome each time and pays exactly once', async () => {
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Replay', amount: 7_000 }]);
      const n = notification({ billNumber: invoice.number, amount: 7_000 });
      const answers = [];
      for (let i = 0; i < 10; i += 1) answers.push(await deliver(t, n));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(answers.map((r) => r.json())).toEqual(Array(10).fill({ outcome: 'matched', reason: null }));
      expect(await paymentsOf(invoice.id)).toHaveLength(1);
      expect(await notificationsOf(n.transactionId)).toHaveLength(1);
      expect((await auditOf(invoice.id)).filter((a) => a.action === 'invoice.paid')).toHaveLength(1);
    });

    it('concurrent duplicate deliveries have exactly one effect', async () => {
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Race', amount: 9_000 }]);
      const n = notification({ billNumber: invoice.number, amount: 9_000 });
      const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(t, n)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(answers.map((r) => r.json())).toEqual(Array(10).fill({ outcome: 'matched', reason: null }));
      expect(await paymentsOf(invoice.id)).toHaveLength(1);
      expect(await notificationsOf(n.transactionId)).toHaveLength(1);
      expect((await auditOf(invoice.id)).filter((a) => a.action === 'invoice.paid')).toHaveLength(1);
    });

    it('two different transactions for one invoice: the second is kept for staff as "not open", no second payment', async () => {
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Twice', amount: 4_000 }]);
      const answers = await Promise.all([1, 2].map(() => deliver(t, notification({ billNumber: invoice.number, amount: 4_000 }))));
      expect(answers.map((r) => r.json().outcome).sort()).toEqual(['matched', 'unmatched']);
      expect(answers.find((r) => r.json().outcome === 'unmatched')!.json().reason).toBe('not_open');
      expect(await paymentsOf(invoice.id)).toHaveLength(1);
    });

    it.each([
      ['an amount mismatch', 'amount_mismatch'],
      ['an unknown bill', 'unknown_bill'],
      ['another currency', 'currency_mismatch'],
    ] as const)('keeps %s for staff as unmatched; the invoice stays open; a replay changes nothing', async (_, reason) => {
      const invoice = await issueInvoiceTo(t, company, [{ description: reason, amount: 10_000 }]);
      const n = notification({
        billNumber: reason === 'unknown_bill' ? 'INV-1999-999999' : invoice.number,
        amount: reason === 'amount_mismatch' ? 9_999 : 10_000,
        currency: reason === 'currency_mismatch' ? '840' : '418',
      });
      const res = await deliver(t, n);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ outcome: 'unmatched', reason });
      expect((await staffInvoice(invoice.id)).status).toBe('open');
      expect(await paymentsOf(invoice.id)).toEqual([]);
      expect((await deliver(t, n)).json()).toEqual({ outcome: 'unmatched', reason });
      expect(await notificationsOf(n.transactionId)).toHaveLength(1);
      const unmatched = UnmatchedNotificationList.parse((await staff.inject({ url: papi(PaymentPaths.staffUnmatched) })).json());
      expect(unmatched.items.find((u) => u.transactionId === n.transactionId)).toMatchObject({ reason, billNumber: n.billNumber, amount: n.amount });
      expect((await company.inject({ url: papi(PaymentPaths.staffUnmatched) })).statusCode).toBe(403);
    });

    it('the simulator (PAYMENT_SIMULATOR=true) pays through the same signed endpoint, for staff only', async () => {
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Simulated', amount: 88_000 }]);
      const simulate = (agent: Agent) =>
        agent.inject({ method: 'POST', url: papi(PaymentPaths.staffSimulator), payload: { invoiceNumber: invoice.number } });
      // a company never pays its own invoice through the simulator
      expect((await simulate(company)).statusCode).toBe(403);
      expect(await paymentsOf(invoice.id)).toEqual([]);
      const res = await simulate(staff);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result).toEqual({ outcome: 'matched', reason: null });
      const [payment] = await paymentsOf(invoice.id);
      expect(payment).toMatchObject({ provider: 'simulator', transactionId: res.json().transactionId });
      const [stored] = await notificationsOf(res.json().transactionId);
      expect(JSON.parse(stored!.rawBody)).toMatchObject({ billNumber: invoice.number, amount: 88_000, currency: '418' });
      expect((await simulate(staff)).statusCode).toBe(409);
      // the log says which staff member made the simulated bank pay
      expect((await auditOf(invoice.id)).filter((e) => e.action === 'payment.simulate')).toMatchObject([{ actorUserId: staff.userId }]);
    });
  });

  describe('unmatched notifications', () => {
    let company: Agent;
    beforeAll(async () => {
      ({ agent: company } = await registerCompany(t));
    });
    const unmatchedIds = async () =>
      UnmatchedNotificationList.parse((await staff.inject({ url: papi(PaymentPaths.staffUnmatched) })).json()).items.map((u) => u.id);
    const resolve = (id: string, payload: Record<string, unknown>, by: Agent = staff) =>
      by.inject({ method: 'POST', url: papi(PaymentPaths.staffResolveUnmatched(id)), payload, headers: { 'accept-language': 'lo' } });

    it('staff apply a mistyped bill to the invoice it was meant for: paid once, with payment row, audit and receipt job', async () => {
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Typo', amount: 77_000 }]);
      const n = notification({ billNumber: invoice.number.replace(/\d$/, (d) => String((Number(d) + 1) % 10)), amount: 77_000 });
      expect((await deliver(t, n)).json()).toMatchObject({ outcome: 'unmatched' });
      const [row] = await notificationsOf(n.transactionId);
      expect(await unmatchedIds()).toContain(row!.id);

      expect((await resolve(row!.id, { action: 'apply', invoiceNumber: invoice.number }, company)).statusCode).toBe(403);
      const other = await issueInvoiceTo(t, company, [{ description: 'Other amount', amount: 1 }]);
      const wrong = await resolve(row!.id, { action: 'apply', invoiceNumber: other.number });
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json()).toMatchObject({ code: 'PAYMENT_AMOUNT_MISMATCH' });
      expect(wrong.json().title).toMatch(/[\u0E80-\u0EFF]/);
      expect(await paymentsOf(other.id)).toEqual([]);

      const applied = await Promise.all([1, 2].map(() => resolve(row!.id, { action: 'apply', invoiceNumber: invoice.number })));
      expect(applied.map((r) => r.statusCode).sort()).toEqual([204, 409]);
      expect(await staffInvoice(invoice.id)).toMatchObject({ status: 'paid', method: 'laoqr' });
      expect(await paymentsOf(invoice.id)).toMatchObject([{ provider: n.provider, transactionId: n.transactionId, notificationId: row!.id }]);
      expect((await auditOf(invoice.id)).map((a) => a.action)).toContain('invoice.paid');
      const receiptJobs = await t.db.kysely.selectFrom('jobs').select('payload').where('kind', '=', RECEIPT_JOB).execute();
      expect(receiptJobs.some((j) => String(j.payload).includes(invoice.id))).toBe(true);
      expect(await unmatchedIds()).not.toContain(row!.id);
      expect((await notificationsOf(n.transactionId))[0]).toMatchObject({ resolution: 'applied', invoiceId: invoice.id });
    });

    it('staff dismiss one with a reason; it leaves the list, is audited, and cannot be applied afterwards', async () => {
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Refunded', amount: 5_000 }]);
      const n = notification({ billNumber: invoice.number, amount: 4_000 });
      await deliver(t, n);
      const [row] = await notificationsOf(n.transactionId);
      expect((await resolve(row!.id, { action: 'dismiss', reason: '' })).statusCode).toBe(400);
      expect(await unmatchedIds()).toContain(row!.id);
      expect((await resolve(row!.id, { action: 'dismiss', reason: 'Refunded to the payer by the bank' })).statusCode).toBe(204);
      expect(await unmatchedIds()).not.toContain(row!.id);
      expect((await auditOf(row!.id)).map((a) => a.action)).toEqual(['payment.unmatched', 'payment.dismiss']);
      const late = await resolve(row!.id, { action: 'apply', invoiceNumber: invoice.number });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('PAYMENT_NOTIFICATION_RESOLVED');
      expect((await staffInvoice(invoice.id)).status).toBe('open');
      expect((await resolve('00000000-0000-4000-8000-000000000000', { action: 'dismiss', reason: 'nothing' })).statusCode).toBe(404);
    });

    it('staff list overdue open invoices (the overview’s overdue number)', async () => {
      const { agent: late } = await registerCompany(t);
      const res = await staff.inject({
        method: 'POST',
        url: papi(PaymentPaths.staffInvoices),
        payload: { companyId: late.companyId, lines: [{ description: 'Late', amount: 9 }], dueDate: '2020-01-31' },
      });
      const overdue = StaffInvoice.parse(res.json());
      const current = await issueInvoiceTo(t, late, [{ description: 'Not yet due', amount: 10 }]);
      const list = StaffInvoiceList.parse(
        (await staff.inject({ url: `${papi(PaymentPaths.staffInvoices)}?companyId=${late.companyId}&due=overdue` })).json(),
      );
      expect(list.items.map((i) => i.id)).toEqual([overdue.id]);
      expect(list.items.map((i) => i.id)).not.toContain(current.id);
    });
  });

  describe('transfer slips', () => {
    it('the company uploads a slip; staff reject it with a reason, then confirm the next one (paid by transfer)', async () => {
      const { agent: company } = await registerCompany(t);
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Slip', amount: 300_000 }]);
      const wrongSlot = await uploadWhole(
        company,
        { ownerKind: 'invoice', ownerId: invoice.id, slot: 'balance-sheet', filename: 'x.pdf' },
        pdfBytes(500),
      );
      expect(wrongSlot.res.statusCode).toBe(400);
      const first = await uploadWhole(company, { ownerKind: 'invoice', ownerId: invoice.id, slot: 'slip', filename: 'transfer.jpg' }, jpegBytes(800));
      expect(first.last.statusCode, first.last.body).toBe(204);
      const pending = StaffInvoiceList.parse(
        (await staff.inject({ url: `${papi(PaymentPaths.staffInvoices)}?slip=pending&companyId=${company.companyId}` })).json(),
      );
      expect(pending.items.map((i) => i.id)).toEqual([invoice.id]);
      expect(pending.items[0]!.slip).toMatchObject({ status: 'pending', fileName: 'transfer.jpg' });

      const noReason = await staff.inject({
        method: 'POST',
        url: papi(PaymentPaths.staffAction(invoice.id, 'confirm')),
        payload: { decision: 'reject' },
      });
      expect(noReason.statusCode).toBe(400);
      const rejected = await staff.inject({
        method: 'POST',
        url: papi(PaymentPaths.staffAction(invoice.id, 'confirm')),
        payload: { decision: 'reject', reason: 'The amount on the slip is not the invoice total.' },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({
        status: 'open',
        slip: { status: 'rejected', rejectReason: 'The amount on the slip is not the invoice total.' },
      });
      expect(
        (
          await staff.inject({
            method: 'POST',
            url: papi(PaymentPaths.staffAction(invoice.id, 'confirm')),
            payload: { decision: 'confirm', amount: 300_000, transferDate: '2026-01-05' },
          })
        ).statusCode,
      ).toBe(409);

      const second = await uploadWhole(
        company,
        { ownerKind: 'invoice', ownerId: invoice.id, slot: 'slip', filename: 'transfer-2.pdf' },
        pdfBytes(800),
      );
      expect(second.last.statusCode).toBe(204);
      const confirmed = await staff.inject({
        method: 'POST',
        url: papi(PaymentPaths.staffAction(invoice.id, 'confirm')),
        payload: { decision: 'confirm', amount: 300_000, transferDate: '2026-01-05' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ status: 'paid', method: 'slip', slip: { status: 'confirmed', fileName: 'transfer-2.pdf' } });
      expect(await paymentsOf(invoice.id)).toMatchObject([{ method: 'slip', amount: 300_000 }]);
      expect((await auditOf(invoice.id)).map((a) => a.action)).toEqual([
        'invoice.issue',
        'invoice.slip_upload',
        'invoice.slip_reject',
        'invoice.slip_upload',
        'invoice.paid',
      ]);

      // a paid invoice takes no more slips
      const late = await uploadWhole(company, { ownerKind: 'invoice', ownerId: invoice.id, slot: 'slip', filename: 'late.pdf' }, pdfBytes(300));
      expect(late.res.statusCode).toBe(409);
    });

    it('another company cannot put a slip on an invoice that is not theirs (404)', async () => {
      const { agent: a } = await registerCompany(t);
      const { agent: b } = await registerCompany(t);
      const invoice = await issueInvoiceTo(t, a, [{ description: 'Not yours', amount: 1000 }]);
      const up = await uploadWhole(b, { ownerKind: 'invoice', ownerId: invoice.id, slot: 'slip', filename: 's.pdf' }, pdfBytes(300));
      expect(up.res.statusCode).toBe(404);
      expect((await staffInvoice(invoice.id)).slip).toBeNull();
    });
  });

  describe('receipts', () => {
    it('a paid invoice gets a receipt PDF (number, lines, total, method, QR), e-mailed with the PDF and listed in all-document history', async () => {
      const { agent: company, body } = await registerCompany(t);
      const invoice = await issueInvoiceTo(t, company, [{ description: 'ຄ່າບໍລິການພິເສດ', amount: 1_250_000 }]);
      expect((await company.inject({ url: papi(PaymentPaths.receipt(invoice.id)) })).statusCode).toBe(409);
      const paid = await deliver(t, notification({ billNumber: invoice.number, amount: 1_250_000 }));
      expect(paid.statusCode).toBe(200);

      // the receipt job was enqueued with the payment; the worker makes it and queues the mail
      expect(await t.app.jobs.runDue({ kinds: [RECEIPT_JOB] })).toBeGreaterThanOrEqual(1);
      const mails = await t.db.kysely
        .selectFrom('outbox')
        .selectAll()
        .where('toAddress', '=', body.user.email)
        .where('subject', 'like', `%${invoice.number}%`)
        .execute();
      expect(mails).toHaveLength(1);
      expect(JSON.parse(mails[0]!.attachments!)).toMatchObject([{ filename: `receipt-${invoice.number}.pdf`, contentType: 'application/pdf' }]);

      const res = await company.inject({ url: papi(PaymentPaths.receipt(invoice.id)) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.headers['content-disposition']).toContain('attachment');
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(invoice.number);
      expect(text).toContain('ຄ່າບໍລິການພິເສດ');
      expect(text).toContain('LAO QR');
      expect(text).toMatch(/1[.,\s]?250[.,\s]?000/);
      // the code names the payment (decision 120): a reversal later tells its reader the receipt is cancelled
      const [payment] = await paymentsOf(invoice.id);
      const codes = await t.db.kysely.selectFrom('qrCodes').selectAll().where('subjectId', '=', payment!.id).execute();
      expect(codes).toMatchObject([{ kind: 'invoice', companyId: company.companyId }]);

      const docs = await company.inject({ url: `${papi('/documents')}?kind=invoice_receipt` });
      expect(docs.statusCode, docs.body).toBe(200);
      expect(docs.json().items).toMatchObject([{ kind: 'invoice_receipt', file: { originalName: `receipt-${invoice.number}.pdf` } }]);
      // a second run changes nothing: one receipt, one mail
      await t.app.jobs.runDue({ kinds: [RECEIPT_JOB] });
      expect((await staff.inject({ url: papi(PaymentPaths.staffReceipt(invoice.id)) })).statusCode).toBe(200);
      expect(
        await t.db.kysely.selectFrom('files').select('id').where('ownerKind', '=', 'invoice_receipt').where('ownerId', '=', invoice.id).execute(),
      ).toHaveLength(1);
    }, 120_000);
  });

  it('an accepted submission does not bill again', async () => {
    const { agent: company } = await registerCompany(t);
    await acceptedSubmission(t, company, staff, 2022);
    expect(InvoiceList.parse((await company.inject({ url: papi(PaymentPaths.invoices) })).json()).items).toHaveLength(1);
  });
});
