import type { Executor } from '../../lib/deps';
import type { CompanyExportsTable } from './company-exports.tables';

export const insertExport = (db: Executor, row: CompanyExportsTable) => db.insertInto('companyExports').values(row).execute();

/** Which of these store keys hold an export's zip (the store's sweep spares them). */
export async function exportKeysAmong(db: Executor, keys: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('companyExports').select('storageKey').where('storageKey', 'in', keys).execute();
  return new Set(rows.map((r) => r.storageKey!));
}

export const findExport = (db: Executor, id: string) => db.selectFrom('companyExports').selectAll().where('id', '=', id).executeTakeFirst();

/** The company's export still being prepared, if any (one at a time). */
export const findPreparingExport = (db: Executor, companyId: string) =>
  db.selectFrom('companyExports').selectAll().where('companyId', '=', companyId).where('status', '=', 'preparing').executeTakeFirst();

/** The company's exports that are preparing, failed, or ready and not expired: newest first. */
export const listLiveExports = (db: Executor, companyId: string, now: string, limit: number) =>
  db
    .selectFrom('companyExports')
    .selectAll()
    .where('companyId', '=', companyId)
    .where((w) => w.or([w('expiresAt', 'is', null), w('expiresAt', '>', now)]))
    .orderBy('requestedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const updateExport = (db: Executor, id: string, patch: Partial<Omit<CompanyExportsTable, 'id' | 'companyId'>>) =>
  db.updateTable('companyExports').set(patch).where('id', '=', id).execute();

/** Expired exports whose zip is still stored. */
export const expiredStoredExports = (db: Executor, now: string) =>
  db.selectFrom('companyExports').select(['id', 'storageKey']).where('expiresAt', '<=', now).where('storageKey', 'is not', null).execute();

/**
 * Every stored file of the company (filings' files and every version, acknowledgement receipts, accepted
 * notes' PDFs, payment receipts, transfer slips), with the book year and filing reference of what owns it.
 */
export const companyFilesForExport = (db: Executor, companyId: string) =>
  db
    .selectFrom('files')
    .leftJoin('submissions', (j) => j.onRef('submissions.id', '=', 'files.ownerId').on('files.ownerKind', 'in', ['submission', 'submission_receipt']))
    .leftJoin('notes', (j) => j.onRef('notes.id', '=', 'files.ownerId').on('files.ownerKind', '=', 'notes_pdf'))
    .leftJoin('invoices', (j) => j.onRef('invoices.id', '=', 'files.ownerId').on('files.ownerKind', 'in', ['invoice', 'invoice_receipt']))
    .select([
      'files.id',
      'files.ownerKind',
      'files.slot',
      'files.originalName',
      'files.kind',
      'files.size',
      'files.sha256',
      'files.storageKey',
      'files.createdAt',
      'files.supersededById',
      'submissions.reference',
      'invoices.number as invoiceNumber',
    ])
    .select((eb) => eb.fn.coalesce('submissions.bookYear', 'notes.bookYear', 'invoices.bookYear').as('bookYear'))
    .where('files.companyId', '=', companyId)
    .orderBy('files.createdAt')
    .orderBy('files.id')
    .execute();

export const companyInvoicesForExport = (db: Executor, companyId: string) =>
  db
    .selectFrom('invoices')
    .select(['id', 'number', 'status', 'total', 'bookYear', 'issuedAt', 'paidAt', 'dueDate', 'receiptFileId'])
    .where('companyId', '=', companyId)
    .orderBy('issuedAt')
    .orderBy('id')
    .execute();

export const companyBookingsForExport = (db: Executor, companyId: string) =>
  db
    .selectFrom('bookings')
    .select(['id', 'reference', 'status', 'slotStart'])
    .where('companyId', '=', companyId)
    .orderBy('slotStart')
    .orderBy('id')
    .execute();
