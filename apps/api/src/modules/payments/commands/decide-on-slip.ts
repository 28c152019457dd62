import { formatLak, vientianeDate, type ConfirmInvoiceBody, type Language, type StaffInvoiceDetail } from '@bansi/shared';
import type { Actor } from '../../../lib/actor';
import { newId, nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { AppError, invalid, notFound } from '../../../lib/errors';
import { insertReviewEvents, reviewActorName, reviewStep } from '../../review';
import type { Principal } from '../../../plugins/access';
import { recordAudit } from '../../audit';
import { publish } from '../../events';
import { tellCompanyAboutInvoice } from '../payments.notify';
import '../payments.published';
import { FIELD_MESSAGE_LANG } from '../payments.presenter';
import { getStaffInvoice } from '../payments.queries';
import { decideSlip, findInvoice, latestSlipsOf } from '../payments.repository';
import type { InvoicesTable } from '../payments.tables';
import { settle } from './settle';

/**
 * Staff decide on the pending slip (decision 120). Confirming is a decision with evidence: the amount
 * and the transfer day read from the slip. An amount other than the amount due is refused (400, the
 * difference in the title) and nothing changes; a partial or over-payment is rejected, not recorded.
 * Rejecting tells the company why (mail and bell), and it may upload another slip. Two staff deciding
 * at once: the slip leaves "pending" once, the other gets 409.
 */
export async function decideOnSlip(
  deps: Deps,
  actor: Actor,
  principal: Principal,
  id: string,
  body: ConfirmInvoiceBody,
  lang: Language,
): Promise<StaffInvoiceDetail> {
  const row = await findInvoice(deps.db, id);
  if (!row) throw notFound();
  const slip = (await latestSlipsOf(deps.db, [id])).get(id);
  if (!slip) throw new AppError(409, 'SLIP_NOT_PENDING');
  const decided = reviewStep('slip', slip.status, body.decision, 'staff', 'SLIP_NOT_PENDING') as 'confirmed' | 'rejected';
  if (row.status !== 'open') throw new AppError(409, 'INVOICE_NOT_OPEN');
  const now = nowIso();
  if (body.decision === 'confirm') checkSlipEvidence(deps, row, body, lang, now);
  await deps.db.transaction().execute(async (trx) => {
    const confirm = body.decision === 'confirm';
    if (
      !(await decideSlip(trx, slip.id, {
        status: decided,
        rejectReason: confirm ? null : body.reason,
        decidedBy: principal.userId,
        decidedAt: now,
      }))
    )
      throw new AppError(409, 'SLIP_NOT_PENDING');
    // the slip's review timeline, the same table as filings' and notes' (decision 205)
    await insertReviewEvents(trx, 'slip', slip.id, [
      {
        id: newId(),
        at: now,
        ord: 0,
        actorId: principal.userId,
        actorKind: 'staff',
        actorName: await reviewActorName(trx, principal),
        action: decided,
        fromStatus: slip.status,
        toStatus: decided,
        comment: confirm ? null : body.reason,
        fileId: slip.fileId,
        slot: null,
        fileName: slip.fileName,
        section: null,
        partOfReturn: 0,
        details: confirm ? JSON.stringify({ amount: body.amount, transferDate: body.transferDate }) : null,
      },
    ]);
    if (body.decision === 'confirm') {
      const paid = await settle(deps, trx, actor, row, {
        method: 'slip',
        paidAt: now,
        slipId: slip.id,
        recordedBy: principal.userId,
        transferDate: body.transferDate,
      });
      if (!paid) throw new AppError(409, 'INVOICE_NOT_OPEN');
      return;
    }
    const reason = body.reason;
    await recordAudit(trx, actor, 'invoice.slip_reject', { kind: 'invoice', id }, { companyId: row.companyId, details: { slipId: slip.id, reason } });
    const news = await tellCompanyAboutInvoice(deps, trx, 'slipRejected', row, { vars: () => ({ reason }) });
    // The bell subscribes in modules/subscribers.ts.
    await publish(deps, trx, {
      type: 'slip.rejected',
      subject: { kind: 'invoice', id },
      companyId: row.companyId,
      payload: { number: row.number, slipId: slip.id, reason },
      occurredAt: now,
      news,
    });
  });
  return getStaffInvoice(deps, id, lang);
}

/** The evidence typed from a slip must be the amount due, on a day that has come (400 otherwise, nothing recorded). */
function checkSlipEvidence(deps: Deps, row: InvoicesTable, body: { amount: number; transferDate: string }, lang: Language, now: string) {
  const due = Number(row.total);
  if (body.amount !== due) {
    const difference = body.amount - due;
    throw new AppError(400, 'SLIP_AMOUNT_MISMATCH', [{ path: 'amount', code: 'amount_mismatch', message: String(difference) }], {
      typed: formatLak(body.amount, lang),
      due: formatLak(due, lang),
      difference: formatLak(Math.abs(difference), lang),
      direction: deps.t(lang, difference > 0 ? 'payments.staff.over' : 'payments.staff.under'),
    });
  }
  if (body.transferDate > vientianeDate(now))
    throw invalid([{ path: 'transferDate', code: 'future_date', message: deps.t(FIELD_MESSAGE_LANG, 'errors.field.future_date') }]);
}
