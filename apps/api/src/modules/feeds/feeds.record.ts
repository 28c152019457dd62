import { API_BASE, FilePaths, type FeedFiling, type FeedPayment } from '@bansi/shared';
import { nowIso } from '../../lib/crypto';
import type { Executor } from '../../lib/deps';
import { nextSequence } from '../../db/sequences';
import { definePort } from '../../lib/port';
import { findCompany } from '../companies';
import type { DomainEvent } from '../events';
import { findFileById, listFilesOfOwner, type FilesTable } from '../files';
import { insertFeedEntry } from './feeds.repository';
import type { FeedEntriesTable } from './feeds.tables';

/** An accepted filing as the feed lists it: the submissions module (a feature beside this one) answers through the composition (decision 222). */
export interface FeedFilingFacts {
  companyId: string;
  bookYear: number;
  reference: string | null;
  figures: FeedFiling['figures'];
  size: FeedFiling['size'];
  /** the files table's owner kind of the filing's files */
  fileOwner: string;
}
export const feedFilings = definePort<(trx: Executor, submissionId: string) => Promise<FeedFilingFacts | undefined>>('the filings the feed lists');

/**
 * Writes a feed's entries where things happen: these subscribers (wired in modules/subscribers.ts) run in the transaction that accepted a
 * filing or notes, or paid or reversed a payment (decision 195), so an entry exists exactly when its
 * change does. The entry's `seq` comes from the feed's counter (db/sequences.ts): its row stays locked
 * until this transaction commits, so a later committer gets a higher number only after this one is visible
 * — a reader paging by `seq` never skips an entry that commits while it reads (decision 241).
 */

type Item<T> = Omit<T, 'seq'>;

async function record<T>(trx: Executor, feed: FeedEntriesTable['feed'], item: Item<T> & { kind: string }, subjectId: string, companyId: string) {
  const seq = await nextSequence(trx, feed === 'filings' ? 'feed_filings' : 'feed_payments', 0);
  await insertFeedEntry(trx, { feed, seq, kind: item.kind, subjectId, companyId, item: JSON.stringify(item), recordedAt: nowIso() });
}

const fileOf = (f: FilesTable) => ({
  id: f.id,
  slot: f.slot,
  name: f.originalName,
  mediaType: f.mediaType,
  size: Number(f.size),
  sha256: f.sha256,
  url: `${API_BASE}${FilePaths.staffContent(f.id)}`,
});

async function companyOf(trx: Executor, id: string) {
  const company = await findCompany(trx, id);
  if (!company) throw new Error(`feed: company ${id} not found`);
  return company;
}

export async function recordAcceptedFiling(trx: Executor, event: DomainEvent<'submission.accepted'>) {
  const row = await feedFilings.use()(trx, event.subject.id);
  if (!row) throw new Error(`feed: submission ${event.subject.id} not found`);
  const company = await companyOf(trx, row.companyId);
  const current = (await listFilesOfOwner(trx, row.fileOwner, event.subject.id)).filter((f) => f.supersededById === null);
  const receipt = await findFileById(trx, event.payload.receiptFileId);
  const item: Item<FeedFiling> = {
    kind: 'filing',
    id: event.subject.id,
    company: { id: company.id, nameLo: company.nameLo, nameEn: company.nameEn },
    bookYear: row.bookYear,
    reference: row.reference,
    acceptedAt: event.occurredAt,
    figures: row.figures,
    size: row.size,
    files: [...current, ...(receipt ? [receipt] : [])].map(fileOf),
  };
  await record(trx, 'filings', item, event.subject.id, row.companyId);
}

export async function recordAcceptedNotes(trx: Executor, event: DomainEvent<'notes.accepted'>) {
  const company = await companyOf(trx, event.companyId!);
  const pdf = await findFileById(trx, event.payload.pdfFileId);
  const item: Item<FeedFiling> = {
    kind: 'notes',
    id: event.subject.id,
    company: { id: company.id, nameLo: company.nameLo, nameEn: company.nameEn },
    bookYear: event.payload.bookYear,
    reference: null,
    acceptedAt: event.occurredAt,
    figures: { averageLabour: null, totalAssets: null, annualIncome: null },
    size: null,
    files: pdf ? [fileOf(pdf)] : [],
  };
  await record(trx, 'filings', item, event.subject.id, company.id);
}

export async function recordPayment(trx: Executor, event: DomainEvent<'invoice.paid'>) {
  const company = await companyOf(trx, event.companyId!);
  const item: Item<FeedPayment> = {
    kind: 'payment',
    paymentId: event.payload.paymentId,
    invoiceId: event.subject.id,
    invoiceNumber: event.payload.number,
    company: { id: company.id, nameLo: company.nameLo, nameEn: company.nameEn },
    amount: event.payload.amount,
    method: event.payload.method,
    at: event.payload.paidAt,
    reason: null,
  };
  await record(trx, 'payments', item, event.payload.paymentId, company.id);
}

export async function recordReversal(trx: Executor, event: DomainEvent<'payment.reversed'>) {
  const company = await companyOf(trx, event.companyId!);
  const item: Item<FeedPayment> = {
    kind: 'reversal',
    paymentId: event.payload.paymentId,
    invoiceId: event.subject.id,
    invoiceNumber: event.payload.number,
    company: { id: company.id, nameLo: company.nameLo, nameEn: company.nameEn },
    amount: event.payload.amount,
    method: null,
    at: event.occurredAt,
    reason: event.payload.reason,
  };
  await record(trx, 'payments', item, event.payload.paymentId, company.id);
}
