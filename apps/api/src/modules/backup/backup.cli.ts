import { createFileStore } from '../../lib/create-file-store';
import type { CliCommand } from '../../db/seed-step';
import { restoreBackup } from './backup.restore';
import { runBackup } from './backup.service';

/** `npm run backup`: one archive of the whole instance into BACKUP_DIR. */
export const backupCommand: CliCommand = async ({ db, config }) => {
  const started = Date.now();
  const { path, size, manifest } = await runBackup({ db, store: createFileStore(config), config });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`backup: ${path} (${size} bytes, ${rows} rows, ${manifest.files.length} files, ${Date.now() - started} ms)`);
};

/** `npm run restore -- <archive> [--force]`: into an empty database and file store (decision 182). */
export const restoreCommand: CliCommand = async ({ db, config }, args) => {
  const archive = args.find((a) => !a.startsWith('--'));
  if (!archive) throw new Error('usage: npm run restore -- <archive> [--force]');
  const result = await restoreBackup({ db, store: createFileStore(config) }, archive, { force: args.includes('--force') });
  for (const [table, count] of Object.entries(result.tables)) if (count) console.log(`  ${table}: ${count}`);
  console.log(
    `restored ${archive}: ${Object.values(result.tables).reduce((a, b) => a + b, 0)} rows, ${result.files} files (schema ${result.manifest.schemaVersion})`,
  );
  if (result.migrated.length) console.log(`then migrated: ${result.migrated.join(', ')}`);
};
