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

/** The facts of each kind of entry: the subscribers below take them from the event, the backfill (feeds.backfill.ts) from the owners' rows. */
export interface AcceptedFiling {
  submissionId: string;
  receiptFileId: string;
  acceptedAt: string;
}
export interface AcceptedNotes {
  notesId: string;
  companyId: string;
  bookYear: number;
  pdfFileId: string;
  acceptedAt: string;
}
export interface PaymentMade {
  paymentId: string;
  invoiceId: string;
  number: string;
  companyId: string;
  amount: number;
  method: string;
  paidAt: string;
}
export interface PaymentReversed {
  paymentId: string;
  invoiceId: string;
  number: string;
  companyId: string;
  amount: number;
  reason: string;
  reversedAt: string;
}

/** Writes the entry of an accepted filing: its figures and size through the port, its current files and receipt. */
export async function recordFiling(trx: Executor, f: AcceptedFiling) {
  const row = await feedFilings.use()(trx, f.submissionId);
  if (!row) throw new Error(`feed: submission ${f.submissionId} not found`);
  const company = await companyOf(trx, row.companyId);
  const current = (await listFilesOfOwner(trx, row.fileOwner, f.submissionId)).filter((file) => file.supersededById === null);
  const receipt = await findFileById(trx, f.receiptFileId);
  const item: Item<FeedFiling> = {
    kind: 'filing',
    id: f.submissionId,
    company: { id: company.id, nameLo: company.nameLo, nameEn: company.nameEn },
    bookYear: row.bookYear,
    reference: row.reference,
    acceptedAt: f.acceptedAt,
    figures: row.figures,
    size: row.size,
    files: [...current, ...(receipt ? [receipt] : [])].map(fileOf),
  };
  await record(trx, 'filings', item, f.submissionId, row.companyId);
}

export async function recordNotes(trx: Executor, f: AcceptedNotes) {
  const company = await companyOf(trx, f.companyId);
  const pdf = await findFileById(trx, f.pdfFileId);
  const item: Item<FeedFiling> = {
    kind: 'notes',
    id: f.notesId,
    company: { id: company.id, nameLo: company.nameLo, nameEn: company.nameEn },
    bookYear: f.bookYear,
    reference: null,
    acceptedAt: f.acceptedAt,
    figures: { averageLabour: null, totalAssets: null, annualIncome: null },
    size: null,
    files: pdf ? [fileOf(pdf)] : [],
  };
  await record(trx, 'filings', item, f.notesId, company.id);
}

export async function recordPaymentMade(trx: Executor, f: PaymentMade) {
  const company = await companyOf(trx, f.companyId);
  const item: Item<FeedPayment> = {
    kind: 'payment',
    paymentId: f.paymentId,
    invoiceId: f.invoiceId,
    invoiceNumber: f.number,
    company: { id: company.id, nameLo: company.nameLo, nameEn: company.nameEn },
    amount: f.amount,
    method: f.method,
    at: f.paidAt,
    reason: null,
  };
  await record(trx, 'payments', item, f.paymentId, company.id);
}

export async function recordPaymentReversed(trx: Executor, f: PaymentReversed) {
  const company = await companyOf(trx, f.companyId);
  const item: Item<FeedPayment> = {
    kind: 'reversal',
    paymentId: f.paymentId,
    invoiceId: f.invoiceId,
    invoiceNumber: f.number,
    company: { id: company.id, nameLo: company.nameLo, nameEn: company.nameEn },
    amount: f.amount,
    method: null,
    at: f.reversedAt,
    reason: f.reason,
  };
  await record(trx, 'payments', item, f.paymentId, company.id);
}

// The subscribers: the facts as the publishing feature's event carries them.
export const recordAcceptedFiling = (trx: Executor, e: DomainEvent<'submission.accepted'>) =>
  recordFiling(trx, { submissionId: e.subject.id, receiptFileId: e.payload.receiptFileId, acceptedAt: e.occurredAt });
export const recordAcceptedNotes = (trx: Executor, e: DomainEvent<'notes.accepted'>) =>
  recordNotes(trx, {
    notesId: e.subject.id,
    companyId: e.companyId!,
    bookYear: e.payload.bookYear,
    pdfFileId: e.payload.pdfFileId,
    acceptedAt: e.occurredAt,
  });
export const recordPayment = (trx: Executor, e: DomainEvent<'invoice.paid'>) =>
  recordPaymentMade(trx, { ...e.payload, invoiceId: e.subject.id, companyId: e.companyId! });
export const recordReversal = (trx: Executor, e: DomainEvent<'payment.reversed'>) =>
  recordPaymentReversed(trx, { ...e.payload, invoiceId: e.subject.id, companyId: e.companyId!, reversedAt: e.occurredAt });
