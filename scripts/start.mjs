// `npm start`: install what is missing, build, then run the whole app (migrations, reference data
// and demo data happen at start-up) on the embedded SQLite database unless DATABASE_URL says otherwise.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, mustRun, root } from './lib.mjs';

ensureInstalled();
mustRun('npm', ['run', 'build']);

const env = { ...process.env, SEED_DEMO: process.env.SEED_DEMO ?? 'true' };
const args = [];
if (existsSync(join(root, '.env'))) args.push('--env-file=.env');
args.push('apps/api/dist/server.js');
mustRun(process.execPath, args, { env });
