import { systemActor } from '../lib/actor';
import { subscribe } from './events';
import { invoiceAnnualReviewFee } from './payments';

/**
 * Every reaction of one feature to what another did, in one place (decision 195). A command publishes
 * its event in its transaction; the subscribers below run there, in the order listed, so users see the
 * same outcome as when the command did it itself — and no feature calls into another feature.
 */

// The annual review fee is billed on the first submit of a book year (once: payments keys it by company and year).
subscribe('submission.submitted', async (trx, event) => {
  if (!event.companyId) return;
  await invoiceAnnualReviewFee(trx, systemActor, { companyId: event.companyId, bookYear: event.payload.bookYear }, event.occurredAt);
});
