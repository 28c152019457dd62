import type { NotificationReason, NotifyResult, PaymentNotification } from '@bansi/shared';
import type { Actor } from '../../../lib/actor';
import { newId, nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { recordAudit } from '../../audit';
import { findInvoiceByNumber, findNotification, insertNotificationOnce, latestReversalsOf, updateNotificationOutcome } from '../payments.repository';
import type { InvoicesTable } from '../payments.tables';
import { settle } from './settle';

function mismatch(invoice: InvoicesTable | undefined, n: PaymentNotification): NotificationReason | null {
  if (!invoice) return 'unknown_bill';
  if (n.currency !== '418') return 'currency_mismatch';
  if (invoice.status !== 'open') return 'not_open';
  if (n.amount !== Number(invoice.total)) return 'amount_mismatch';
  return null;
}

/**
 * A verified notification from the bank. Idempotent on (provider, transactionId): the first
 * delivery decides, and every replay (also a concurrent one) answers that first outcome and changes
 * nothing. A match marks the invoice paid with its payment row, audit entry and receipt job in one
 * transaction; anything else is kept as "unmatched" for staff and the invoice stays open.
 */
export async function receiveNotification(deps: Deps, actor: Actor, n: PaymentNotification, rawBody: string): Promise<NotifyResult> {
  return deps.db.transaction().execute(async (trx) => {
    const invoice = await findInvoiceByNumber(trx, n.billNumber);
    let reason = mismatch(invoice, n);
    // After a reversal nothing pays the invoice by itself: staff decide (decision 120).
    if (!reason && invoice && (await latestReversalsOf(trx, [invoice.id])).size > 0) reason = 'reversed';
    const id = newId();
    const paidAt = new Date(n.paidAt).toISOString();
    const fresh = await insertNotificationOnce(trx, {
      id,
      provider: n.provider,
      transactionId: n.transactionId,
      billNumber: n.billNumber,
      amount: n.amount,
      currency: n.currency,
      paidAt,
      rawBody,
      outcome: reason ? 'unmatched' : 'matched',
      reason,
      invoiceId: invoice?.id ?? null,
      receivedAt: nowIso(),
      resolution: null,
      resolutionNote: null,
      resolvedBy: null,
      resolvedAt: null,
    });
    if (!fresh) {
      const first = await findNotification(trx, n.provider, n.transactionId);
      return { outcome: first?.outcome ?? 'unmatched', reason: first?.reason ?? null };
    }
    if (!reason && invoice) {
      const paid = await settle(deps, trx, actor, invoice, {
        method: 'laoqr',
        paidAt,
        provider: n.provider,
        transactionId: n.transactionId,
        notificationId: id,
      });
      if (!paid) {
        // paid or voided by someone else between the read and now
        reason = 'not_open';
        await updateNotificationOutcome(trx, id, { outcome: 'unmatched', reason, invoiceId: invoice.id });
      }
    }
    if (reason) {
      await recordAudit(
        trx,
        actor,
        'payment.unmatched',
        { kind: 'payment_notification', id },
        {
          companyId: invoice?.companyId ?? null,
          details: { provider: n.provider, transactionId: n.transactionId, billNumber: n.billNumber, amount: n.amount, reason },
        },
      );
    }
    return { outcome: reason ? 'unmatched' : 'matched', reason };
  });
}
