import type { Actor } from '../../../lib/actor';
import { newId, nowIso } from '../../../lib/crypto';
import type { Deps, Executor } from '../../../lib/deps';
import { recordAudit } from '../../audit';
import { publish } from '../../events';
import '../payments.published';
import { insertPayment, markInvoicePaid } from '../payments.repository';
import type { InvoicesTable } from '../payments.tables';

// Marking an invoice paid, shared by the bank notification, staff applying an unmatched one and a confirmed slip.

/** Hooks run inside the transaction that marks an invoice paid (the receipt job registers here). */
type PaidHook = (trx: Executor, invoice: InvoicesTable, actor: Actor, paymentId: string) => Promise<void>;
const paidHooks: PaidHook[] = [];
export const onInvoicePaid = (hook: PaidHook) => void paidHooks.push(hook);

export async function settle(
  deps: Deps,
  trx: Executor,
  actor: Actor,
  invoice: InvoicesTable,
  payment: {
    method: 'laoqr' | 'slip';
    paidAt: string;
    provider?: string;
    transactionId?: string;
    notificationId?: string;
    slipId?: string;
    recordedBy?: string;
    transferDate?: string;
  },
): Promise<boolean> {
  const now = nowIso();
  if (!(await markInvoicePaid(trx, invoice.id, { paidAt: payment.paidAt, method: payment.method, updatedAt: now }))) return false;
  const paymentId = newId();
  await insertPayment(trx, {
    id: paymentId,
    invoiceId: invoice.id,
    method: payment.method,
    provider: payment.provider ?? null,
    transactionId: payment.transactionId ?? null,
    notificationId: payment.notificationId ?? null,
    slipId: payment.slipId ?? null,
    amount: Number(invoice.total),
    paidAt: payment.paidAt,
    recordedBy: payment.recordedBy ?? null,
    createdAt: now,
    transferDate: payment.transferDate ?? null,
    receiptFileId: null,
    cancelledReceiptFileId: null,
    reversedAt: null,
    reversedBy: null,
    reversalReason: null,
  });
  await recordAudit(
    trx,
    actor,
    'invoice.paid',
    { kind: 'invoice', id: invoice.id },
    {
      companyId: invoice.companyId,
      details: {
        number: invoice.number,
        method: payment.method,
        provider: payment.provider ?? null,
        transactionId: payment.transactionId ?? null,
        ...(payment.transferDate ? { amount: Number(invoice.total), transferDate: payment.transferDate } : {}),
      },
    },
  );
  const paid = { ...invoice, status: 'paid' as const, paidAt: payment.paidAt, method: payment.method };
  for (const hook of paidHooks) await hook(trx, paid, actor, paymentId);
  // No news for the bell: the company gets its receipt by mail (the hook above). Outgoing events and the payments feed subscribe.
  await publish(deps, trx, {
    type: 'invoice.paid',
    subject: { kind: 'invoice', id: invoice.id },
    companyId: invoice.companyId,
    payload: { number: invoice.number, paymentId, amount: Number(invoice.total), method: payment.method, paidAt: payment.paidAt },
    occurredAt: now,
  });
  return true;
}
