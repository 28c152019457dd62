/**
 * The deadline surge (DESIGN §8.6), `npm run bench:surge`: simulated companies, each from a client
 * address of its own, upload 5 files of 5 MB through tus at the same moment, first on the cluster
 * (three API processes), then on one API process — both on a private PostgreSQL and an s3rver in a
 * process of its own, behind the round-robin proxy. Prints per run: errors (must be 0), retries (503/502
 * answers a tus client asks again, as the web app's tus-js-client does),
 * p50/p95 of a company's completion time, the API processes' peak RSS, throughput, and the ratio to
 * copying the same bytes on the same disk (fs.copyFile).
 *
 *   BENCH_COMPANIES=200,400   one run per count, cluster and single process (default 200)
 *   BENCH_FILES=5 BENCH_FILE_MB=5 BENCH_CHUNK_MB=8   files per company, their size, the tus PATCH size
 *   BENCH_STOP_P95_S=300      stop raising the count once p95 passes this (default 300 s)
 *
 * Builds the API when dist is older than its sources. Everything is deleted afterwards.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfBytes } from '../test/file-fixtures';
import { ensureServerBuilt, rssOf } from '../test/server-process';
import { api, ClusterClient } from './client';
import { startCluster, type Cluster } from './cluster';
import { startPrivatePostgres, type PrivatePostgres } from './postgres';

const MB = 1024 * 1024;
const COUNTS = (process.env.BENCH_COMPANIES ?? '200').split(',').map(Number);
const FILES = Number(process.env.BENCH_FILES ?? 5);
const FILE_BYTES = Number(process.env.BENCH_FILE_MB ?? 5) * MB;
// 8 MB: the web app's tus chunk (use-uploads.ts), so a 5 MB file is one PATCH as from a browser
const CHUNK = Number(process.env.BENCH_CHUNK_MB ?? 8) * MB;
const STOP_P95 = Number(process.env.BENCH_STOP_P95_S ?? 300) * 1000;
const SLOTS = ['balance-sheet', 'income-statement', 'cash-flow', 'notes', 'other'];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
const s = (ms: number) => (ms / 1000).toFixed(1);

/** s3rver in a process of its own, so it does not share the clients' event loop. */
async function startS3rverProcess(directory: string): Promise<{ env: Record<string, string>; stop(): void }> {
  const script = `
    const S3rver = require('s3rver');
    new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: 'bansi' }] })
      .run().then(({ port }) => console.log('PORT ' + port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const m = /PORT (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', () => reject(new Error('s3rver did not start')));
  });
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'bansi',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: () => child.kill('SIGTERM'),
  };
}

async function pool<T>(items: T[], concurrency: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

interface RunResult {
  label: string;
  companies: number;
  errors: number;
  retries: number;
  p50: number;
  p95: number;
  wallMs: number;
  peakRss: number[];
}

/** What to undo when the benchmark is interrupted (Ctrl-C): the private PostgreSQL runs detached. */
const cleanups = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.allSettled([...cleanups].map((c) => c())).then(() => process.exit(130));
  });
}

async function surge(label: string, processes: number, companies: number, files: Buffer[], dir: string): Promise<RunResult> {
  const postgres: PrivatePostgres = await startPrivatePostgres();
  const s3 = await startS3rverProcess(join(dir, `s3-${label}-${companies}`));
  let cluster: Cluster | null = null;
  const clients: ClusterClient[] = [];
  const cleanup = async () => {
    for (const c of clients) c?.close();
    await cluster?.stop();
    s3.stop();
    await postgres.destroy();
    await rm(join(dir, `s3-${label}-${companies}`), { recursive: true, force: true });
  };
  cleanups.add(cleanup);
  try {
    // The real limits: each simulated company is a client address of its own, as on the Internet.
    cluster = await startCluster({ databaseUrl: postgres.url, processes, s3: s3.env, env: { LOG_LEVEL: 'error' } });
    const started = Date.now();
    const drafts: string[] = [];
    await pool(
      Array.from({ length: companies }, (_, i) => i),
      8,
      async (i) => {
        const client = new ClusterClient(cluster!.url, `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`, 120_000);
        clients[i] = client;
        await client.registerCompany();
        const opened = await client.fetch('POST', api('/submissions'), { body: { bookYear: 2023 } });
        if (opened.status !== 201 && opened.status !== 200) throw new Error(`open submission: ${opened.status} ${opened.body.toString()}`);
        drafts[i] = opened.json<{ id: string }>().id;
      },
    );
    process.stdout.write(`  ${label}: ${companies} companies registered in ${s(Date.now() - started)} s; surge …`);

    const peakRss = cluster.processes.map(() => 0);
    const sampler = setInterval(() => {
      cluster!.processes.forEach(
        (p, i) =>
          void rssOf(p.pid).then(
            (r) => (peakRss[i] = Math.max(peakRss[i]!, r)),
            () => undefined,
          ),
      );
    }, 250);
    let errors = 0;
    let retries = 0;
    const done: number[] = [];
    const t0 = Date.now();
    await Promise.all(
      clients.map(async (client, i) => {
        try {
          for (let f = 0; f < files.length; f++) {
            const up = await client.upload(
              { ownerKind: 'submission', ownerId: drafts[i]!, slot: SLOTS[f % SLOTS.length]!, filename: `file-${f}.pdf` },
              files[f]!,
              { chunkSize: CHUNK },
            );
            retries += up.retries;
          }
          done.push(Date.now() - t0);
        } catch (err) {
          errors += 1;
          if (errors <= 3) console.error(`\n  company ${i}: ${(err as Error).message}`);
        }
      }),
    );
    const wallMs = Date.now() - t0;
    clearInterval(sampler);
    if (errors > 0) {
      for (const p of cluster.processes) {
        const lines = p
          .output()
          .split('\n')
          .filter((l) => l.includes('"level":50'));
        for (const line of lines.slice(0, 2)) console.error(`\n  api ${p.index}: ${line.slice(0, 1500)}`);
      }
    }
    done.sort((a, b) => a - b);
    process.stdout.write(` done in ${s(wallMs)} s\n`);
    return { label, companies, errors, retries, p50: quantile(done, 0.5), p95: quantile(done, 0.95), wallMs, peakRss };
  } finally {
    cleanups.delete(cleanup);
    await cleanup();
  }
}

async function copyBaseline(dir: string, files: Buffer[], companies: number): Promise<number> {
  const sources = await Promise.all(
    files.map(async (data, f) => {
      const path = join(dir, `source-${f}.pdf`);
      await writeFile(path, data);
      return path;
    }),
  );
  const t0 = Date.now();
  for (let c = 0; c < companies; c++) {
    for (const [f, source] of sources.entries()) await copyFile(source, join(dir, `copy-${c}-${f}.pdf`));
  }
  const ms = Date.now() - t0;
  for (let c = 0; c < companies; c++) for (let f = 0; f < sources.length; f++) await rm(join(dir, `copy-${c}-${f}.pdf`), { force: true });
  return ms;
}

async function main() {
  await ensureServerBuilt();
  const dir = await mkdtemp(join(tmpdir(), 'bansi-bench-surge-'));
  const files = Array.from({ length: FILES }, () => pdfBytes(FILE_BYTES));
  console.log(`Surge: every company uploads ${FILES} files of ${FILE_BYTES / MB} MB in tus PATCHes of ${CHUNK / MB} MB, all companies at once.`);
  try {
    const rows: (RunResult & { copyMs: number })[] = [];
    for (const companies of COUNTS) {
      const copyMs = await copyBaseline(dir, files, companies);
      for (const [label, processes] of [
        ['cluster (3 processes)', 3],
        ['single process', 1],
      ] as const) {
        rows.push({ ...(await surge(label, processes, companies, files, dir)), copyMs });
      }
      const worst = rows.slice(-2);
      if (worst.some((r) => r.errors > 0 || r.p95 > STOP_P95)) {
        console.log(`  stopping at ${companies} companies: errors or p95 over ${s(STOP_P95)} s`);
        break;
      }
    }
    console.log(
      '\n| run | companies | data | errors | PATCH retries | p50 done | p95 done | wall | MB/s | peak RSS per API process | ratio to fs.copyFile |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      const bytes = r.companies * FILES * FILE_BYTES;
      const rss = r.peakRss.map((b) => `${(b / MB).toFixed(0)}`).join(' / ') + ' MB';
      console.log(
        `| ${r.label} | ${r.companies} | ${(bytes / MB / 1024).toFixed(2)} GB | ${r.errors} | ${r.retries} | ${s(r.p50)} s | ${s(r.p95)} s | ${s(r.wallMs)} s | ${(bytes / MB / (r.wallMs / 1000)).toFixed(1)} | ${rss} | ${(r.copyMs / r.wallMs).toFixed(3)} (copy ${s(r.copyMs)} s) |`,
      );
    }
    if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
