import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDb } from './db/index';
import { migrateToLatest } from './db/migrate';
import { runSeeds } from './db/seed';
import { warmPasswordRule } from './modules/auth/passwords';
import { startFileHousekeeping } from './modules/files/files.housekeeping';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const db = openDb(config.DATABASE_URL);
  const migrated = await migrateToLatest(db);
  const app = await buildApp({ config, db });
  app.log.info({ migrated, dialect: db.dialect }, 'database ready');
  await runSeeds({ db, config, store: app.deps.store }, { demo: config.SEED_DEMO });
  await startFileHousekeeping(app);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.close();
    await db.destroy();
  });

  warmPasswordRule();
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
