import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './cluster';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the caller's own (initdb + pg_ctl into a temporary folder, on a free
 * loopback port), so a test can stop and start it without touching the server everyone else uses.
 * PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user (runuser).
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  /** stops the server (fast: open connections are ended) */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  /** stops it and removes its folder */
  destroy(): Promise<void>;
}

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length)
    throw new Error(`No PostgreSQL server binaries under ${base}/*/bin (apt-get install postgresql): the cluster test cannot run.`);
  return join(base, versions[0]!, 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), 'bansi-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const port = await freePort();
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(dir, uid, gid);
  }
  const pg = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { cwd: dir }) : run(join(bin, command), args, { cwd: dir });

  // fsync off and small buffers: a throw-away server for tests, not a durable one.
  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  const startServer = async () => void (await pg('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']));
  const stopServer = async () => void (await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']));
  await startServer();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    startServer,
    stopServer,
    async destroy() {
      await stopServer().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
