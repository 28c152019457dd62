import { API_BASE, PAYMENT_SIGNATURE_HEADER, PaymentPaths, type PaymentNotification, type SimulatedPayment } from '@bansi/shared';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/crypto';
import { signNotification, webhookSecret } from './payments.signature';

/**
 * The bank side sits behind a provider: something that, once a customer pays, delivers a signed
 * notification to POST /payments/notify. The simulator provider (development and tests only; its
 * route is never registered in production) plays the bank: it signs with the shared secret and
 * delivers through the very same endpoint, so the demo exercises the real verification path.
 */
export interface PaymentProvider {
  readonly name: string;
  pay(bill: { number: string; amount: number }): Promise<SimulatedPayment>;
}

export function simulatorProvider(app: FastifyInstance): PaymentProvider {
  return {
    name: 'simulator',
    async pay(bill) {
      const notification: PaymentNotification = {
        provider: 'simulator',
        transactionId: `SIM-${newId()}`,
        billNumber: bill.number,
        amount: bill.amount,
        currency: '418',
        paidAt: new Date().toISOString(),
      };
      const raw = JSON.stringify(notification);
      const res = await app.inject({
        method: 'POST',
        url: `${API_BASE}${PaymentPaths.notify}`,
        headers: { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: signNotification(webhookSecret(app.config), raw) },
        payload: raw,
      });
      if (res.statusCode !== 200) throw new Error(`simulator: notify answered ${res.statusCode} ${res.body}`);
      return { transactionId: notification.transactionId, result: res.json() };
    },
  };
}
