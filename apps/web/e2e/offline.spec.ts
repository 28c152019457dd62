import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGE_STORAGE_KEY } from '@bansi/shared';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, translate, type Lang } from './fixtures';

// The service worker (apps/web/sw/sw.ts): the other specs block it (playwright.config.ts), these allow it.
test.use({ serviceWorkers: 'allow' });
// One phone and one desktop run are enough (CI time): the worker is the same in every language and width.
test.skip(({ lang, isMobile }) => (lang === 'lo') !== isMobile, 'runs in lo-mobile and en-desktop');

const root = join(import.meta.dirname, '../../..');

/** Resolves once a service worker controls the page (it claims the page when it activates). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

test('a public page already seen opens offline, with the offline notice', async ({ page, context, guard, tr }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: tr('home.title') })).toBeVisible();
  await controlled(page);
  // Seen once while the worker controls the page: its code and its news are kept.
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1, name: tr('nav.news') })).toBeVisible();
  const firstTitle = await page.locator('main h2, main h3').first().textContent();
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);

  await context.setOffline(true);
  // Offline, whatever is not kept fails (the session probe, the unread count): that is the point here.
  guard.allow({ path: /.*/, status: 'failed', why: 'the test takes the network away' });
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1, name: tr('nav.news') })).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toHaveText(tr('boot.offline'));
  if (firstTitle) await expect(page.locator('main h2, main h3').first()).toHaveText(firstTitle);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: tr('home.title') })).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
});

// ---------------------------------------------------------------- a deploy

/** The built API on a port of its own, serving `web`; restarted on the same port it is the same origin. */
function serve(dir: string, web: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `sqlite:${join(dir, 'sw.sqlite')}`,
      DATA_DIR: join(dir, 'data'),
      WEB_DIST_DIR: web,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  return (async () => {
    for (let i = 0; i < 240; i++) {
      if (child.exitCode !== null) throw new Error('the server stopped');
      if (
        await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return child;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the server did not start');
  })();
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill();
  });
}

/**
 * "The next build" of the served app, as a deploy changes it: index.html differs (here: a marker), so the
 * precache list in sw.js names a new revision for it, and sw.js itself is new.
 */
function nextBuild(web: string) {
  // every page the server may send: index.html and the prerendered home pages in prerender/ (decision 285)
  for (const name of readdirSync(web, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(join(web, name), 'utf8');
    writeFileSync(join(web, name), html.replace('<head>', '<head>\n    <meta name="bansi-build" content="next" />'));
    rmSync(join(web, `${name}.br`), { force: true });
    rmSync(join(web, `${name}.gz`), { force: true });
  }
  const sw = readFileSync(join(web, 'sw.js'), 'utf8');
  const changed = sw.replace(/("revision":")[^"]+(","url":"index\.html")/, '$1next-build$2');
  expect(changed, 'sw.js names the revision of index.html').not.toBe(sw);
  writeFileSync(join(web, 'sw.js'), changed);
  rmSync(join(web, 'sw.js.br'), { force: true });
  rmSync(join(web, 'sw.js.gz'), { force: true });
}

async function visitor(browser: Browser, baseURL: string, lang: Lang): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  await context.addInitScript(([key, lng]) => window.localStorage.setItem(key, lng), [LANGUAGE_STORAGE_KEY, lang] as const);
  return context;
}

test('a new build replaces the old one on the next visit, and its caches replace the old ones', async ({ browser, lang }, testInfo) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'bansi-sw-'));
  const web = join(dir, 'web');
  cpSync(join(process.env.BANSI_E2E_DIR!, 'web'), web, { recursive: true });
  // A port of its own beside the suite's server (E2E_PORT), one per project so parallel runs do not meet.
  const port = Number(process.env.E2E_PORT ?? 4173) + 10 + testInfo.parallelIndex;
  const baseURL = `http://127.0.0.1:${port}`;
  let server = await serve(dir, web, port);
  const context = await visitor(browser, baseURL, lang);
  try {
    const page = await context.newPage();
    const title = page.getByRole('heading', { level: 1, name: translate(lang, 'home.title') });
    await page.goto('/');
    await expect(title).toBeVisible();
    await controlled(page);
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: translate(lang, 'nav.news') })).toBeVisible();
    const before = await cacheNames(page);
    expect(
      before.filter((n) => n.startsWith('bansi-static-')),
      'the caches of this build',
    ).toHaveLength(1);
    await expect(page.locator('meta[name="bansi-build"]')).toHaveCount(0);

    // The deploy: the server stops, the new build is put in place, the server starts again.
    await stop(server);
    nextBuild(web);
    server = await serve(dir, web, port);

    // The next visit is the new build's page (not the kept one), and its worker takes over …
    await page.goto('/');
    await expect(title).toBeVisible();
    await expect(page.locator('meta[name="bansi-build"]')).toHaveCount(1);
    await expect
      .poll(async () => (await cacheNames(page)).filter((n) => before.includes(n) && n.startsWith('bansi-')), { timeout: 20_000 })
      .toEqual([]);
    // … so that offline, too, the shell is the new one.
    await page.goto('/blogs');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: translate(lang, 'nav.news') })).toBeVisible();
    await expect(page.locator('meta[name="bansi-build"]')).toHaveCount(1);
  } finally {
    await context.close();
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
});
