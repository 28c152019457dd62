// `npm start`: install what is missing, build, then run the whole app (migrations, reference data
// and demo data happen at start-up) on the embedded SQLite database unless DATABASE_URL says otherwise.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, mustRun, root } from './lib.mjs';

ensureInstalled();
mustRun('npm', ['run', 'build']);

// The demo turns the payment simulator on (staff pay invoices as a test bank would); `PAYMENT_SIMULATOR=false npm start`
// keeps it off (a value in the shell wins over .env, as with every setting node reads from --env-file).
// The demo loads the village list when the shared data folder sits beside the checkout. The server
// imports it at start, after the provinces and districts the villages refer to (a second start adds nothing).
const besideCheckout = join(root, '../shared/data/lao-admin');
const villages = process.env.VILLAGES_DIR ?? (existsSync(besideCheckout) ? besideCheckout : undefined);
const env = {
  ...process.env,
  SEED_DEMO: process.env.SEED_DEMO ?? 'true',
  PAYMENT_SIMULATOR: process.env.PAYMENT_SIMULATOR ?? 'true',
  ...(villages ? { VILLAGES_DIR: villages } : {}),
};
const envFile = existsSync(join(root, '.env')) ? ['--env-file=.env'] : [];

mustRun(process.execPath, [...envFile, 'apps/api/dist/server.js'], { env });
