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
