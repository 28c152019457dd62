import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rmdir, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { API_BASE, FilePaths } from '@bansi/shared';
import { registrationBody, type TestApp } from './helpers';

/** The real built server (apps/api/dist/server.js) as a child process, for crash tests and benchmarks. */

const here = dirname(fileURLToPath(import.meta.url));
export const API_DIR = resolve(here, '..');
export const REPO_ROOT = resolve(API_DIR, '../..');
export const SERVER_JS = join(API_DIR, 'dist/server.js');
export const PROBE_OWNER_PRELOAD = join(here, 'fixtures/probe-file-owner.mjs');
export const PROBE_OWNER = 'probe';

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, await newestMtime(path));
    else if (/\.(ts|json)$/.test(entry.name)) newest = Math.max(newest, (await stat(path)).mtimeMs);
  }
  return newest;
}

/**
 * Builds the server (`node build.mjs` in apps/api) unless dist/server.js is newer than every source.
 * A lock directory keeps two test projects (SQLite, PostgreSQL) from building at the same time.
 */
export async function ensureServerBuilt(): Promise<void> {
  const lock = join(API_DIR, '.build-lock');
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const s = await stat(lock).catch(() => null);
      if (s && Date.now() - s.mtimeMs > 120_000) await rmdir(lock).catch(() => undefined);
      if (Date.now() > deadline) throw new Error('timed out waiting for the build lock');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    const sources = Math.max(await newestMtime(join(API_DIR, 'src')), await newestMtime(join(REPO_ROOT, 'packages/shared/src')));
    const built = existsSync(SERVER_JS) ? (await stat(SERVER_JS)).mtimeMs : 0;
    if (built < sources) await promisify(execFile)(process.execPath, ['build.mjs'], { cwd: API_DIR });
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}

export interface ServerProcess {
  port: number;
  base: string;
  child: ChildProcess;
  pid: number;
  /** what the server wrote to stderr/stdout (for diagnostics) */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts dist/server.js on a random port in 4100–4999 and waits until /readyz answers. */
export async function startServer(
  env: Record<string, string>,
  { preload = [PROBE_OWNER_PRELOAD], port: fixedPort }: { preload?: string[]; port?: number } = {},
): Promise<ServerProcess> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const port = fixedPort ?? randomInt(4100, 5000);
    const base = `http://127.0.0.1:${port}`;
    let output = '';
    const child = spawn(process.execPath, [...preload.flatMap((p) => ['--import', p]), SERVER_JS], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        RATE_LIMIT_AUTH_PER_MINUTE: '10000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const ready = (async () => {
      for (let i = 0; i < 300; i++) {
        try {
          const res = await fetch(`${base}/readyz`);
          if (res.ok) return true;
        } catch {
          /* not listening yet */
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    })();
    const first = await Promise.race([ready, exited.then(() => 'exited' as const)]);
    if (first === true) {
      return {
        port,
        base,
        child,
        pid: child.pid!,
        output: () => output,
        kill: async (signal = 'SIGTERM') => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill(signal);
          await exited;
        },
      };
    }
    child.kill('SIGKILL');
    await exited;
    if (!/EADDRINUSE/.test(output) || fixedPort) throw new Error(`server did not start:\n${output}`);
  }
  throw new Error('no free port found for the server');
}

/** A browser-like HTTP client of a running server: cookies and the CSRF header. */
export class HttpAgent {
  private cookies = new Map<string, string>();
  private csrf: string | null = null;
  companyId: string | null = null;

  constructor(readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Headers a raw request needs to pass session and CSRF checks. */
  authHeaders(): Record<string, string> {
    return { cookie: this.cookieHeader(), ...(this.csrf ? { 'x-csrf-token': this.csrf } : {}) };
  }

  async fetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
    const method = (init.method ?? 'GET').toUpperCase();
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method) && !this.csrf) {
      this.csrf = ((await (await this.fetch(`${API_BASE}/auth/csrf`)).json()) as { token: string }).token;
    }
    const res = await fetch(`${this.base}${path}`, { ...init, headers: { ...this.authHeaders(), ...init.headers } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Registers a new company through the API and logs its admin in. */
  async registerCompany(): Promise<this> {
    // registrationBody reads reference ids through `t.app.inject`; answer it over HTTP instead.
    const shim = {
      app: {
        inject: async ({ url }: { url: string }) => {
          const data: unknown = await (await fetch(`${this.base}${url}`)).json();
          return { json: () => data };
        },
      },
    };
    const body = await registrationBody(shim as unknown as TestApp);
    const registered = await this.fetch(`${API_BASE}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${await registered.text()}`);
    const login = await this.fetch(`${API_BASE}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: body.user.email, password: body.user.password }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    this.companyId = ((await login.json()) as { company: { id: string } }).company.id;
    this.csrf = null; // the CSRF cookie may have changed with the session
    return this;
  }
}

export const uploadsUrl = `${API_BASE}${FilePaths.uploads}`;

export function tusMetadata(meta: Record<string, string>): string {
  return Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v, 'utf8').toString('base64')}`)
    .join(',');
}

/** POST /uploads over HTTP; answers the new upload's id. */
export async function createTusUpload(agent: HttpAgent, meta: Record<string, string>, length: number): Promise<string> {
  const res = await agent.fetch(uploadsUrl, {
    method: 'POST',
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': tusMetadata(meta) },
  });
  if (res.status !== 201) throw new Error(`upload creation failed: ${res.status} ${await res.text()}`);
  return res.headers.get('location')!.split('/').pop()!;
}

export interface PatchResult {
  status: number | null;
  headers: Record<string, string | string[] | undefined>;
  error?: Error;
}

/**
 * One PATCH streaming `source` (chunks written as the socket drains), answered by the status, or
 * by the error when the connection broke (e.g. the server was killed).
 */
export function patchStream(agent: HttpAgent, id: string, offset: number, length: number, source: AsyncIterable<Buffer>): Promise<PatchResult> {
  return new Promise((resolveResult) => {
    let settled = false;
    const settle = (r: PatchResult) => {
      if (!settled) {
        settled = true;
        resolveResult(r);
      }
    };
    const req = httpRequest(`${agent.base}${uploadsUrl}/${id}`, {
      method: 'PATCH',
      headers: {
        ...agent.authHeaders(),
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(length),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => settle({ status: res.statusCode ?? null, headers: res.headers }));
      res.on('error', (error) => settle({ status: null, headers: {}, error }));
    });
    req.on('error', (error) => settle({ status: null, headers: {}, error }));
    (async () => {
      try {
        for await (const chunk of source) {
          if (settled || req.destroyed) return;
          if (!req.write(chunk)) {
            await new Promise<void>((r) => {
              const done = () => {
                req.off('drain', done).off('close', done);
                r();
              };
              req.on('drain', done).on('close', done);
            });
          }
        }
        req.end();
      } catch (error) {
        req.destroy(error as Error);
      }
    })();
  });
}

/** The resident set size of a process, in bytes (Linux). */
export async function rssOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}
