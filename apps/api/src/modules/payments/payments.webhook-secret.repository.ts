import type { Executor } from '../../lib/deps';

export async function findInstanceSecret(db: Executor, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('instanceSecrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Keeps the value unless the name has one already (another process got there first): the first one stays. */
export async function insertInstanceSecretIfAbsent(db: Executor, name: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('instanceSecrets')
    .values({ name, value, createdAt: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
