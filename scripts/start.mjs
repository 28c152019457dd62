// `npm start`: install what is missing, build, then run the whole app (migrations, reference data
// and demo data happen at start-up) on the embedded SQLite database unless DATABASE_URL says otherwise.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, mustRun, root } from './lib.mjs';

ensureInstalled();
mustRun('npm', ['run', 'build']);

// The demo turns the payment simulator on (staff pay invoices as a test bank would); `PAYMENT_SIMULATOR=false npm start`
// keeps it off (a value in the shell wins over .env, as with every setting node reads from --env-file).
const env = { ...process.env, SEED_DEMO: process.env.SEED_DEMO ?? 'true', PAYMENT_SIMULATOR: process.env.PAYMENT_SIMULATOR ?? 'true' };
const envFile = existsSync(join(root, '.env')) ? ['--env-file=.env'] : [];

// The demo loads the village list when the shared data folder sits beside the checkout.
const villages = process.env.VILLAGES_DIR ?? join(root, '../shared/data/lao-admin');
if (existsSync(villages)) mustRun(process.execPath, [...envFile, 'apps/api/dist/cli.js', 'villages:import', villages], { env });

mustRun(process.execPath, [...envFile, 'apps/api/dist/server.js'], { env });
