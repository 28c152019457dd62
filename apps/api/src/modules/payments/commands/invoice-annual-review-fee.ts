import { findCompany } from '../../companies';
import { findItemById } from '../../reference';
import { vientianeDate } from '@bansi/shared';
import type { Actor } from '../../../lib/actor';
import { addMs, nowIso } from '../../../lib/crypto';
import type { Executor } from '../../../lib/deps';
import { findFeeInForce, findInvoiceBySource } from '../payments.repository';
import type { InvoicesTable } from '../payments.tables';
import { createInvoice } from './create-invoice';

/** Days an automatic invoice gives the company to pay. */
export const AUTO_INVOICE_DUE_DAYS = 30;

export const annualReviewSourceKey = (companyId: string, bookYear: number) => `annual_review:${companyId}:${bookYear}`;

/**
 * The annual review fee, invoiced when a company first submits its annual submission for a book year
 * (DESIGN §8.4). Call it inside the submit transaction: it does nothing when that book year is
 * invoiced already (a returned and resubmitted submission is not billed twice: the source key is
 * unique) or when the fee schedule has no price for the company's size (nothing to bill yet).
 */
export async function invoiceAnnualReviewFee(
  trx: Executor,
  actor: Actor,
  submission: { companyId: string; bookYear: number },
  now = nowIso(),
): Promise<InvoicesTable | null> {
  const sourceKey = annualReviewSourceKey(submission.companyId, submission.bookYear);
  if (await findInvoiceBySource(trx, sourceKey)) return null;
  const company = await findCompany(trx, submission.companyId);
  const size = company && (await findItemById(trx, company.sizeId));
  if (!size) return null;
  const day = vientianeDate(now);
  const fee = await findFeeInForce(trx, 'annual_review', size.code, day);
  if (!fee) return null;
  return createInvoice(
    trx,
    actor,
    {
      companyId: submission.companyId,
      lines: [{ description: `Annual review fee, book year ${submission.bookYear}`, service: 'annual_review', amount: Number(fee.amount) }],
      dueDate: vientianeDate(addMs(now, AUTO_INVOICE_DUE_DAYS * 86_400_000)),
      bookYear: submission.bookYear,
      sourceKey,
      issuedBy: null,
    },
    now,
  );
}
