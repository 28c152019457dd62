import { auditTrail } from '../lib/audit-trail';
import { accountsPort } from '../lib/accounts';
import { auditActors as auditActorsPort, provideSubjectNames, recordAudit } from './audit';
import { accounts, auditActors, nameUsers, sessionCompanies } from './auth';
import { bookingFilings, nameBookings, nameHolidays } from './bookings';
import { companyReference, countCompaniesNamingItems, findCompany, findCompanySummary, nameCompanies } from './companies';
import { nameNotifications, namePosts } from './content';
import { feedBackfillSources, feedFilings } from './feeds';
import { enqueueJob, jobStatesByKeys } from './jobs';
import { nameLibraryDocuments } from './library';
import { mailJobStates, mailQueue } from './mail';
import { listAcceptedNotes, nameNotes, notesFiling } from './notes';
import { listPaymentsOfInvoices, nameInvoices } from './payments';
import { districtHasVillages, findDistrict, findItem, findItemByCode, findProvince, findVillage, provideReferenceUses } from './reference';
import {
  assertCurrent,
  assertEditable,
  countSubmissionsNamingItems,
  findSubmission,
  getSubmission,
  insertEvents,
  listAcceptedSubmissions,
  loadReference,
  nameSubmissions,
  newEvent,
  SUBMISSION_OWNER,
  sizeViewOf,
  touchIfEditable,
} from './submissions';

/**
 * What a module reads from a module it may not import — a higher one, or one of its own floor — handed in once
 * at load (decisions 196, 220–222): the module declares the port it needs, the composition gives it the owner's
 * function. The app (app.ts) and the command line (cli.ts) import this file before anything runs.
 */

// Infrastructure: files and jobs write the audit log, mail queues its `mail.send` job.
auditTrail.provide(recordAudit);
mailQueue.provide(enqueueJob);
mailJobStates.provide(jobStatesByKeys);

// Core: the accounts are auth's; companies check their fields against reference; a session shows its company;
// reference counts the rows of companies and filings that name its items (decision 211).
accountsPort.provide(accounts);
companyReference.provide({ findItem, findItemByCode, findProvince, findDistrict, findVillage, districtHasVillages });
sessionCompanies.provide(findCompanySummary);
provideReferenceUses(countCompaniesNamingItems);
provideReferenceUses(countSubmissionsNamingItems);

// Features: a booking may name the company's filing; notes link their PDF into the same year's filing.
bookingFilings.provide(findSubmission);
notesFiling.provide({
  owner: SUBMISSION_OWNER,
  findSubmission,
  assertEditable,
  assertCurrent,
  touchIfEditable,
  recordEvent: (trx, principal, who, submissionId, action, at, extra) =>
    insertEvents(trx, [newEvent(principal, who, submissionId, action, at, extra)]),
  getSubmission,
});
// The filings feed lists an accepted filing with its figures and derived size (decision 241).
const figure = (v: number | string | null) => (v === null ? null : Number(v));
feedFilings.provide(async (trx, id) => {
  const row = await findSubmission(trx, id);
  const company = row && (await findCompany(trx, row.companyId));
  if (!row || !company) return undefined;
  const size = sizeViewOf(await loadReference(trx), row, company).derivedSize;
  return {
    companyId: row.companyId,
    bookYear: Number(row.bookYear),
    reference: row.reference,
    figures: { averageLabour: figure(row.averageLabour), totalAssets: figure(row.totalAssets), annualIncome: figure(row.annualIncome) },
    size: size?.kind === 'size' ? size.size : null,
    fileOwner: SUBMISSION_OWNER,
  };
});
// What the feeds' one-time backfill writes: everything accepted and paid before the feeds existed (decision 241).
feedBackfillSources.provide({
  filings: async (trx) =>
    (await listAcceptedSubmissions(trx)).map((r) => ({ submissionId: r.id, receiptFileId: r.fileId, acceptedAt: r.acceptedAt })),
  notes: async (trx) =>
    (await listAcceptedNotes(trx)).map((r) => ({
      notesId: r.id,
      companyId: r.companyId,
      bookYear: Number(r.bookYear),
      pdfFileId: r.pdfFileId!,
      acceptedAt: r.acceptedAt!,
    })),
  payments: async (trx) =>
    (await listPaymentsOfInvoices(trx)).map((r) => ({
      paymentId: r.id,
      invoiceId: r.invoiceId,
      number: r.number,
      companyId: r.companyId,
      amount: Number(r.amount),
      method: r.method,
      paidAt: r.paidAt,
      reversal: r.reversedAt ? { reversedAt: r.reversedAt, reason: r.reversalReason ?? '' } : null,
    })),
});

// The audit log names who acted and what it concerns through the modules that own them (decision 215).
auditActorsPort.provide(auditActors);
provideSubjectNames({
  company: nameCompanies,
  submission: nameSubmissions,
  notes: nameNotes,
  invoice: nameInvoices,
  booking: nameBookings,
  booking_holiday: nameHolidays,
  user: nameUsers,
  library_document: nameLibraryDocuments,
  post: namePosts,
  notification: nameNotifications,
});
