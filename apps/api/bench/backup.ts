/**
 * `npm run bench:backup`: backup and restore time, archive size and peak memory (RSS over idle during
 * the backup) for the demo data, then for the API benchmark's scaled data (10,000 companies, 100,000 posts
 * and notifications; BENCH_COMPANIES etc. change it) plus BENCH_BIG_FILES files of BENCH_BIG_FILE_MB MB
 * (default 20 × 20 MB), on SQLite and local files. The figures are in docs/bench/backup.txt.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../src/config';
import { openDb, type Db } from '../src/db/index';
import { createFileStore } from '../src/lib/create-file-store';
import { storageKeyFor } from '../src/lib/file-store';

// The scaled seed's document history names files it does not store: none here (read when api-seed loads).
process.env.BENCH_FILES ??= '0';
const { seedScaled, seedSmall } = await import('./api-seed');
const BIG_FILES = Number(process.env.BENCH_BIG_FILES ?? 20);
const BIG_FILE_MB = Number(process.env.BENCH_BIG_FILE_MB ?? 20);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function instance(root: string, name: string): Promise<{ db: Db; config: Config }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(root, name),
    DATABASE_URL: `sqlite:${join(root, name, 'bansi.sqlite')}`,
    SEARCH_WORKER: 'false',
  });
  return { db: openDb(config.DATABASE_URL), config };
}

/** Large stored files on the demo company's first file row (copies of it with new ids and bytes). */
async function addBigFiles(db: Db, config: Config): Promise<void> {
  const store = createFileStore(config);
  const template = await db.kysely.selectFrom('files').selectAll().where('supersededById', 'is', null).limit(1).executeTakeFirstOrThrow();
  for (let i = 0; i < BIG_FILES; i++) {
    const id = randomUUID();
    const staged = await store.stageBytes(randomBytes(BIG_FILE_MB * 1024 * 1024), 'application/pdf');
    await store.commit(staged, storageKeyFor(id));
    await db.kysely
      .insertInto('files')
      .values({
        ...template,
        id,
        slot: 'other',
        originalName: `big-${i}.pdf`,
        size: staged.size,
        sha256: staged.sha256,
        storageKey: storageKeyFor(id),
      })
      .execute();
  }
}

/**
 * Runs the operator CLI (apps/api/dist/cli.js) as a process of its own and reads its peak resident memory
 * (VmHWM, Linux) as it ends: the figure a backup on a server would show.
 */
async function cli(args: string[], config: Config, extra: Record<string, string> = {}): Promise<{ ms: number; peakRss: number; out: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/api/dist/cli.js', ...args], {
    env: { ...process.env, DATABASE_URL: config.DATABASE_URL, DATA_DIR: config.DATA_DIR, LOG_LEVEL: 'silent', ...extra },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  let peakRss = 0;
  const sample = async () => {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status);
    if (kb) peakRss = Math.max(peakRss, Number(kb[1]) * 1024);
  };
  const sampler = setInterval(() => void sample(), 20);
  const [code] = (await once(child, 'exit')) as [number];
  clearInterval(sampler);
  if (code !== 0) throw new Error(`cli ${args.join(' ')} failed (${code}): ${out}`);
  return { ms: performance.now() - started, peakRss, out };
}

async function measure(label: string, root: string, source: { db: Db; config: Config }): Promise<void> {
  const dir = join(root, `${label.replace(/ /g, '-')}-archives`);
  // The same CLI doing nothing (the database is up to date): its memory is the idle figure.
  const idle = await cli(['migrate'], source.config);
  const backup = await cli(['backup'], source.config, { BACKUP_DIR: dir });
  const [name] = (await readdir(dir)).filter((n) => n.endsWith('.tar.gz'));
  const path = join(dir, name!);
  const { size } = await stat(path);
  const target = await instance(root, `${label.replace(/ /g, '-')}-restored`);
  await target.db.destroy();
  const restore = await cli(['restore', path], target.config);
  console.log(
    `${label}: ${backup.out.trim().replace(/^backup: \S+ /, '')} → archive ${mb(size)}; ` +
      `backup ${(backup.ms / 1000).toFixed(2)} s, restore ${(restore.ms / 1000).toFixed(2)} s; ` +
      `peak RSS: idle CLI ${mb(idle.peakRss)}, backup ${mb(backup.peakRss)} (+${mb(backup.peakRss - idle.peakRss)}), restore ${mb(restore.peakRss)}`,
  );
}

// The CLI the operator runs, built from this checkout.
spawnSync('npm', ['run', 'build', '-w', '@bansi/api'], { stdio: 'inherit' });
const root = await mkdtemp(join(tmpdir(), 'bansi-bench-backup-'));
try {
  const demo = await instance(root, 'demo');
  await seedSmall(demo.db, demo.config);
  await measure('demo data', root, demo);
  await seedScaled(demo.db);
  await addBigFiles(demo.db, demo.config);
  await measure('bench seed', root, demo);
  await demo.db.destroy();
} finally {
  await rm(root, { recursive: true, force: true });
}
