import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRERENDERED_PAGE_SCRIPT, PRERENDERED_PAGES, type Language } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadCatalogs } from '../lib/i18n';
import { createTestDb, dialect, testConfig, type TestDb } from '../../test/helpers';

type App = Awaited<ReturnType<typeof buildApp>>;

// A built web app in miniature (decisions 285, 290): the shell every deep link gets, and the home page, log-in and
// registration prerendered in each language (apps/web/prerender/write-pages.mjs) with their heading from the
// catalogs and their one inline script.
const catalogs = loadCatalogs();
const title = (lng: Language) => (catalogs[lng].home as { title: string }).title;
const nav = (lng: Language) => catalogs[lng].nav as { login: string; register: string };
const SHELL = '<!doctype html><html lang="lo"><head><title>Bansi</title></head><body><div id="root"></div></body></html>';
/** The shell as sent: the page names the catalog the app will ask for first (its preload) in the head. */
const isShell = (body: string) => body.replace(/\s*<link rel="preload" href="\/asset\/lang\/[^"]+" as="fetch" crossorigin \/>\s*/, '') === SHELL;
const preloadedCatalog = (body: string) => /<link rel="preload" href="(\/asset\/lang\/(\w+)\.json\?v=[\w-]+)" as="fetch" crossorigin \/>/.exec(body);
const prerendered = (lng: Language, heading: string, inert = false) =>
  `<!doctype html><html lang="${lng}"><div id="root"${inert ? ' inert' : ''}><h1>${heading}</h1></div><script>${PRERENDERED_PAGE_SCRIPT}</script></html>`;
const home = (lng: Language) => prerendered(lng, title(lng));
const loginPage = (lng: Language) => prerendered(lng, nav(lng).login, true);
const registerPage = (lng: Language) => prerendered(lng, nav(lng).register, true);
const SCRIPT_HASH = `'sha256-${createHash('sha256').update(PRERENDERED_PAGE_SCRIPT).digest('base64')}'`;

async function webApp(withHomes: boolean) {
  const web = mkdtempSync(join(tmpdir(), 'bansi-web-'));
  writeFileSync(join(web, 'index.html'), SHELL);
  if (withHomes) {
    mkdirSync(join(web, 'prerender'));
    for (const lng of ['lo', 'en'] as const) {
      writeFileSync(join(web, `prerender/${PRERENDERED_PAGES['/'].name}.${lng}.html`), home(lng));
      writeFileSync(join(web, `prerender/${PRERENDERED_PAGES['/login'].name}.${lng}.html`), loginPage(lng));
      writeFileSync(join(web, `prerender/${PRERENDERED_PAGES['/register'].name}.${lng}.html`), registerPage(lng));
    }
  }
  const testDb = await createTestDb();
  const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: web }), db: testDb.db, serveWeb: true, startWorkers: false, logger: false });
  return { app, testDb };
}

describe(`the prerendered home page (${dialect})`, () => {
  let testDb: TestDb;
  let app: App;
  beforeAll(async () => ({ app, testDb } = await webApp(true)));
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('/ is the Lao home page for a visitor who chose nothing, whatever the browser prefers; never cached', async () => {
    for (const headers of [{ accept: 'text/html' }, { accept: 'text/html', 'accept-language': 'en-US,en;q=0.9' }, {}]) {
      const res = await app.inject({ url: '/', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.body).toContain(`<h1>${title('lo')}</h1>`);
      expect(res.body).not.toContain(title('en'));
    }
  });

  it('/ is the English home page for a visitor who chose English (the bansi_lang cookie); Lao for lo or a broken cookie', async () => {
    const en = await app.inject({ url: '/', headers: { accept: 'text/html', cookie: 'sid=x; bansi_lang=en' } });
    expect(en.statusCode).toBe(200);
    expect(en.headers['cache-control']).toBe('no-cache');
    expect(en.headers.vary).toMatch(/cookie/i);
    expect(en.body).toContain(`<h1>${title('en')}</h1>`);
    expect(en.body).toContain('<html lang="en"');
    for (const cookie of ['bansi_lang=lo', 'bansi_lang=fr', 'bansi_lang=']) {
      const res = await app.inject({ url: '/', headers: { accept: 'text/html', cookie } });
      expect(res.body, cookie).toBe(home('lo'));
    }
    const head = await app.inject({ method: 'HEAD', url: '/', headers: { cookie: 'bansi_lang=en' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it("/login and /register are their prerendered pages in the visitor's language, whatever the query; never cached", async () => {
    for (const [url, page] of [
      ['/login', loginPage],
      ['/login?next=%2Fdashboard%2Fbooking', loginPage],
      ['/register', registerPage],
    ] as const) {
      for (const [cookie, lng] of [
        ['', 'lo'],
        ['bansi_lang=en', 'en'],
        ['bansi_lang=xx', 'lo'],
      ] as const) {
        const res = await app.inject({ url, headers: { accept: 'text/html', cookie } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.vary).toMatch(/cookie/i);
        expect(res.body, `${url} ${cookie}`).toBe(page(lng));
      }
    }
  });

  it("allows the pages' one inline script by its hash, and no other inline script, on the prerendered pages only", async () => {
    for (const url of ['/', '/login', '/register']) {
      const csp = String((await app.inject({ url })).headers['content-security-policy']);
      expect(/script-src ([^;]*)/.exec(csp)?.[1], url).toBe(`'self' ${SCRIPT_HASH}`);
      expect(csp).toContain("frame-ancestors 'none'");
    }
    for (const url of ['/blogs', '/forgot-password', '/dashboard']) {
      const other = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(String(other.headers['content-security-policy']), url).toMatch(/script-src 'self';/);
    }
  });

  it('every other page is still the shell (index.html), never cached, in either language', async () => {
    for (const url of ['/blogs', '/forgot-password', '/register/more', '/dashboard', '/staff/submissions']) {
      for (const cookie of ['', 'bansi_lang=en']) {
        const res = await app.inject({ url, headers: { accept: 'text/html', cookie } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(isShell(res.body), res.body).toBe(true);
      }
    }
  });

  it("every page names the catalog the app will ask for first — the cookie's language, else Lao — at the address the app uses", async () => {
    for (const [cookie, lng] of [
      ['', 'lo'],
      ['bansi_lang=en', 'en'],
      ['bansi_lang=xx', 'lo'],
    ] as const) {
      const res = await app.inject({ url: '/dashboard/submit-document', headers: { accept: 'text/html', cookie } });
      const preload = preloadedCatalog(res.body);
      expect(preload?.[2], res.body).toBe(lng);
      // the versioned address: the answer may be kept for a year, so it is the one the app's own request reuses
      const catalog = await app.inject({ url: preload![1]!, headers: { 'accept-encoding': 'br' } });
      expect(catalog.statusCode).toBe(200);
      expect(catalog.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe(`a build without the prerendered pages (${dialect})`, () => {
  it('/, /login and /register are the shell, index.html, never cached', async () => {
    const { app, testDb } = await webApp(false);
    try {
      for (const [url, cookie] of ['/', '/login', '/register'].flatMap((url) => [url, url].map((u, i) => [u, i ? 'bansi_lang=en' : ''] as const))) {
        const res = await app.inject({ url, headers: { accept: 'text/html', cookie } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(isShell(res.body), res.body).toBe(true);
        expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self';/);
      }
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
