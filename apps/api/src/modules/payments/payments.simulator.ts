import { API_BASE, PAYMENT_SIGNATURE_HEADER, PaymentPaths, type PaymentNotification, type SimulatedPayment } from '@bansi/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Actor } from '../../lib/actor';
import { newId } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import { recordAudit } from '../audit';
import { findInvoiceByNumber } from './payments.repository';
import { signBody } from '../../lib/signature';
import { webhookSecret } from './payments.webhook-secret';

/**
 * The bank side sits behind a provider: something that, once a customer pays, delivers a signed
 * notification to POST /payments/notify. The simulator provider plays the bank: it signs with this
 * instance's key and delivers through the very same endpoint, so the demo exercises the real verification
 * path. It exists only when asked for (decision 126).
 */
export interface PaymentProvider {
  readonly name: string;
  pay(bill: { number: string; amount: number }): Promise<SimulatedPayment>;
}

/** PAYMENT_SIMULATOR=true turns the simulator on; production never has it, whatever the setting. */
export const simulatorEnabled = (config: Pick<Config, 'PAYMENT_SIMULATOR' | 'NODE_ENV'>): boolean =>
  config.PAYMENT_SIMULATOR && config.NODE_ENV !== 'production';

/**
 * Delivers a notification as the bank would: signed with this instance's key, through POST /payments/notify
 * itself (the simulator and the demo seed both pay this way). Anything but 200 is an error naming `who`.
 */
export async function deliverSignedNotification(app: FastifyInstance, notification: PaymentNotification, who: string) {
  const raw = JSON.stringify(notification);
  const secret = await webhookSecret(app.deps);
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}${PaymentPaths.notify}`,
    headers: { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: signBody(secret.value, raw) },
    payload: raw,
  });
  if (res.statusCode !== 200) throw new Error(`${who}: notify answered ${res.statusCode} ${res.body}`);
  return res.json() as SimulatedPayment['result'];
}

export function simulatorProvider(app: FastifyInstance): PaymentProvider & { payInvoice(number: string, actor: Actor): Promise<SimulatedPayment> } {
  const pay = async (bill: { number: string; amount: number }): Promise<SimulatedPayment> => {
    const notification: PaymentNotification = {
      provider: 'simulator',
      transactionId: `SIM-${newId()}`,
      billNumber: bill.number,
      amount: bill.amount,
      currency: '418',
      paidAt: new Date().toISOString(),
    };
    return { transactionId: notification.transactionId, result: await deliverSignedNotification(app, notification, 'simulator') };
  };
  return {
    name: 'simulator',
    pay,
    /**
     * Pays an open invoice, named by its number, in full (what a customer scanning its LAO QR does). The log
     * says which staff member made the simulated bank pay; the payment itself is recorded as any bank's is.
     */
    async payInvoice(number, actor) {
      const invoice = await findInvoiceByNumber(app.deps.db, number);
      if (!invoice) throw notFound();
      if (invoice.status !== 'open') throw new AppError(409, 'INVOICE_NOT_OPEN');
      const paid = await pay({ number: invoice.number, amount: Number(invoice.total) });
      await recordAudit(
        app.deps.db,
        actor,
        'payment.simulate',
        { kind: 'invoice', id: invoice.id },
        { companyId: invoice.companyId, details: { number: invoice.number, amount: Number(invoice.total), transactionId: paid.transactionId } },
      );
      return paid;
    },
  };
}
