/**
 * The app as the API benchmark runs it: a child process (`node --import tsx`) on an already
 * migrated and seeded database, no background workers, logs at BENCH_LOG_LEVEL (warn).
 * Prints `listening <port>` when ready.
 *
 * It also watches its own event loop (perf_hooks.monitorEventLoopDelay, 5 ms resolution): asked
 * `'loop'` over the IPC channel, it answers the longest stall since the last question, in ms, and
 * starts over. One request at a time, that is the longest stretch a request held the loop for
 * (plus any garbage-collection pause), the figure issue 17 bounds at 50 ms.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDb } from '../src/db/index';

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' });
  const db = openDb(config.DATABASE_URL);
  const app = await buildApp({ config, db, serveWeb: false, startWorkers: false });
  await app.listen({ port: config.PORT, host: '127.0.0.1' });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  process.on('message', (msg) => {
    if (msg !== 'loop') return;
    // max is in ns and includes the 5 ms resolution the timer waits anyway
    process.send?.({ loopMaxMs: Math.max(0, loop.max / 1e6 - 5) });
    loop.reset();
  });
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
