import type { Executor } from '../../lib/deps';

export const findLoginFailures = (db: Executor, loginKey: string, address: string) =>
  db.selectFrom('loginFailures').selectAll().where('loginKey', '=', loginKey).where('address', '=', address).executeTakeFirst();

export async function saveLoginFailures(
  db: Executor,
  row: { loginKey: string; address: string; failures: number; lockedUntil: string | null; updatedAt: string },
) {
  await db
    .insertInto('loginFailures')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['loginKey', 'address']).doUpdateSet({ failures: row.failures, lockedUntil: row.lockedUntil, updatedAt: row.updatedAt }),
    )
    .execute();
}

export async function clearLoginFailures(db: Executor, loginKeys: string[], address?: string) {
  if (!loginKeys.length) return;
  let query = db.deleteFrom('loginFailures').where('loginKey', 'in', loginKeys);
  if (address !== undefined) query = query.where('address', '=', address);
  await query.execute();
}

/** Rows nobody has touched since `before` count nothing any more. */
export async function deleteStaleLoginFailures(db: Executor, before: string) {
  await db.deleteFrom('loginFailures').where('updatedAt', '<', before).execute();
}
