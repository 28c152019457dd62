import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app';
import type { Config } from './config';
import { openDb, type Db } from './db/index';
import { migrateToLatest } from './db/migrate';
import { runSeeds, type SeedContext } from './db/seed';
import { startHousekeeping } from './modules/housekeeping';

/**
 * Everything `npm start` does before listening: migrations, the app, reference data (provinces and
 * districts before the villages of VILLAGES_DIR), demo data on an empty database, file clean-up.
 * server.ts calls it; the start-up test calls it on a fresh database.
 */
export async function startApp(
  config: Config,
  options: Pick<AppOptions, 'serveWeb' | 'startWorkers'> & { log?: SeedContext['log']; housekeeping?: boolean } = {},
): Promise<{ app: FastifyInstance; db: Db }> {
  const db = openDb(config.DATABASE_URL);
  const migrated = await migrateToLatest(db);
  const app = await buildApp({ config, db, serveWeb: options.serveWeb, startWorkers: options.startWorkers });
  app.log.info({ migrated, dialect: db.dialect }, 'database ready');
  await runSeeds({ db, config, store: app.deps.store, log: options.log ?? app.log }, { demo: config.SEED_DEMO });
  if (options.housekeeping ?? true) await startHousekeeping(app);
  return { app, db };
}
