import type { Executor } from '../../lib/deps';
import { listAllBookingsOfCompany } from '../bookings';
import { listCompanyFiles } from '../files';
import { listNotesHeads } from '../notes';
import { listAllInvoicesOfCompany } from '../payments';
import { listSubmissionHeads } from '../submissions';

const ids = (files: { ownerKind: string; ownerId: string }[], kinds: string[]) => [
  ...new Set(files.filter((f) => kinds.includes(f.ownerKind)).map((f) => f.ownerId)),
];

/**
 * Every record of a company for its export, read through the owning modules' faces (decision 210): its stored
 * files (filings' files and every version, acknowledgement receipts, accepted notes' PDFs, payment receipts,
 * transfer slips) with the book year and the filing reference or invoice number of what owns each, its
 * invoices and its bookings.
 */
export async function companyRecords(db: Executor, companyId: string) {
  const [stored, invoices, bookings] = await Promise.all([
    listCompanyFiles(db, companyId),
    listAllInvoicesOfCompany(db, companyId),
    listAllBookingsOfCompany(db, companyId),
  ]);
  const submissionIds = ids(stored, ['submission', 'submission_receipt']);
  const notesIds = ids(stored, ['notes_pdf']);
  const [submissions, notes] = await Promise.all([
    submissionIds.length ? listSubmissionHeads(db, submissionIds) : [],
    notesIds.length ? listNotesHeads(db, notesIds) : [],
  ]);
  const submissionOf = new Map(submissions.map((s) => [s.id, s]));
  const notesOf = new Map(notes.map((n) => [n.id, n]));
  const invoiceOf = new Map(invoices.map((i) => [i.id, i]));
  const files = stored.map((f) => {
    const submission = f.ownerKind === 'submission' || f.ownerKind === 'submission_receipt' ? submissionOf.get(f.ownerId) : undefined;
    const invoice = f.ownerKind === 'invoice' || f.ownerKind === 'invoice_receipt' ? invoiceOf.get(f.ownerId) : undefined;
    const note = f.ownerKind === 'notes_pdf' ? notesOf.get(f.ownerId) : undefined;
    return {
      ...f,
      reference: submission?.reference ?? null,
      invoiceNumber: invoice?.number ?? null,
      bookYear: submission?.bookYear ?? note?.bookYear ?? invoice?.bookYear ?? null,
    };
  });
  return { files, invoices, bookings };
}
