/** One run of `npm run backup` or of the nightly backup job: what the back office and metrics show. */
export interface BackupsTable {
  id: string;
  startedAt: string;
  finishedAt: string;
  /** the archive's file name in BACKUP_DIR (null when the run failed before writing it) */
  fileName: string | null;
  /** the archive's size in bytes (0 when failed) */
  size: number;
  result: 'ok' | 'failed';
  error: string | null;
}

export interface BackupsTables {
  backups: BackupsTable;
}
