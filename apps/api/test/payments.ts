import { API_BASE, PAYMENT_SIGNATURE_HEADER, PaymentPaths, StaffInvoice, type PaymentNotification } from '@bansi/shared';
import { signBody } from '../src/lib/signature';
import { webhookSecret } from '../src/modules/payments/payments.webhook-secret';
import { loginAs, type Agent, type TestApp } from './helpers';

/** Helpers that bill a company and pay its invoices through the API, as staff and the bank do. */

export const papi = (path: string) => `${API_BASE}${path}`;

/** Staff issue an invoice with free lines to the agent's company. */
export async function issueInvoiceTo(t: TestApp, company: Agent, lines = [{ description: 'Consultation, March', amount: 250_000 }], staff?: Agent) {
  const by = staff ?? (await loginAs(t, 'staff'));
  const res = await by.inject({
    method: 'POST',
    url: papi(PaymentPaths.staffInvoices),
    payload: { companyId: company.companyId, lines, dueDate: '2030-01-31' },
  });
  if (res.statusCode !== 201) throw new Error(`issue invoice: ${res.statusCode} ${res.body}`);
  return StaffInvoice.parse(res.json());
}

/** Delivers a notification as the bank does: raw JSON body, signed header (or the header given). */
export async function deliver(t: TestApp, body: PaymentNotification | string, options: { signature?: string | null; at?: number } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const header =
    options.signature === undefined
      ? signBody((await webhookSecret(t.app.deps)).value, raw, options.at ?? Math.floor(Date.now() / 1000))
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: papi(PaymentPaths.notify),
    headers: { 'content-type': 'application/json', ...(header === null ? {} : { [PAYMENT_SIGNATURE_HEADER]: header }) },
    payload: raw,
  });
}

let tx = 0;
export function notification(overrides: Partial<PaymentNotification> & { billNumber: string; amount: number }): PaymentNotification {
  tx += 1;
  return { provider: 'bcel', transactionId: `TX-${process.pid}-${tx}`, currency: '418', paidAt: new Date().toISOString(), ...overrides };
}
