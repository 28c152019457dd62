import { API_BASE, PaymentPaths, StaffInvoice } from '@bansi/shared';
import { expect } from 'vitest';
import { loginAs, type Agent, type TestApp } from '../helpers';
import { issueInvoiceTo } from '../payments';

/**
 * Access-matrix cases of service payment: company B names company A's open invoice; every answer is
 * 404 and the invoice stays open, unpaid, with no payment and no slip.
 */
type Arrange = (ctx: { t: TestApp; a: Agent }) => Promise<{ params: Record<string, string>; body?: unknown; unchanged(): Promise<void> }>;

// One staff login per test app: each login hashes a password (Argon2id), which the matrix need not repeat.
const staffOf = new WeakMap<TestApp, Promise<Agent>>();
const staffFor = (t: TestApp) => {
  if (!staffOf.has(t)) staffOf.set(t, loginAs(t, 'staff'));
  return staffOf.get(t)!;
};

const openInvoiceOfA: Arrange = async ({ t, a }) => {
  const staff = await staffFor(t);
  const invoice = await issueInvoiceTo(t, a, [{ description: 'Access matrix', amount: 12_345 }], staff);
  return {
    params: { id: invoice.id },
    async unchanged() {
      const now = StaffInvoice.parse((await staff.inject({ url: `${API_BASE}${PaymentPaths.staffInvoice(invoice.id)}` })).json());
      expect(now).toMatchObject({ status: 'open', paidAt: null, slip: null });
      const payments = await t.db.kysely.selectFrom('payments').select('id').where('invoiceId', '=', invoice.id).execute();
      expect(payments).toEqual([]);
    },
  };
};

export const paymentsAccessCases: Record<string, { arrange: Arrange }> = {
  [`GET ${API_BASE}/invoices/:id`]: { arrange: openInvoiceOfA },
  [`GET ${API_BASE}/invoices/:id/qr`]: { arrange: openInvoiceOfA },
  [`GET ${API_BASE}/invoices/:id/receipt`]: { arrange: openInvoiceOfA },
};
