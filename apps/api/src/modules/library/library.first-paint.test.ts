import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE, LibraryDocument, LibraryPaths, Page, WebPaths } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, dialect, loginAs, type TestApp } from '../../../test/helpers';
import { readerFirstPage } from './index';
import { FIRST_PAGE_JOB, FIRST_PAGE_SWEEP_JOB } from './library.first-page.queue';

const INDEX = '<!doctype html><html lang="lo"><head><title>Bansi</title></head><body><div id="root"></div></body></html>';
/** The page without a first paint: the shell, its root as built (the app's alone). */
const plain = (html: string) => !html.includes('id="first-paint"') && html.includes('<div id="root"></div>');

describe(`the reading screens' first paint (${dialect})`, () => {
  let t: TestApp;
  let web: string;
  let company: Agent;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'bansi-web-'));
    writeFileSync(join(web, 'index.html'), INDEX);
    t = await createTestApp({ WEB_DIST_DIR: web });
    company = await loginAs(t, 'company');
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  const page = (agent: Agent, path: string) => agent.inject({ url: path, headers: { accept: 'text/html' } });
  const pictureOf = (html: string) =>
    /<img data-testid="pdf-first-page-first-paint" src="data:image\/webp;base64,([^"]+)" width="(\d+)" height="(\d+)"/.exec(html);

  it("shows the first page of the guide the screen opens, in the reader's language, once its picture is made", async () => {
    // before the picture is made: the plain page
    expect(plain((await page(company, WebPaths.dashboard.guideBook)).body)).toBe(true);
    await t.app.jobs.runDue({ kinds: [FIRST_PAGE_JOB, FIRST_PAGE_SWEEP_JOB] });
    await t.app.jobs.runDue({ kinds: [FIRST_PAGE_JOB] });

    const res = await page(company.setCookie('bansi_lang', 'lo'), WebPaths.dashboard.guideBook);
    expect(res.headers['cache-control']).toBe('no-cache');
    const picture = pictureOf(res.body);
    expect(picture, res.body.slice(0, 400)).not.toBeNull();
    // the picture of the file the screen opens (readerFirstPage: the bundled guide's Lao file, tested with the pictures)
    const { items } = Page(LibraryDocument).parse((await company.inject({ url: `${API_BASE}${LibraryPaths.list}?category=guide&limit=100` })).json());
    const stored = (await readerFirstPage(t.app.deps, 'guide', 'lo'))!;
    expect(stored.documentId).toBe(items.find((d) => d.bundled)!.id);
    expect(Buffer.from(picture![1]!, 'base64').equals(stored.webp)).toBe(true);
    expect([Number(picture![2]), Number(picture![3])]).toEqual([stored.width, stored.height]);
    expect(res.body).toContain(`<h1>${t.app.t('lo', 'dashboard.nav.guideBook')}</h1>`);
    expect(res.body).toContain(t.app.t('lo', 'viewer.preparing'));

    const en = await page(company.setCookie('bansi_lang', 'en'), WebPaths.dashboard.guideBook);
    expect(en.body).toContain(`<h1>${t.app.t('en', 'dashboard.nav.guideBook')}</h1>`);
    expect(Buffer.from(pictureOf(en.body)![1]!, 'base64').equals((await readerFirstPage(t.app.deps, 'guide', 'en'))!.webp)).toBe(true);
    expect(en.body).toContain('Preparing the viewer…');
  });

  it('another document asked for (?doc=), a visitor, staff, a category with nothing published: the plain page', async () => {
    await t.app.jobs.runDue({ kinds: [FIRST_PAGE_JOB, FIRST_PAGE_SWEEP_JOB] });
    expect(pictureOf((await page(company, WebPaths.dashboard.guideBook)).body)).not.toBeNull();
    expect(plain((await page(company, `${WebPaths.dashboard.guideBook}?doc=another`)).body)).toBe(true);
    expect(plain((await page(new Agent(t), WebPaths.dashboard.guideBook)).body)).toBe(true);
    expect(plain((await page(await loginAs(t, 'staff'), WebPaths.dashboard.guideBook)).body)).toBe(true);
    const { items } = Page(LibraryDocument).parse(
      (await company.inject({ url: `${API_BASE}${LibraryPaths.list}?category=license&limit=100` })).json(),
    );
    expect(items).toEqual([]);
    expect(plain((await page(company, WebPaths.dashboard.license)).body)).toBe(true);
  });
});
