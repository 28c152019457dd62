import type { ResolveNotificationBody } from '@bansi/shared';
import type { Actor } from '../../../lib/actor';
import { nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { AppError, notFound } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit } from '../../audit';
import { findInvoiceByNumber, findNotificationById, resolveNotification } from '../payments.repository';
import { settle } from './settle';

/**
 * Staff deal with an unmatched notification (decision 063): `apply` settles the open invoice it was
 * meant for — same amount and currency, exactly as a matched notification would, with its payment
 * row, audit entry and receipt — and `dismiss` records why it is left alone. Each happens once.
 */
export async function resolveUnmatched(deps: Deps, actor: Actor, principal: Principal, id: string, body: ResolveNotificationBody): Promise<void> {
  const n = await findNotificationById(deps.db, id);
  if (!n || n.outcome !== 'unmatched') throw notFound();
  if (n.resolvedAt) throw new AppError(409, 'PAYMENT_NOTIFICATION_RESOLVED');
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    if (body.action === 'dismiss') {
      if (
        !(await resolveNotification(trx, id, { resolution: 'dismissed', resolutionNote: body.reason, resolvedBy: principal.userId, resolvedAt: now }))
      )
        throw new AppError(409, 'PAYMENT_NOTIFICATION_RESOLVED');
      await recordAudit(
        trx,
        actor,
        'payment.dismiss',
        { kind: 'payment_notification', id },
        { companyId: null, details: { provider: n.provider, transactionId: n.transactionId, reason: body.reason } },
      );
      return;
    }
    const invoice = await findInvoiceByNumber(trx, body.invoiceNumber);
    if (!invoice) throw notFound();
    if (invoice.status !== 'open') throw new AppError(409, 'INVOICE_NOT_OPEN');
    if (n.currency !== '418' || Number(n.amount) !== Number(invoice.total)) throw new AppError(409, 'PAYMENT_AMOUNT_MISMATCH');
    if (
      !(await resolveNotification(trx, id, {
        resolution: 'applied',
        resolutionNote: null,
        resolvedBy: principal.userId,
        resolvedAt: now,
        invoiceId: invoice.id,
      }))
    )
      throw new AppError(409, 'PAYMENT_NOTIFICATION_RESOLVED');
    const paid = await settle(deps, trx, actor, invoice, {
      method: 'laoqr',
      paidAt: n.paidAt,
      provider: n.provider,
      transactionId: n.transactionId,
      notificationId: id,
      recordedBy: principal.userId,
    });
    if (!paid) throw new AppError(409, 'INVOICE_NOT_OPEN');
  });
}
