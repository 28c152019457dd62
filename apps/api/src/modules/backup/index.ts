/** The public face of the backup module: other modules import only what is exported here (decision 197). */
export { backupCommand, restoreCommand } from './backup.cli';
export { lastBackup, lastGoodBackupAt, runBackup } from './backup.service';
export { restoreBackup, RestoreError } from './backup.restore';
export { default as backupRoutes } from './backup.routes';
