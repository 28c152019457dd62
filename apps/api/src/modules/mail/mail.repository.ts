import type { Executor } from '../../lib/deps';
import type { OutboxTable } from './mail.tables';

export async function insertMail(db: Executor, mail: Omit<OutboxTable, 'attempts'>) {
  await db.insertInto('outbox').values(mail).execute();
}

export function findDueMail(db: Executor, now: string, limit: number) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .orderBy('createdAt')
    .limit(limit)
    .execute();
}

/** Claims one mail for this process; false when another worker took it first. */
export async function claimMail(db: Executor, id: string): Promise<boolean> {
  const result = await db.updateTable('outbox').set({ status: 'sending' }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishMail(
  db: Executor,
  id: string,
  patch: Partial<Pick<OutboxTable, 'status' | 'sentAt' | 'lastError' | 'nextAttemptAt'>>,
  attempts: number,
) {
  await db
    .updateTable('outbox')
    .set({ ...patch, attempts })
    .where('id', '=', id)
    .execute();
}

/** Mails a worker left in 'sending' when its process died go back to the queue. */
export async function requeueStuckMail(db: Executor) {
  await db.updateTable('outbox').set({ status: 'pending' }).where('status', '=', 'sending').execute();
}

export const listRecentMail = (db: Executor, limit: number) =>
  db.selectFrom('outbox').selectAll().orderBy('createdAt', 'desc').limit(limit).execute();
