import { formatLak, type Language, type StaffInvoiceDetail } from '@bansi/shared';
import type { Actor } from '../../lib/actor';
import { nowIso } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import { vientianeDateTime } from '../../lib/pdf';
import type { Principal } from '../../plugins/access';
import { recordAudit } from '../audit';
import { storeGenerated } from '../files';
import { issueQrCode, newQrSecret, qrLink } from '../qr';
import { publish } from '../events';
import { tellCompanyAboutInvoice } from './payments.notify';
import './payments.published';
import { renderReceipt } from './payments.receipt';
import { findInvoice, findPaymentOf, markPaymentReversed, RECEIPT_OWNER, reopenPaidInvoice, setPaymentFiles } from './payments.repository';
import { getStaffInvoice } from './payments.queries';

/**
 * A staff admin reverses the payment of a paid invoice, with a reason (decision 120). In one
 * transaction: the invoice is open again (no paid date, method or current receipt), the payment row
 * is kept and marked reversed, the receipt it had stays stored and a cancelled copy is made (the cancel
 * mark, when and why, and its own QR code that says so), the audit log gets the reversal, and the
 * company is told by mail (with the cancelled copy) and in its bell. Only a paid invoice can be
 * reversed: an open, voided or already reversed one answers 409, also to a concurrent second reversal.
 */
export async function reversePayment(
  deps: Deps,
  actor: Actor,
  principal: Principal,
  id: string,
  reason: string,
  lang: Language,
): Promise<StaffInvoiceDetail> {
  const invoice = await findInvoice(deps.db, id);
  if (!invoice) throw notFound();
  const payment = invoice.status === 'paid' ? await findPaymentOf(deps.db, id) : undefined;
  if (!payment) throw new AppError(409, 'INVOICE_NOT_PAID');
  const now = nowIso();
  const code = newQrSecret();
  // made before the transaction, as receipts are: the write lock is not held while a PDF is drawn
  const bytes = await renderReceipt(deps, invoice, qrLink(invoice.companyId, code, deps.config.PUBLIC_URL), {
    id: payment.id,
    reversedAt: now,
    reversalReason: reason,
  });
  await deps.db.transaction().execute(async (trx) => {
    if (!(await reopenPaidInvoice(trx, id, now))) throw new AppError(409, 'INVOICE_NOT_PAID');
    const reversed = await markPaymentReversed(trx, payment.id, {
      reversedAt: now,
      reversedBy: principal.userId,
      reversalReason: reason,
      receiptFileId: payment.receiptFileId ?? invoice.receiptFileId,
    });
    if (!reversed) throw new AppError(409, 'INVOICE_NOT_PAID');
    const stored = await storeGenerated(deps, trx, bytes, {
      companyId: invoice.companyId,
      ownerKind: RECEIPT_OWNER,
      ownerId: invoice.id,
      slot: 'receipt_cancelled',
      originalName: `receipt-${invoice.number}-cancelled.pdf`,
      createdBy: principal.userId,
      kind: 'pdf',
    });
    await setPaymentFiles(trx, payment.id, { cancelledReceiptFileId: stored.id });
    await issueQrCode(trx, { kind: 'invoice', companyId: invoice.companyId, subjectId: payment.id, code, publicUrl: deps.config.PUBLIC_URL });
    await recordAudit(
      trx,
      actor,
      'invoice.reverse',
      { kind: 'invoice', id },
      {
        companyId: invoice.companyId,
        details: { number: invoice.number, paymentId: payment.id, method: payment.method, amount: Number(payment.amount), reason, fileId: stored.id },
      },
    );
    const news = await tellCompanyAboutInvoice(deps, trx, 'reversed', invoice, {
      vars: (l) => ({ reason, date: vientianeDateTime(now), amount: formatLak(Number(payment.amount), l) }),
      attachments: [{ filename: `receipt-${invoice.number}-cancelled.pdf`, contentType: 'application/pdf', fileId: stored.id }],
    });
    // The bell subscribes in modules/subscribers.ts.
    await publish(deps, trx, {
      type: 'payment.reversed',
      subject: { kind: 'invoice', id },
      companyId: invoice.companyId,
      payload: { number: invoice.number, paymentId: payment.id, amount: Number(payment.amount), reason },
      occurredAt: now,
      news,
    });
  });
  return getStaffInvoice(deps, id, lang);
}
