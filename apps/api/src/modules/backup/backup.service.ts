import { newId, nowIso } from '../../lib/crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { Executor } from '../../lib/deps';
import type { FileStore } from '../../lib/file-store';
import { findLastBackup, findLastGoodBackupAt, insertBackup } from './backup.repository';
import { backupDir, pruneBackups, writeBackup, type BackupResult } from './backup.archive';

export interface LastBackup {
  /** when it finished (ISO-8601) */
  at: string;
  /** the archive's size in bytes (0 when it failed) */
  size: number;
  result: 'ok' | 'failed';
  error: string | null;
}

/** The most recent backup run, or null when none ran yet (the back office panel; the metrics' "last backup age"). */
export async function lastBackup(db: Executor): Promise<LastBackup | null> {
  const row = await findLastBackup(db);
  return row ? { at: row.finishedAt, size: Number(row.size), result: row.result, error: row.error } : null;
}

/** When the last good backup finished (the metrics' "last backup age": a failed run does not make it younger). */
export const lastGoodBackupAt = (db: Executor): Promise<string | null> => findLastGoodBackupAt(db);

/**
 * One backup run (`npm run backup`, the nightly job): the archive in BACKUP_DIR, then the oldest beyond
 * BACKUP_KEEP removed. Success and failure are both recorded; a failure is thrown again.
 */
export async function runBackup(deps: { db: Db; store: FileStore; config: Config }): Promise<BackupResult> {
  const startedAt = nowIso();
  const dir = backupDir(deps.config);
  try {
    const result = await writeBackup(deps, dir);
    await pruneBackups(dir, deps.config.BACKUP_KEEP);
    await record(deps.db, { startedAt, fileName: result.path.slice(dir.length + 1), size: result.size, result: 'ok', error: null });
    return result;
  } catch (err) {
    const error = String((err as Error)?.message ?? err).slice(0, 1000);
    await record(deps.db, { startedAt, fileName: null, size: 0, result: 'failed', error }).catch(() => undefined);
    throw err;
  }
}

async function record(db: Db, row: { startedAt: string; fileName: string | null; size: number; result: 'ok' | 'failed'; error: string | null }) {
  await insertBackup(db.kysely, { id: newId(), finishedAt: nowIso(), ...row });
}

/** The next time of day `hh:mm` (UTC) after `now`: when the nightly backup runs. */
export function nextDailyRun(schedule: string, now: Date): string {
  const [h, m] = schedule.split(':').map(Number);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}
