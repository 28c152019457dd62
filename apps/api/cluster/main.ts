/**
 * `npm run cluster`: three API processes on PostgreSQL (DATABASE_URL) and S3 behind a round-robin
 * proxy on PORT (default 3000). Without S3_ENDPOINT an s3rver of the demo's own keeps the files in
 * DATA_DIR/cluster-s3. CLUSTER_PROCESSES changes the count; SIGHUP restarts the processes one by one;
 * Ctrl-C stops everything. The recipe for a real deployment is docs/deploy.md.
 */
import { join } from 'node:path';
import { assertPostgres, startCluster } from './cluster';

const SETTINGS_PASSED =
  /^(NODE_ENV|LOG_LEVEL|SEED_DEMO|SMTP_URL|MAIL_FROM|PUBLIC_URL|CURRENT_YEAR|BOOK_YEAR|RATE_LIMIT_|LOGIN_|SESSION_|UPLOAD_|PROVIDER_|LAOQR_|PAYMENT_|REMINDER_|WEB_DIST_DIR)/;

async function main() {
  const env = process.env;
  try {
    assertPostgres(env.DATABASE_URL);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const s3 = env.S3_ENDPOINT
    ? Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('S3_') && e[1] !== undefined))
    : undefined;
  if (s3 && !s3.S3_BUCKET) {
    console.error('S3_ENDPOINT is set: S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too.');
    process.exit(1);
  }
  const passed = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => SETTINGS_PASSED.test(e[0]) && e[1] !== undefined));
  const cluster = await startCluster({
    databaseUrl: env.DATABASE_URL,
    processes: Number(env.CLUSTER_PROCESSES ?? 3),
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    ...(s3 ? { s3 } : { s3Directory: join(env.DATA_DIR ?? 'data', 'cluster-s3') }),
    env: { LOG_LEVEL: 'info', ...passed },
    onOutput: (index, text) => process.stdout.write(text.replace(/^(?=.)/gm, `[api ${index}] `)),
  });
  console.log(`\nBansi cluster: ${cluster.processes.length} API processes behind ${cluster.url}`);
  for (const p of cluster.processes) console.log(`  api ${p.index}: 127.0.0.1:${p.port} (pid ${p.pid})`);
  console.log(`  files: ${s3 ? s3.S3_ENDPOINT : `s3rver at ${cluster.s3.S3_ENDPOINT} (DATA_DIR/cluster-s3)`}`);
  console.log('  SIGHUP restarts the processes one by one; Ctrl-C stops.\n');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping the cluster …');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', () => {
    console.log('rolling restart …');
    cluster.rollingRestart().then(
      () => console.log('rolling restart done'),
      (err: unknown) => console.error('rolling restart failed', err),
    );
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
