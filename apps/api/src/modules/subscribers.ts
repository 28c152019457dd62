import type { WebhookEvent } from '@bansi/shared';
import { systemActor } from '../lib/actor';
import type { Executor } from '../lib/deps';
import { notifyCompany } from './content';
import { recordAcceptedFiling, recordAcceptedNotes, recordPayment, recordReversal } from './feeds';
import { subscribe, type DomainEvent, type DomainEventType } from './events';
import { invoiceAnnualReviewFee } from './payments';
import { queueDeliveries } from './webhooks';

/**
 * Every reaction of one feature to what another did, in one place (decision 195). A command publishes
 * its event in its transaction; the subscribers below run there, in the order listed, so users see the
 * same outcome as when the command did it itself — and no feature calls into another feature.
 */

/** Puts the news the publishing feature worded for the company into its bell (content, decision 096), dated when it happened. */
const toTheBell = async (trx: Executor, event: Pick<DomainEvent, 'companyId' | 'occurredAt' | 'news'>) => {
  if (event.news && event.companyId) await notifyCompany(trx, event.companyId, event.news, event.occurredAt);
};

// The annual review fee is billed on the first submit of a book year (once: payments keys it by company and year).
subscribe('submission.submitted', async (trx, event) => {
  if (!event.companyId) return;
  await invoiceAnnualReviewFee(trx, systemActor, { companyId: event.companyId, bookYear: event.payload.bookYear }, event.occurredAt);
});

// The company's bell (decision 214): the filing received, returned, accepted; the notes returned (decision 230); a rejected slip, a reversed payment;
// documents missing at the counter. Each feature mails its own company itself (decision 213).
subscribe('submission.submitted', toTheBell);
subscribe('submission.returned', toTheBell);
subscribe('submission.accepted', toTheBell);
subscribe('notes.returned', toTheBell);
subscribe('slip.rejected', toTheBell);
subscribe('payment.reversed', toTheBell);
subscribe('booking.received', toTheBell);

// Outgoing events (issue 32): the public name of each event, and the facts it carries, for the endpoints
// staff admins set up; webhooks queues one signed delivery per endpoint in the command's transaction.
const outgoing =
  <T extends DomainEventType>(name: WebhookEvent, data: (event: DomainEvent<T>) => object = (event) => event.payload as object) =>
  async (trx: Executor, event: DomainEvent<T>) =>
    queueDeliveries(trx, {
      event: name,
      eventId: event.id,
      occurredAt: event.occurredAt,
      companyId: event.companyId,
      subject: event.subject,
      data: data(event),
    });
subscribe(
  'submission.accepted',
  outgoing('filing.accepted', (e) => ({ bookYear: e.payload.bookYear, reference: e.payload.reference })),
);
subscribe(
  'notes.accepted',
  outgoing('notes.accepted', (e) => ({ bookYear: e.payload.bookYear })),
);
subscribe('invoice.paid', outgoing('invoice.paid'));
subscribe('payment.reversed', outgoing('payment.reversed'));
subscribe('booking.received', outgoing('booking.received'));

// The pull feeds of the service's own software (decision 241): accepted filings and notes, payments and reversals.
subscribe('submission.accepted', recordAcceptedFiling);
subscribe('notes.accepted', recordAcceptedNotes);
subscribe('invoice.paid', recordPayment);
subscribe('payment.reversed', recordReversal);
