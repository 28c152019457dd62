import { sql } from 'kysely';
import type { Executor } from '../../lib/deps';
import type { OutboxTable } from './mail.tables';

export async function insertMail(db: Executor, mail: OutboxTable) {
  await db.insertInto('outbox').values(mail).execute();
}

export const findMail = (db: Executor, id: string) => db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();

/** The job that sends a mail is keyed by it (enqueue once). */
export const mailJobKey = (mailId: string) => `mail:${mailId}`;

/** The latest mail with its job's state (null once a finished job was cleaned up). */
export const listRecentMail = (db: Executor, limit: number) =>
  db
    .selectFrom('outbox')
    .leftJoin('jobs', (join) => join.on('jobs.uniqueKey', '=', sql<string>`'mail:' || outbox.id`))
    .select(['outbox.id', 'outbox.toAddress', 'outbox.subject', 'outbox.textBody', 'outbox.createdAt', 'jobs.status'])
    .orderBy('outbox.createdAt', 'desc')
    .limit(limit)
    .execute();
