import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { API_BASE, type ApiIndex } from '@bansi/shared';
import type { Page } from '@playwright/test';
import { formatClock } from '../src/lib/format';
import { expect, loginAs, otherLang, test, translate, type DemoRole } from './fixtures';

/** The screens of DESIGN §2 and the back office (routes.json is shared with scripts/bench-bundle.mjs). */
interface RouteCase {
  name: string;
  path: string;
  as: 'visitor' | DemoRole;
  layout: 'public' | 'standalone' | 'dashboard' | 'staff';
  titleKey: string;
  /** API reads that answer 404 on purpose (a not-found screen for an unknown slug or id). */
  notFoundApi?: string | string[];
}
const { routes } = JSON.parse(readFileSync(join(import.meta.dirname, 'routes.json'), 'utf8')) as { routes: RouteCase[] };
const PUBLIC_PAGES = ['/', '/about-us', '/blogs', '/notification', '/login', '/register', '/forgot-password', '/thanks'];

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
/** A screen's first paint after `goto`: its chunks and first reads, on a busy two-core machine. */
const FIRST_PAINT = { timeout: 20_000 };

/** Opens the phone menu (the public burger, or the shell's) when the navigation is behind it. */
async function openMenu(page: Page, label: string) {
  await page.getByRole('button', { name: label }).click();
}

// One test per role, visiting each of its screens in turn (a step per screen names the one that fails): one
// login and one warm HTTP cache per role instead of one per screen, which was most of the browser suite's time.
test.describe('every screen renders', () => {
  for (const as of ['visitor', 'company', 'staff'] as const) {
    const mine = routes.filter((r) => r.as === as);
    test(`as ${as} (${mine.length} screens)`, async ({ page, lang, tr, shot, guard }) => {
      // The first paint may take 20 s on a busy two-core machine; the network then settles (the viewer's worker) after it.
      test.setTimeout(30_000 + mine.length * 30_000);
      for (const path of mine.flatMap((r) => [r.notFoundApi ?? []].flat())) {
        guard.allow({ method: 'GET', path, status: 404, why: 'the route names an item that does not exist, on purpose' });
      }
      if (as !== 'visitor') await loginAs(page, as);
      for (const route of mine) {
        await test.step(route.path, async () => {
          await page.goto(route.path);
          await expect(h1(page)).toHaveText(tr(route.titleKey), FIRST_PAINT);
          await expect(h1(page)).toBeVisible();
          await expect(page).toHaveURL(route.path);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          // Settling is only for a calm screenshot: on the viewer routes pdf.js's worker can keep Playwright's
          // network count above zero after a 404 (no request is left open in the trace), so it is not a check.
          // Every other screen settled within 1.2 s of its heading on the CI machine; the two viewer 404s
          // waited out the whole allowance, so it is 2 s, not 5 (8 × 3 s of a worker's time per run).
          await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
          await shot(route.name);
        });
      }
    });
  }
});

test('the language selector stores the choice and reloads in the other language', async ({ page, lang, isMobile, shot }) => {
  const other = otherLang(lang);
  await page.goto('/');
  await expect(h1(page)).toHaveText(translate(lang, 'home.title'));
  await page.waitForLoadState('networkidle');

  // The header's selector (in the menu drawer on a phone).
  if (isMobile) await openMenu(page, translate(lang, 'nav.openMenu'));
  const selector = page.getByTestId(isMobile ? 'language-drawer' : 'language-header');
  await selector.getByText(translate(lang, `common.languages.${other}`), { exact: true }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', other);
  await expect(h1(page)).toHaveText(translate(other, 'home.title'));
  expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe(other);
  await shot('language-switched');

  // The choice survives a reload (the test's own language is only a default).
  await page.reload();
  await expect(h1(page)).toHaveText(translate(other, 'home.title'));
  await expect(page.locator('html')).toHaveAttribute('lang', other);
  await page.waitForLoadState('networkidle');

  // And the footer's selector switches back.
  await page
    .getByTestId('language-footer')
    .getByText(translate(other, `common.languages.${lang}`), { exact: true })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(h1(page)).toHaveText(translate(lang, 'home.title'));
  expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe(lang);
});

test.describe('unknown paths', () => {
  test('show the not-found screen in the public layout', async ({ page, tr, shot }) => {
    await page.goto('/nope');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(h1(page)).toHaveText(tr('notFound.title'));
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.getByTestId('footer')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot('not-found');
  });

  test('show the not-found screen inside the dashboard shell', async ({ page, tr, isMobile, shot }) => {
    await loginAs(page, 'company');
    await page.goto('/dashboard/nope');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(h1(page)).toHaveText(tr('notFound.title'));
    // The shell's navigation is still there (behind the burger on a phone).
    if (isMobile) await openMenu(page, tr('nav.openMenu'));
    await expect(page.getByRole('link', { name: tr('dashboard.nav.overview') })).toBeVisible();
    await expect(page.getByRole('link', { name: tr('dashboard.nav.submitDocument') })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot('dashboard-not-found');
  });
});

test('a visitor opening a dashboard screen is sent to log in, and back afterwards', async ({ page, tr }) => {
  await page.goto('/dashboard/submit-document');
  await expect(page).toHaveURL('/login?next=%2Fdashboard%2Fsubmit-document');
  await expect(h1(page)).toHaveText(tr('nav.login'));
});

test('accessibility: no serious or critical axe violation on the public pages', async ({ page }) => {
  test.setTimeout(30_000 + PUBLIC_PAGES.length * 20_000);
  for (const path of PUBLIC_PAGES) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(h1(page)).toBeVisible(FIRST_PAINT);
      await page.waitForLoadState('networkidle');
      // Let Mantine's transitions settle, so colours are measured as the user sees them.
      await page.evaluate(() => document.fonts.ready);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const bad = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(bad, path).toEqual([]);
    });
  }
});

test('a screen whose code does not load shows the error screen with a reload button', async ({ page, guard, tr, shot }) => {
  await page.goto('/');
  await expect(h1(page)).toHaveText(tr('home.title'));
  await page.waitForLoadState('networkidle');

  // The dashboard layout is not loaded yet on the home page; make its chunk fail, then navigate in the app.
  const chunk = /\/static\/js\/dashboard-layout-[\w-]+\.js$/;
  guard.allow({ method: 'GET', path: chunk, status: 'failed', why: 'this test makes the chunk fail on purpose' });
  await page.route(chunk, (route) => route.abort('connectionfailed'));
  await page.evaluate(() => {
    window.history.pushState(null, '', '/dashboard');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });

  const error = page.getByTestId('chunk-error');
  await expect(error).toBeVisible();
  await expect(h1(page)).toHaveText(tr('routeError.chunkTitle'));
  await expect(error).toContainText(tr('routeError.chunkBody'));
  await shot('chunk-error');

  // The network is back: the reload button loads the screen (a visitor is then sent to log in).
  await page.unroute(chunk);
  await error.getByRole('button', { name: tr('common.reload') }).click();
  await expect(page).toHaveURL('/login?next=%2Fdashboard');
  await expect(h1(page)).toHaveText(tr('nav.login'));
});

test('a translation file that fails still renders the app, with the reload banner', async ({ page, guard, lang, shot }) => {
  const catalogs = /^\/asset\/lang\/[a-z]{2}\.json$/;
  guard.allow({ method: 'GET', path: catalogs, status: 500, why: 'this test makes the catalogs fail on purpose' });
  // The catalogs carry the build's version in the query (decision 161): /asset/lang/lo.json?v=….
  await page.route(/\/asset\/lang\/[a-z]{2}\.json(\?.*)?$/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/problem+json', body: '{"status":500}' }),
  );
  // i18next retries 5 times, from 350 ms doubling: about 11 s before it gives up. The page's clock is moved on
  // instead of waiting for it.
  await page.clock.install();
  await page.goto('/');

  const banner = page.getByTestId('translation-banner');
  await expect(async () => {
    await page.clock.runFor(2_000);
    await expect(banner).toBeVisible({ timeout: 200 });
  }).toPass({ intervals: [50], timeout: 30_000 });
  // The banner's own words travel inside the bundle, so they are in the right language.
  await expect(banner).toContainText(translate(lang, 'boot.loadFailed'));
  await expect(banner.getByRole('button', { name: translate(lang, 'boot.reload') })).toBeVisible();
  // The app itself rendered (with keys in place of the texts): never a blank page.
  await expect(h1(page)).toBeVisible();
  await expect(page.getByTestId('footer')).toBeVisible();
  await shot('translation-failed');
});

test('public layout: content 60 px below the header; footer from the configuration', async ({ page, lang, tr, isMobile, shot }) => {
  const index = (await (await page.request.get(API_BASE)).json()) as ApiIndex;
  const { provider } = index;
  await page.goto('/');
  await expect(h1(page)).toBeVisible();

  const header = await page.locator('header').first().boundingBox();
  const main = await page.locator('main#content').boundingBox();
  expect(header).toMatchObject({ y: 0, height: 60 });
  expect(main?.y).toBe(60);

  const footer = page.getByTestId('footer');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByText(lang === 'en' ? provider.nameEn : provider.nameLo, { exact: true })).toBeVisible();
  expect(provider.phones).toHaveLength(3);
  for (const phone of provider.phones) {
    const link = footer.getByRole('link', { name: `${tr('footer.phone')} ${phone}` });
    await expect(link).toBeVisible();
    await expect(link).toHaveText(phone);
    await expect(link).toHaveAttribute('href', `tel:${phone.replace(/\s/g, '')}`);
  }
  const email = footer.getByRole('link', { name: provider.email });
  await expect(email).toBeVisible();
  await expect(email).toHaveAttribute('href', `mailto:${provider.email}`);
  const hours = tr('footer.hoursValue', { from: formatClock(provider.hours.from, lang), to: formatClock(provider.hours.to, lang) });
  await expect(footer.getByText(hours, { exact: true })).toBeVisible();
  // "… Co., Ltd. All rights reserved.": the holder's own final stop is not doubled.
  const copyright = footer.getByText(tr('footer.copyright', { year: provider.copyrightYear, holder: provider.copyrightHolder.replace(/\.+$/, '') }));
  await expect(copyright).toBeVisible();
  await expect(copyright).not.toContainText('..');
  // The second language selector (the first is in the header, or in the menu on a phone).
  await expect(footer.getByTestId('language-footer')).toBeVisible();
  if (!isMobile) await expect(page.getByTestId('language-header')).toBeVisible();
  await shot('footer');
});

test('nothing leaves the origin, and Lao renders in the self-hosted Noto Sans Lao', async ({ page, guard, baseURL }) => {
  test.setTimeout(90_000); // a tour of eight pages
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(h1(page)).toBeVisible(FIRST_PAINT);
    await page.waitForLoadState('networkidle');
  }
  const origin = new URL(baseURL!).origin;
  expect(guard.requests.length).toBeGreaterThan(PUBLIC_PAGES.length);
  expect(guard.requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(guard.requests.some((url) => /\/static\/media\/noto-sans-lao-[\w-]+\.woff2$/.test(url))).toBe(true);

  // Lao text is on every page (in English too: the language selector says ລາວ).
  const lao = page.getByText('ລາວ', { exact: true }).first();
  await expect(lao).toBeVisible();
  expect(await page.evaluate(async () => (await document.fonts.ready, document.fonts.check('16px "Noto Sans Lao"', 'ລາວ')))).toBe(true);
  const faces = await page.evaluate(
    () => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Sans Lao' && f.status === 'loaded').length,
  );
  expect(faces).toBeGreaterThan(0);
  // And the glyphs on screen come from that web font, not from a system font of the same name.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  await cdp.send('DOM.getDocument', { depth: 0 });
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `[...document.querySelectorAll('body *')].find((el) => el.childElementCount === 0 && /[\\u0E80-\\u0EFF]/.test(el.textContent ?? '') && el.getClientRects().length > 0)`,
  });
  expect(result.objectId, 'an element with Lao text').toBeTruthy();
  const { nodeId } = await cdp.send('DOM.requestNode', { objectId: result.objectId! });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  expect(fonts).toContainEqual(expect.objectContaining({ familyName: 'Noto Sans Lao', isCustomFont: true }));
});
