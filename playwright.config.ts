import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import type { E2eOptions } from './apps/web/e2e/options';

/**
 * Browser tests of the BUILT app (`npm run build` first; `npm test` does), in Debian's Chromium —
 * never a downloaded browser. Every spec runs once per language and width.
 */
const root = import.meta.dirname;
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const server = join(root, 'apps/api/dist/server.js');
const webDist = join(root, 'apps/web/dist');
if (!existsSync(server) || !existsSync(join(webDist, 'index.html'))) {
  throw new Error('The app is not built: run `npm run build` before `npx playwright test`.');
}

// A fresh directory per run: the SQLite database, uploads, and a copy of the built web app, so a rebuild
// during the run cannot pull chunks from under an open page. The web server starts before any globalSetup,
// so the directory is made here, by the runner's first evaluation of this file; the workers evaluate it
// again and inherit the variable. globalSetup removes it at the end. (A unique name, never a fixed one:
// another `playwright test` evaluating this file must not empty a running suite's directory.)
if (!process.env.BANSI_E2E_DIR) {
  const dir = mkdtempSync(join(tmpdir(), 'bansi-e2e-'));
  cpSync(webDist, join(dir, 'web'), { recursive: true });
  process.env.BANSI_E2E_DIR = dir;
}
const runDir = process.env.BANSI_E2E_DIR;
// Mail goes over SMTP to a real server on loopback (apps/web/e2e/mail-server.ts, the first web server); tests read it with e2e/mail.ts.
process.env.E2E_SMTP_PORT ??= String(port + 2000);

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const desktop = { viewport: { width: 1280, height: 800 } };
const mobile = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

export default defineConfig<E2eOptions>({
  testDir: 'apps/web/e2e',
  outputDir: 'test-results',
  globalSetup: './apps/web/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    // A failed test keeps its trace: actions, console, network and errors, but no DOM snapshots or
    // screencast. Those are recorded for every test, passed or not, and on this two-core machine they
    // doubled the suite (14 tests: 211 s with them, 122 s without; decision 109). For a full trace of one
    // test: `npx playwright test <file>:<line> --trace on`. The failure screenshot is kept either way.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    // The app's service worker answers requests itself, out of reach of page.route() and of a test's fresh
    // start; only offline.spec.ts lets it run (decision 160).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'lo-desktop', use: { ...desktop, lang: 'lo', locale: 'lo-LA' } },
    { name: 'lo-mobile', use: { ...mobile, lang: 'lo', locale: 'lo-LA' } },
    { name: 'en-desktop', use: { ...desktop, lang: 'en', locale: 'en-GB' } },
    { name: 'en-mobile', use: { ...mobile, lang: 'en', locale: 'en-GB' } },
  ],
  // Started in this order, each once it answers: the mail server listens before the API sends the demo's mail.
  webServer: [
    {
      command: `node --import tsx ${JSON.stringify(join(root, 'apps/web/e2e/mail-server.ts'))}`,
      port: Number(process.env.E2E_SMTP_PORT),
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: `node ${JSON.stringify(server)}`,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATABASE_URL: `sqlite:${join(runDir, 'e2e.sqlite')}`,
        DATA_DIR: join(runDir, 'data'),
        WEB_DIST_DIR: join(runDir, 'web'),
        SEED_DEMO: 'true',
        // the payment spec pays by the simulator, as staff (decision 126)
        PAYMENT_SIMULATOR: 'true',
        LOG_LEVEL: 'warn',
        // Every test logs in through the API; the per-address limit of the real configuration would refuse them.
        RATE_LIMIT_AUTH_PER_MINUTE: '10000',
        RATE_LIMIT_PASSWORD_CHECK_PER_MINUTE: '10000',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      },
    },
  ],
});
