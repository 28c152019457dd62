import { preparedQuery } from '../../db/prepared';
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

/**
 * Counts one request under `key` in ONE statement (an upsert), so concurrent requests on any number
 * of processes each get a distinct count: a window that ended starts again at 1.
 */
export async function hitRateLimit(db: Executor, key: string, now: string, resetsAt: string) {
  const [row] = await countHit(db, { key, now, resetsAt });
  return row!;
}

// On every counted request (every search): compiled once (decision 103), named on PostgreSQL (110).
const countHit = preparedQuery((db, q: { key: string; now: string; resetsAt: string }) =>
  db
    .insertInto('rateLimits')
    .values({ key: q.key, hits: 1, resetsAt: q.resetsAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when('rateLimits.resetsAt', '<=', q.now)
          .then(1)
          .else(eb('rateLimits.hits', '+', 1))
          .end(),
        resetsAt: eb.case().when('rateLimits.resetsAt', '<=', q.now).then(q.resetsAt).else(eb.ref('rateLimits.resetsAt')).end(),
      })),
    )
    .returning(['hits', 'resetsAt']),
);

/** Counters whose window ended before `before` count nothing any more. */
export async function deleteEndedRateLimits(db: Executor, before: string) {
  await db.deleteFrom('rateLimits').where('resetsAt', '<', before).execute();
}
