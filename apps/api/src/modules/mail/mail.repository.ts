import type { Executor } from '../../lib/deps';
import type { OutboxTable } from './mail.tables';

export async function insertMail(db: Executor, mail: OutboxTable) {
  await db.insertInto('outbox').values(mail).execute();
}

export const findMail = (db: Executor, id: string) => db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();

/** The job that sends a mail is keyed by it (enqueue once). */
export const mailJobKey = (mailId: string) => `mail:${mailId}`;

/** The latest mail, newest first. */
export const listRecentMail = (db: Executor, limit: number) =>
  db.selectFrom('outbox').select(['id', 'toAddress', 'subject', 'textBody', 'createdAt']).orderBy('createdAt', 'desc').limit(limit).execute();
