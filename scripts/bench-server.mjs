// What the browser benchmarks (bench:bundle, bench:mobile) share: the built app started on a fresh
// SQLite database with the demo data, and logging in as the demo users.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

export const API_BASE = '/api/accounting-document-system';
export const DEMO = {
  company: { login: 'demo@bansi.example', password: 'Demo-Bansi-2024!' },
  staff: { login: 'admin@bansi.example', password: 'Admin-Bansi-2024!' },
};
export const serverJs = join(root, 'apps/api/dist/server.js');

/** Starts the built API (`server`, serving `webDist`) on a random port of 4100–4999, its data under `dir`. */
export function startServer(dir, seedDemo, webDist, server = serverJs) {
  const port = 4100 + Math.floor(Math.random() * 900);
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [server], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATABASE_URL: `sqlite:${join(dir, `bench-${port}.sqlite`)}`,
      DATA_DIR: join(dir, 'data'),
      WEB_DIST_DIR: webDist,
      SEED_DEMO: String(seedDemo),
      LOG_LEVEL: 'error',
      RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return { child, baseURL, stderr: () => stderr };
}

export async function waitReady(server, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) return false;
    try {
      if ((await fetch(`${server.baseURL}/readyz`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** Logs a Playwright request context (a browser context's `.request`) in as a demo user. */
export async function login(request, baseURL, role) {
  const csrf = await request.get(`${API_BASE}/auth/csrf`);
  if (!csrf.ok()) return false;
  const { token } = await csrf.json();
  const res = await request.post(`${API_BASE}/auth/login`, {
    data: DEMO[role],
    headers: { 'x-csrf-token': token, origin: baseURL },
  });
  return res.ok();
}

/** What a browser bench needs before it can run (the built app, Chromium): a sentence naming the first one missing, or null. */
export function missingForBench(bench, { webDist, server = serverJs, chromium }) {
  for (const [what, path] of [
    ['the built web app', join(webDist, 'index.html')],
    ['the built API', server],
    ['Chromium', chromium],
  ]) {
    if (!existsSync(path)) return `${bench}: ${what} is missing (${path}). Run \`npm run build\` (and install chromium) first.`;
  }
  return null;
}
