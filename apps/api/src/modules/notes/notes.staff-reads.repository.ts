import type { Executor } from '../../lib/deps';

// Reads of the notes table that the back office's company page makes (decision 196).

export const listNotesOfCompany = (db: Executor, companyId: string) =>
  db.selectFrom('notes').select(['id', 'bookYear', 'status', 'updatedAt']).where('companyId', '=', companyId).orderBy('bookYear', 'desc').execute();

/** Notes by id, as the audit log names them. */
export const listNotesHeads = (db: Executor, ids: readonly string[]) =>
  db.selectFrom('notes').select(['id', 'companyId', 'bookYear']).where('id', 'in', ids).execute();
