// `npm run backup` / `npm run restore -- <archive>`: the operator CLI (apps/api/dist/cli.js) with the
// settings of .env, as `npm start` runs the server; installs and builds the API first when needed (a fresh clone).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, mustRun, root } from './lib.mjs';

ensureInstalled();
if (!existsSync(join(root, 'apps/api/dist/cli.js'))) mustRun('npm', ['run', 'build', '-w', '@bansi/api']);
const envFile = existsSync(join(root, '.env')) ? ['--env-file=.env'] : [];
mustRun(process.execPath, [...envFile, 'apps/api/dist/cli.js', ...process.argv.slice(2)]);
