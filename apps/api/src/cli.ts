import { loadConfig } from './config';
import { openDb } from './db/index';
import { migrateToLatest } from './db/migrate';
import { runSeeds } from './db/seed';
import type { CliCommand } from './db/seed-step';
import './modules/providers';
import { backupCommand, restoreCommand } from './modules/backup';
import { importVillagesCommand } from './modules/reference';
import { createStaffCommand } from './modules/staff-accounts';

/** Commands the modules add to the operator CLI (e.g. staff:create, villages:import). */
const cliCommands: Record<string, CliCommand> = {
  'villages:import': importVillagesCommand,
  'staff:create': createStaffCommand,
  backup: backupCommand,
};

/** Operator commands: `node apps/api/dist/cli.js <command> [args]` (npm scripts wrap them). */
async function main() {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  const db = openDb(config.DATABASE_URL);
  try {
    if (command === 'migrate') {
      const names = await migrateToLatest(db);
      console.log(names.length ? `applied: ${names.join(', ')}` : 'database is up to date');
    } else if (command === 'seed') {
      await migrateToLatest(db);
      console.log(`seeded: ${(await runSeeds({ db, config }, { demo: true })).join(', ')}`);
    } else if (command === 'restore') {
      // Not migrated first: the restore builds the archive's schema, then migrates.
      await restoreCommand({ db, config }, args);
    } else if (command && cliCommands[command]) {
      await migrateToLatest(db);
      await cliCommands[command]({ db, config }, args);
    } else {
      console.error(`usage: cli <migrate|seed|restore|${Object.keys(cliCommands).join('|')}> [args]`);
      process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
