import type { Executor } from '../../lib/deps';

// Reads of the notes table that the back office's company page makes (decision 196).

export const listNotesOfCompany = (db: Executor, companyId: string) =>
  db.selectFrom('notes').select(['id', 'bookYear', 'status', 'updatedAt']).where('companyId', '=', companyId).orderBy('bookYear', 'desc').execute();

/** Notes by id, as the audit log names them. */
export const listNotesHeads = (db: Executor, ids: readonly string[]) =>
  db.selectFrom('notes').select(['id', 'companyId', 'bookYear']).where('id', 'in', ids).execute();

/** Every accepted notes document with its PDF (the feeds' backfill, decision 241). */
export const listAcceptedNotes = (db: Executor) =>
  db
    .selectFrom('notes')
    .select(['id', 'companyId', 'bookYear', 'pdfFileId', 'acceptedAt'])
    .where('status', '=', 'accepted')
    .where('pdfFileId', 'is not', null)
    .where('acceptedAt', 'is not', null)
    .execute();
