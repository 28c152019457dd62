// `npm run cluster`: three API processes on PostgreSQL and S3 behind a round-robin proxy on PORT
// (apps/api/cluster/main.ts). Builds first when the built app is missing; refuses SQLite at once.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, mustRun, root } from './lib.mjs';

if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')) {
  console.error(
    `npm run cluster needs PostgreSQL: DATABASE_URL is ${process.env.DATABASE_URL ? 'not a postgres:// address' : 'not set'}.\n` +
      'Several API processes cannot share an SQLite file. Example:\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/bansi npm run cluster',
  );
  process.exit(1);
}

ensureInstalled();
if (!existsSync(join(root, 'apps/api/dist/server.js')) || !existsSync(join(root, 'apps/web/dist/index.html'))) mustRun('npm', ['run', 'build']);

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/cluster/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
