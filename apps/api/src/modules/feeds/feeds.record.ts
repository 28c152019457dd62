import { API_BASE, FilePaths, type FeedFiling, type FeedPayment } from '@bansi/shared';
import { nowIso } from '../../lib/crypto';
import type { Executor } from '../../lib/deps';
import { nextSequence } from '../../db/sequences';
import { findCompany } from '../companies';
import { subscribe } from '../events';
import { findFileById, listFilesOfOwner, type FilesTable } from '../files';
import { SUBMISSION_OWNER, findSubmission, loadReference, sizeViewOf } from '../submissions';
import { insertFeedEntry } from './feeds.repository';
import type { FeedEntriesTable } from './feeds.tables';

/**
 * Writes a feed's entries where things happen: these subscribers run in the transaction that accepted a
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

const figure = (v: number | string | null) => (v === null ? null : Number(v));

subscribe('submission.accepted', async (trx, event) => {
  const row = await findSubmission(trx, event.subject.id);
  if (!row) throw new Error(`feed: submission ${event.subject.id} not found`);
  const company = await companyOf(trx, row.companyId);
  const size = sizeViewOf(await loadReference(trx), row, company).derivedSize;
  const current = (await listFilesOfOwner(trx, SUBMISSION_OWNER, row.id)).filter((f) => f.supersededById === null);
  const receipt = await findFileById(trx, event.payload.receiptFileId);
  const item: Item<FeedFiling> = {
    kind: 'filing',
    id: row.id,
    company: { id: company.id, nameLo: company.nameLo, nameEn: company.nameEn },
    bookYear: Number(row.bookYear),
    reference: row.reference,
    acceptedAt: event.occurredAt,
    figures: { averageLabour: figure(row.averageLabour), totalAssets: figure(row.totalAssets), annualIncome: figure(row.annualIncome) },
    size: size?.kind === 'size' ? size.size : null,
    files: [...current, ...(receipt ? [receipt] : [])].map(fileOf),
  };
  await record(trx, 'filings', item, row.id, row.companyId);
});

subscribe('notes.accepted', async (trx, event) => {
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
});

subscribe('payment.received', async (trx, event) => {
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
});

subscribe('payment.reversed', async (trx, event) => {
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
});
