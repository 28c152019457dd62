/**
 * The app as the API benchmark runs it: a child process (`node --import tsx`) on an already
 * migrated and seeded database, no background workers, logs at BENCH_LOG_LEVEL (warn).
 * Prints `listening <port>` when ready.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDb } from '../src/db/index';

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' });
  const db = openDb(config.DATABASE_URL);
  const app = await buildApp({ config, db, serveWeb: false, startWorkers: false });
  await app.listen({ port: config.PORT, host: '127.0.0.1' });
  process.stdout.write(`listening ${config.PORT}\n`);
  const close = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
