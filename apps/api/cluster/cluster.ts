import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProxy, type RoundRobinProxy } from './proxy';

/**
 * Several API processes (apps/api/dist/server.js) on one PostgreSQL database and one S3-compatible
 * bucket, behind the round-robin proxy: DESIGN §8.6 on one machine. `npm run cluster` and the cluster
 * test and benchmark start it through `startCluster`.
 */

const here = dirname(fileURLToPath(import.meta.url));
export const API_DIR = resolve(here, '..');
export const REPO_ROOT = resolve(API_DIR, '../..');
export const SERVER_JS = join(API_DIR, 'dist/server.js');
export const CLI_JS = join(API_DIR, 'dist/cli.js');

export interface ClusterOptions {
  /** postgres://… — SQLite is refused (one file cannot be shared by processes on several machines) */
  databaseUrl: string;
  /** how many API processes (default 3) */
  processes?: number;
  /** the proxy's port (0: any free one) and address */
  port?: number;
  host?: string;
  /** S3_* settings of an existing store; without them an s3rver of the cluster's own is started */
  s3?: Record<string, string>;
  /** where the cluster's own s3rver keeps its objects (default: a temporary folder removed at stop) */
  s3Directory?: string;
  /** more settings for every process (SMTP_URL, LOG_LEVEL, RATE_LIMIT_AUTH_PER_MINUTE …) */
  env?: Record<string, string>;
  /** where a process's output goes, besides being kept for `output()` */
  onOutput?: (index: number, text: string) => void;
}

export interface ApiProcess {
  index: number;
  port: number;
  readonly pid: number;
  running(): boolean;
  output(): string;
  /** ends the process (SIGTERM: graceful; SIGKILL: a crash) and waits for it */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** starts it again on the same port and waits until /readyz answers */
  start(): Promise<void>;
}

export interface Cluster {
  url: string;
  proxy: RoundRobinProxy;
  processes: ApiProcess[];
  /** the S3 settings the processes use */
  s3: Record<string, string>;
  /** the settings every process got (for running the CLI against the same stores) */
  env: Record<string, string>;
  /** restarts the processes one after the other, each back to ready before the next goes */
  rollingRestart(): Promise<void>;
  stop(): Promise<void>;
}

/** Refuses anything but PostgreSQL, with the reason. */
export function assertPostgres(databaseUrl: string | undefined): asserts databaseUrl is string {
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(
      `The cluster needs PostgreSQL: DATABASE_URL is ${databaseUrl ? `"${databaseUrl.replace(/:[^:@/]*@/, ':***@')}"` : 'not set'}.\n` +
        'Several API processes cannot share an SQLite file (it lives on one machine and takes one writer at a time).\n' +
        'Set DATABASE_URL=postgres://user:password@host:5432/dbname and try again.',
    );
  }
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/** s3rver (a devDependency, no types): what the cluster uses of it. */
type S3rverClass = new (options: Record<string, unknown>) => { run(): Promise<AddressInfo>; close(): Promise<void> };

async function startS3rver(directory: string): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const bucket = 'bansi';
  await mkdir(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}

async function waitReady(base: string, exited: () => boolean, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !exited()) {
    try {
      if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

function apiProcess(index: number, port: number, env: Record<string, string>, onOutput?: ClusterOptions['onOutput']): ApiProcess {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  const base = `http://127.0.0.1:${port}`;
  const self: ApiProcess = {
    index,
    port,
    get pid() {
      return child?.pid ?? 0;
    },
    running: () => !!child && child.exitCode === null && child.signalCode === null,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (!self.running()) return;
      child!.kill(signal);
      await exited;
    },
    async start() {
      const spawned = spawn(process.execPath, ['--enable-source-maps', SERVER_JS], {
        cwd: REPO_ROOT,
        env: { ...env, PORT: String(port), DATA_DIR: join(env.DATA_DIR!, `process-${index}`) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = spawned;
      const keep = (d: Buffer) => {
        const text = d.toString();
        output = (output + text).slice(-200_000);
        onOutput?.(index, text);
      };
      spawned.stdout!.on('data', keep);
      spawned.stderr!.on('data', keep);
      exited = new Promise((r) => spawned.once('exit', () => r()));
      const gone = () => spawned.exitCode !== null || spawned.signalCode !== null;
      if (!(await waitReady(base, gone))) {
        spawned.kill('SIGKILL');
        await exited;
        throw new Error(`API process ${index} (port ${port}) did not become ready:\n${output.slice(-4000)}`);
      }
    },
  };
  return self;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  assertPostgres(options.databaseUrl);
  const count = options.processes ?? 3;
  const work = await mkdtemp(join(tmpdir(), 'bansi-cluster-'));
  const cleanups: (() => Promise<void>)[] = [() => rm(work, { recursive: true, force: true })];
  try {
    let s3 = options.s3;
    if (!s3?.S3_BUCKET) {
      const s3rver = await startS3rver(options.s3Directory ?? join(work, 's3'));
      cleanups.unshift(s3rver.close);
      s3 = s3rver.env;
    }
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const proxyPort = options.port ?? 0;
    const host = options.host ?? '127.0.0.1';
    const publicUrl = `http://${host === '0.0.0.0' ? 'localhost' : host}:${proxyPort || 'PORT'}`;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      // The proxy is on loopback and sets X-Forwarded-For: it, and only it, says who the client is.
      TRUST_PROXY: 'loopback',
      ...options.env,
      DATABASE_URL: options.databaseUrl,
      FILE_STORE: 's3',
      ...s3,
    };
    const proxy = await startProxy({ upstreams: ports.map((port) => ({ host: '127.0.0.1', port })), port: proxyPort, host });
    cleanups.unshift(() => proxy.close());
    env.PUBLIC_URL = options.env?.PUBLIC_URL ?? publicUrl.replace('PORT', String(proxy.port));
    const processes = ports.map((port, index) => apiProcess(index, port, env, options.onOutput));
    cleanups.unshift(async () => void (await Promise.all(processes.map((p) => p.stop('SIGTERM')))));
    // The first one migrates the database and writes the reference data; then the others join.
    for (const p of processes) await p.start();
    return {
      url: proxy.url,
      proxy,
      processes,
      s3,
      env,
      async rollingRestart() {
        for (const p of processes) {
          await p.stop('SIGTERM');
          await p.start();
        }
      },
      async stop() {
        for (const cleanup of cleanups) await cleanup().catch(() => undefined);
      },
    };
  } catch (err) {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    throw err;
  }
}
