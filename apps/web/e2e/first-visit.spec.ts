import { API_BASE, AuthPaths, LANGUAGE_STORAGE_KEY, isPrerenderedPath } from '@bansi/shared';
import type { Page } from '@playwright/test';
import { expect, loginAs, otherLang, test, translate, type Lang } from './fixtures';

/**
 * Issue 29: a visitor's first page makes no request that fails and logs no error — the session probe
 * answers a visitor with 200 and `{ session: null }`, not a 401 (decision 144). Two projects are enough:
 * the session does not depend on the language or the width.
 */
const PROJECTS = ['lo-mobile', 'en-desktop'];

// The public layout shows log-in or dashboard links, so it asks who the visitor is; /login stands alone.
for (const [path, asksSession] of [
  ['/', true],
  ['/blogs', true],
  ['/login', false],
] as const) {
  test(`a visitor's first load of ${path} makes no failed request and logs no console error`, async ({ page, baseURL, lang, shot }) => {
    test.skip(!PROJECTS.includes(test.info().project.name), `runs in ${PROJECTS.join(' and ')} only`);
    // the language cookie the app keeps beside its stored choice (lib/i18n.ts), as a returning visitor has it
    await page.context().addCookies([{ name: 'bansi_lang', value: lang, url: baseURL! }]);
    const failed: string[] = [];
    const errors: string[] = [];
    const probes: { status: number; body: Promise<unknown> }[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.request().method()} ${res.url()}`);
      if (new URL(res.url()).pathname === `${API_BASE}${AuthPaths.currentSession}`) probes.push({ status: res.status(), body: res.json() });
    });
    page.on('requestfailed', (req) => void failed.push(`${req.failure()?.errorText} ${req.method()} ${req.url()}`));
    const catalogs: string[] = [];
    page.on('request', (req) => void (new URL(req.url()).pathname.startsWith('/asset/lang/') && catalogs.push(req.url())));
    page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
    page.on('pageerror', (err) => void errors.push(err.message));

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot(`first-visit-${path.replace(/\W/g, '') || 'home'}`);

    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    expect(probes.map((p) => p.status)).toEqual(asksSession ? [200] : []);
    for (const p of probes) expect(await p.body).toEqual({ session: null });
    // The catalog is asked for once: a deep link's page names it (a preload, fetched beside the app's scripts),
    // and the app's own request takes that answer rather than asking again. (A prerendered page starts the app
    // only once its stylesheet is in, and the catalog with it: decision 285.)
    if (!isPrerenderedPath(path)) await expect(page.locator('link[rel="preload"][as="fetch"][href^="/asset/lang/"]')).toHaveCount(1);
    expect(catalogs, 'requests for the catalog').toHaveLength(1);
  });
}

// ---------------------------------------------------------------- a screen's files (decision 293)

test("a signed-in screen's files come by their imports: the page keeps only the preloads its HTML named", async ({ page }) => {
  test.skip(!PROJECTS.includes(test.info().project.name), `runs in ${PROJECTS.join(' and ')} only`);
  await loginAs(page, 'company');
  const response = await page.goto('/dashboard/submit-document');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const named = (await response!.text()).match(/rel="modulepreload"/g)?.length ?? 0;
  expect(named, 'the framework, named by the page').toBeGreaterThan(0);
  // Vite's helper would have added one for each of the screen's 30–60 files, on the phone's main thread
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(named);
});

// ---------------------------------------------------------------- the prerendered home page (decision 285)

const STEPS = ['register', 'submit', 'book', 'pay'] as const;

/** The home page as the HTML drew it: heading, lead, buttons and steps in `lng`. */
async function expectHome(page: Page, lng: Lang) {
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate(lng, 'home.title'));
  await expect(page.getByText(translate(lng, 'home.lead'))).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: translate(lng, 'nav.register') })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('heading', { level: 2, name: translate(lng, 'home.steps.title') })).toBeVisible();
  for (const [i, step] of STEPS.entries()) await expect(page.getByText(`${i + 1}. ${translate(lng, `home.steps.${step}.title`)}`)).toBeVisible();
}

/** Holds the app's JavaScript (its entry module) until `release()`: the page is what the HTML and the CSS draw. */
async function holdApp(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/static\/js\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('without JavaScript, / is the home page in Lao, and in English for a visitor whose cookie says English', async ({ browser, baseURL }) => {
  for (const lng of ['lo', 'en'] as const) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, serviceWorkers: 'block' });
    try {
      if (lng === 'en') await context.addCookies([{ name: 'bansi_lang', value: 'en', url: baseURL! }]);
      const page = await context.newPage();
      await page.goto('/');
      await expectHome(page, lng);
      await expect(page).toHaveTitle(`${translate(lng, 'home.title')} · ${translate(lng, 'common.appName')}`);
      // The data the API gives is not in the HTML: its places are held by placeholders.
      await expect(page.getByTestId('submission-deadline')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`home-no-js-${lng}.png`), fullPage: true });
    } finally {
      await context.close();
    }
  }
});

test('the app takes over the prerendered home page without a flash: the heading and the steps stay where they were', async ({
  page,
  context,
  baseURL,
  lang,
}) => {
  await context.addCookies([{ name: 'bansi_lang', value: lang, url: baseURL! }]);
  const release = await holdApp(page);
  // The API's data is held too: the placeholders are compared with themselves (their own change when the data
  // arrives is layout-stability.spec.ts's), not caught half-replaced.
  let releaseData!: () => void;
  const data = new Promise<void>((resolve) => (releaseData = resolve));
  await page.route(`**${API_BASE}`, async (route) => {
    await data;
    await route.continue();
  });
  // The stylesheet a little late, as on a phone: the boxes compared are the styled page's (see below).
  await page.route('**/static/css/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  // Not 'domcontentloaded': that waits for the held module.
  await page.goto('/', { waitUntil: 'commit' });
  await expectHome(page, lang);
  // What the reader first sees is laid out with the stylesheet (render-blocking: nothing is painted before it), but
  // a box asked for earlier is the unstyled page's: wait for every stylesheet, then the fonts.
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null));
  await page.evaluate(() => document.fonts.ready);
  const followed = 'main h1, main #steps-title, main [data-testid="submission-deadline"]';
  const boxes = () =>
    page.locator(followed).evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width) };
      }),
    );
  const before = await boxes();
  expect(before).toHaveLength(3);
  // Marks the HTML's heading, and notes any moment #root is without a heading (a spinner, an empty page).
  await page.evaluate(() => {
    const root = document.getElementById('root')!;
    root.querySelector('h1')!.dataset.prerendered = '';
    const w = window as unknown as { headless?: number };
    w.headless = 0;
    new MutationObserver(() => {
      if (!root.querySelector('main h1')) w.headless = (w.headless ?? 0) + 1;
    }).observe(root, { childList: true, subtree: true });
  });
  release();
  // React's heading replaced the HTML's, in the same place.
  await expect(page.locator('main h1:not([data-prerendered])')).toHaveText(translate(lang, 'home.title'));
  await expect(page.locator('main h1')).toHaveCount(1);
  expect(await boxes()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { headless: number }).headless), 'moments without the heading').toBe(0);
  releaseData();
});

test('a visitor who chose another language than the cookie says never sees the page in the other language', async ({ browser, baseURL, lang }) => {
  const other = otherLang(lang);
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    // The choice kept on this browser (localStorage) is `lang`; the cookie says the other language.
    await context.addInitScript(([key, lng]) => window.localStorage.setItem(key, lng), [LANGUAGE_STORAGE_KEY, lang] as const);
    await context.addCookies([{ name: 'bansi_lang', value: other, url: baseURL! }]);
    const page = await context.newPage();
    const release = await holdApp(page);
    // Not 'domcontentloaded': that waits for the held module.
    await page.goto('/', { waitUntil: 'commit' });
    // The HTML came in the other language; its check emptied #root before anything was drawn.
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.locator('#root')).toBeEmpty();
    release();
    await expectHome(page, lang);
    // A form's page too, and its emptied #root takes input (it came inert: decision 290). (The app has written
    // its own cookie meanwhile: the other language again, as a cookie from an earlier visit.)
    await context.addCookies([{ name: 'bansi_lang', value: other, url: baseURL! }]);
    const form = await context.newPage();
    const releaseForm = await holdApp(form);
    await form.goto('/register', { waitUntil: 'commit' });
    await expect(form.locator('html')).toHaveAttribute('lang', other);
    await expect(form.locator('#root')).toBeEmpty();
    await expect(form.locator('#root')).not.toHaveAttribute('inert');
    releaseForm();
    await expect(form.getByRole('heading', { level: 1 })).toHaveText(translate(lang, 'nav.register'));
    await form.getByLabel(translate(lang, 'account.company.nameEn')).fill('Vientiane Trading');
    await expect(form.getByLabel(translate(lang, 'account.company.nameEn'))).toHaveValue('Vientiane Trading');
  } finally {
    await context.close();
  }
});

// ---------------------------------------------------------------- the prerendered log-in and registration (decision 290)

const FORMS = [
  { path: '/login', heading: 'nav.login', field: 'input[name="login"]' },
  { path: '/register', heading: 'nav.register', field: 'input[name="company.nameEn"]' },
] as const;

test("without JavaScript, /login and /register show their form in the visitor's language, and it takes no input until the app runs", async ({
  browser,
  baseURL,
}) => {
  test.skip(!PROJECTS.includes(test.info().project.name), `runs in ${PROJECTS.join(' and ')} only (each language in each)`);
  for (const lng of ['lo', 'en'] as const) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, serviceWorkers: 'block' });
    try {
      if (lng === 'en') await context.addCookies([{ name: 'bansi_lang', value: 'en', url: baseURL! }]);
      const page = await context.newPage();
      for (const form of FORMS) {
        await page.goto(form.path);
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expect(page).toHaveTitle(`${translate(lng, form.heading)} · ${translate(lng, 'common.appName')}`);
        // Inert: out of the accessibility tree and of reach, so found by CSS here.
        await expect(page.locator('#root')).toHaveAttribute('inert', '');
        await expect(page.locator('main h1, #root h1')).toHaveText(translate(lng, form.heading));
        const field = page.locator(form.field);
        await expect(field).toBeVisible();
        await field.focus();
        expect(await page.evaluate(() => document.activeElement?.tagName), 'the focus after focusing the field').toBe('BODY');
        await page.screenshot({ path: test.info().outputPath(`${form.path.slice(1)}-no-js-${lng}.png`), fullPage: true });
      }
    } finally {
      await context.close();
    }
  }
});

test('the app takes over the prerendered log-in and registration pages where they stand, and then they take input', async ({
  page,
  context,
  baseURL,
  lang,
  shot,
}) => {
  await context.addCookies([{ name: 'bansi_lang', value: lang, url: baseURL! }]);
  for (const form of FORMS) {
    const release = await holdApp(page);
    await page.goto(form.path, { waitUntil: 'commit' });
    const field = page.locator(form.field);
    await expect(field).toBeVisible();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null));
    await page.evaluate(() => document.fonts.ready);
    const boxes = () =>
      page.locator(`#root h1, ${form.field}, #root button[type="submit"]`).evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
        }),
      );
    const before = await boxes();
    expect(before).toHaveLength(3);
    // Typed before the app runs: nothing lands in the HTML's field (it would be lost when React replaces it).
    await field.focus();
    await page.keyboard.type('early');
    await expect(field).toHaveValue('');
    await page.evaluate(() => (document.querySelector('#root h1') as HTMLElement).setAttribute('data-prerendered', ''));
    release();
    await expect(page.locator('#root h1:not([data-prerendered])')).toHaveText(translate(lang, form.heading));
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    expect(await boxes(), `${form.path}: the heading, the first field and the button where they were`).toEqual(before);
    await page.locator(form.field).fill('0205551234');
    await expect(page.locator(form.field)).toHaveValue('0205551234');
    await shot(`prerendered-${form.path.slice(1)}-taken-over`);
    await page.unroute(/\/static\/js\/index-[\w-]+\.js$/);
  }
});
