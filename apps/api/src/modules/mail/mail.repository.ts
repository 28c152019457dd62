import type { Executor } from '../../lib/deps';
import type { OutboxTable } from './mail.tables';

export async function insertMail(db: Executor, mail: Omit<OutboxTable, 'attempts'>) {
  await db.insertInto('outbox').values(mail).execute();
}

export const findMail = (db: Executor, id: string) => db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();

/** Records one sending attempt's outcome on the mail itself (the job keeps its own state). */
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

export const listRecentMail = (db: Executor, limit: number) =>
  db.selectFrom('outbox').selectAll().orderBy('createdAt', 'desc').limit(limit).execute();
