// `npm test`: every suite — types, lint, unit and API integration tests on SQLite and PostgreSQL,
// then the browser tests in Debian's Chromium against the built app. A suite that cannot run
// (PostgreSQL unreachable, no browser) is a failure, never a skip.
import { existsSync } from 'node:fs';
import net from 'node:net';
import { ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();

const pgUrl = new URL(process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) }, () => (socket.end(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.setTimeout(3000, () => (socket.destroy(), resolve(false)));
  });
}

const results = [];
function suite(name, fn) {
  const status = fn();
  results.push({ name, ok: status === 0 });
  console.log(`\n${status === 0 ? '✓' : '✗'} ${name}`);
}

suite('typecheck', () => run('npm', ['run', 'typecheck']));
suite('lint', () => run('npm', ['run', 'lint']));

if (!(await reachable(pgUrl.hostname, pgUrl.port || 5432))) {
  console.error(`PostgreSQL is not reachable at ${pgUrl.host}: the PostgreSQL suite cannot run.`);
  results.push({ name: 'postgres reachable', ok: false });
}
suite('unit and API tests (SQLite and PostgreSQL)', () => run('npx', ['vitest', 'run']));

suite('build', () => run('npm', ['run', 'build']));
// Three built API processes on a private PostgreSQL and s3rver behind the proxy (DESIGN §8.6); alone, as it is heavy.
suite('cluster test (three API processes, PostgreSQL, S3)', () => run('npx', ['vitest', 'run', '--config', 'vitest.cluster.config.ts']));
if (!existsSync(chromium)) {
  console.error(`No Chromium at ${chromium}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`);
  results.push({ name: 'browser available', ok: false });
} else {
  suite('browser tests (Chromium)', () => run('npx', ['playwright', 'test'], { env: { ...process.env, CHROMIUM_PATH: chromium } }));
}

const failed = results.filter((r) => !r.ok);
console.log('\nSummary:');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name}`);
console.log(`suites: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
void root;
