import type { Kysely } from 'kysely';
import type { Executor } from '../../lib/deps';
import type { BackupsTable } from './backup.tables';

/** A database seen without the camelCase mapping: tables and columns by their stored (snake_case) names. */
export type RawDb = Kysely<Record<string, Record<string, unknown>>>;

/** Inserts rows of any table, as an archive holds them. */
export async function insertRawRows(db: RawDb, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length) await db.insertInto(table).values(rows).execute();
}

export const findLastBackup = (db: Executor) => db.selectFrom('backups').selectAll().orderBy('finishedAt', 'desc').limit(1).executeTakeFirst();

/** When the last backup that succeeded finished, if one did. */
export const findLastGoodBackupAt = async (db: Executor) =>
  (await db.selectFrom('backups').select('finishedAt').where('result', '=', 'ok').orderBy('finishedAt', 'desc').limit(1).executeTakeFirst())
    ?.finishedAt ?? null;

export async function insertBackup(db: Executor, row: BackupsTable): Promise<void> {
  await db.insertInto('backups').values(row).execute();
}
