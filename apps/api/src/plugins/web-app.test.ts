import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDb, dialect, testConfig, type TestDb } from '../../test/helpers';

type App = Awaited<ReturnType<typeof buildApp>>;

// A built web app in miniature: the shell every deep link gets, and the home page prerendered in each language
// (apps/web/prerender, decision 285).
const SHELL = '<!doctype html><html lang="lo"><div id="root"></div></html>';
const HOME_LO = '<!doctype html><html lang="lo"><div id="root" data-prerendered="lo"><h1>ສົ່ງເອກະສານບັນຊີປະຈຳປີ</h1></div></html>';
const HOME_EN = '<!doctype html><html lang="en"><div id="root" data-prerendered="en"><h1>Submit your annual accounting documents</h1></div></html>';

describe(`the web app's pages (${dialect})`, () => {
  let testDb: TestDb;
  let app: App;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'bansi-web-'));
    writeFileSync(join(web, 'index.html'), SHELL);
    writeFileSync(join(web, 'index.lo.html'), HOME_LO);
    writeFileSync(join(web, 'index.en.html'), HOME_EN);
    testDb = await createTestDb();
    app = await buildApp({ config: testConfig({ WEB_DIST_DIR: web }), db: testDb.db, serveWeb: true, startWorkers: false, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('/ is the home page prerendered in Lao for a visitor who chose nothing, never cached', async () => {
    // The app shows Lao until the visitor chooses (lib/i18n.ts), whatever the browser prefers: so does the HTML.
    for (const headers of [{ accept: 'text/html' }, { accept: 'text/html', 'accept-language': 'en-US,en;q=0.9' }]) {
      const res = await app.inject({ url: '/', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.body).toBe(HOME_LO);
    }
  });

  it('/ is the English home page for a visitor who chose English (the bansi_lang cookie), Lao for a broken cookie', async () => {
    const en = await app.inject({ url: '/', headers: { accept: 'text/html', cookie: 'sid=x; bansi_lang=en' } });
    expect(en.statusCode).toBe(200);
    expect(en.headers['cache-control']).toBe('no-cache');
    expect(en.body).toBe(HOME_EN);
    const lo = await app.inject({ url: '/', headers: { accept: 'text/html', cookie: 'bansi_lang=lo' } });
    expect(lo.body).toBe(HOME_LO);
    const unknown = await app.inject({ url: '/', headers: { accept: 'text/html', cookie: 'bansi_lang=fr' } });
    expect(unknown.body).toBe(HOME_LO);
    const head = await app.inject({ method: 'HEAD', url: '/', headers: { cookie: 'bansi_lang=en' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('every other deep link still gets the shell (index.html), never cached, in either language', async () => {
    for (const url of ['/blogs', '/login', '/dashboard/service-payment', '/dashboard/guide-book?x=1', '/staff/submissions']) {
      for (const cookie of ['', 'bansi_lang=en']) {
        const res = await app.inject({ url, headers: { accept: 'text/html', cookie } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toBe(SHELL);
      }
    }
    // The prerendered files are the home page's, not addresses of their own that skip the choice.
    expect((await app.inject({ url: '/index.en.html' })).headers['cache-control']).toBe('no-cache');
  });
});

describe(`a build with pages per language and first screen (${dialect})`, () => {
  it("a deep link gets the page of the visitor's language, with the first screen's preloads where the build made one", async () => {
    const web = mkdtempSync(join(tmpdir(), 'bansi-web-'));
    writeFileSync(join(web, 'index.html'), SHELL);
    const pages = {
      lo: { '*': 'page.lo.html', '/dashboard/service-payment': 'page.lo.dashboard.service-payment.html' },
      en: { '*': 'page.en.html', '/dashboard/service-payment': 'page.en.dashboard.service-payment.html' },
    };
    writeFileSync(join(web, 'pages.json'), JSON.stringify(pages));
    for (const files of Object.values(pages))
      for (const file of Object.values(files)) writeFileSync(join(web, file), `<!doctype html><p>${file}</p>`);
    const testDb = await createTestDb();
    const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: web }), db: testDb.db, serveWeb: true, startWorkers: false, logger: false });
    try {
      const cases = [
        ['/dashboard/service-payment', '', 'page.lo.dashboard.service-payment.html'],
        ['/dashboard/service-payment/', 'bansi_lang=en', 'page.en.dashboard.service-payment.html'],
        ['/dashboard/service-payment?tab=1', 'bansi_lang=en', 'page.en.dashboard.service-payment.html'],
        ['/blogs', '', 'page.lo.html'],
        ['/staff/submissions', 'bansi_lang=en', 'page.en.html'],
      ] as const;
      for (const [url, cookie, file] of cases) {
        const res = await app.inject({ url, headers: { accept: 'text/html', cookie } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.vary).toMatch(/cookie/i);
        expect(res.body, `${url} ${cookie}`).toBe(`<!doctype html><p>${file}</p>`);
      }
      // Not a page: still a 404 problem.
      expect((await app.inject({ url: '/missing.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});

describe(`a build without the prerendered home page (${dialect})`, () => {
  it('/ is the shell', async () => {
    const web = mkdtempSync(join(tmpdir(), 'bansi-web-'));
    writeFileSync(join(web, 'index.html'), SHELL);
    const testDb = await createTestDb();
    const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: web }), db: testDb.db, serveWeb: true, startWorkers: false, logger: false });
    try {
      const res = await app.inject({ url: '/', headers: { accept: 'text/html', cookie: 'bansi_lang=en' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(SHELL);
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
