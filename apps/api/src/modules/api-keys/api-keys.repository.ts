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

/** Notes a use: when, and from where. */
export async function touchApiKey(db: Executor, id: string, at: string, address: string | null) {
  await db.updateTable('apiKeys').set({ lastUsedAt: at, lastUsedAddress: address }).where('id', '=', id).execute();
}

/** Adds an address to the key's list; false when it was there already (another process may have added it just now). */
export async function rememberAddress(db: Executor, keyId: string, address: string, at: string): Promise<boolean> {
  const res = await db
    .insertInto('apiKeyAddresses')
    .values({ keyId, address, firstSeenAt: at })
    .onConflict((oc) => oc.columns(['keyId', 'address']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}
