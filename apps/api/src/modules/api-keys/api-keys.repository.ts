import type { Executor } from '../../lib/deps';
import type { ApiKeysTable } from './api-keys.tables';

export async function insertApiKey(db: Executor, row: ApiKeysTable) {
  await db.insertInto('apiKeys').values(row).execute();
}

/** The one look-up of a request with a key: by the unique hash, whatever the key's state. */
export const findApiKeyByHash = (db: Executor, keyHash: string) =>
  db.selectFrom('apiKeys').selectAll().where('keyHash', '=', keyHash).executeTakeFirst();

export const findApiKey = (db: Executor, id: string) => db.selectFrom('apiKeys').selectAll().where('id', '=', id).executeTakeFirst();

/** Newest first; few rows (one per client program), so no paging. */
export const listApiKeyRows = (db: Executor) => db.selectFrom('apiKeys').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();

/** Revokes a live key; false when it was already revoked (or does not exist). */
export async function markRevoked(db: Executor, id: string, at: string, by: string): Promise<boolean> {
  const res = await db
    .updateTable('apiKeys')
    .set({ revokedAt: at, revokedBy: by })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Notes a use. Answers whether this call changed the address (a new address since the last use), so that
 * of two processes noting the same new address at once only one audits it.
 */
export async function touchApiKey(db: Executor, id: string, at: string, address: string | null): Promise<boolean> {
  const changed = await db
    .updateTable('apiKeys')
    .set({ lastUsedAt: at, lastUsedAddress: address })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lastUsedAddress', 'is', null), eb('lastUsedAddress', '!=', address ?? '')]))
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) > 0) return true;
  await db.updateTable('apiKeys').set({ lastUsedAt: at }).where('id', '=', id).execute();
  return false;
}
