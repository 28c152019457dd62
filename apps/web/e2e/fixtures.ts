import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE, AuthPaths, FilePaths, LANGUAGE_STORAGE_KEY } from '@bansi/shared';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type ConsoleMessage,
  type Locator,
  type Page,
  type Request,
  type Response,
} from '@playwright/test';
import type { E2eOptions, Lang } from './options';

export { expect };
export type { Lang };

/** The demo accounts SEED_DEMO creates (apps/api/src/db/demo-accounts.ts). */
export const DEMO_USERS = {
  company: { login: 'demo@bansi.example', password: 'Demo-Bansi-2024!' },
  staff: { login: 'admin@bansi.example', password: 'Admin-Bansi-2024!' },
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

// ---------------------------------------------------------------- translation catalogs

type Catalog = Record<string, unknown>;
const LOCALES_DIR = join(import.meta.dirname, '../../../packages/shared/locales');
const catalogs = new Map<Lang, Catalog>();

/** The catalog the app is served (/asset/lang/<lng>.json): every packages/shared/locales/<lng>/<part>.json as `{ <part>: … }`. */
export function catalog(lng: Lang): Catalog {
  let merged = catalogs.get(lng);
  if (!merged) {
    merged = {};
    for (const file of readdirSync(join(LOCALES_DIR, lng)).filter((f) => f.endsWith('.json'))) {
      merged[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(LOCALES_DIR, lng, file), 'utf8'));
    }
    catalogs.set(lng, merged);
  }
  return merged;
}

/** The text of `key` in `lng`, with i18next's `{{name}}` interpolation; a missing key fails the test. */
export function translate(lng: Lang, key: string, vars: Record<string, string | number> = {}): string {
  let node: unknown = catalog(lng);
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Catalog)[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no translation "${key}" in ${lng}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export const otherLang = (lng: Lang): Lang => (lng === 'lo' ? 'en' : 'lo');

// ---------------------------------------------------------------- the guard

/**
 * A request the guard lets through: same-origin path, method, and the HTTP status — or 'failed' (a network
 * error), or 'aborted' (net::ERR_ABORTED: the page cancelled the request itself).
 */
export interface Allowance {
  method?: string;
  path: string | RegExp;
  status: number | 'failed' | 'aborted';
  /** Why this is not an error. */
  why: string;
}

/** What every test accepts. Tests that break something on purpose add their own with `guard.allow()`. */
export const ALLOWED_FAILURES: readonly Allowance[] = [
  {
    path: /^\//,
    status: 'aborted',
    why: 'cancelled by the page itself, not failed: an AbortSignal (a query no longer needed), pdf.js dropping its first full read for range reads',
  },
];

export interface Guard {
  /** Accept one more kind of failing request for the rest of this test. */
  allow(allowance: Allowance): void;
  /** Every request the page made so far (URLs), for origin checks. */
  readonly requests: readonly string[];
  /** Fails now if anything went wrong so far (it is also checked when the test ends). */
  check(): void;
}

function matches(a: Allowance, method: string, url: URL, status: Allowance['status']) {
  const pathOk = typeof a.path === 'string' ? url.pathname === a.path : a.path.test(url.pathname);
  return pathOk && a.status === status && (!a.method || a.method === method);
}

function watch(page: Page, origin: string): Guard {
  const allowances: Allowance[] = [...ALLOWED_FAILURES];
  const problems: string[] = [];
  const requests: string[] = [];
  const allowed = (req: Request, status: Allowance['status']) => {
    const url = new URL(req.url());
    return url.origin === origin && allowances.some((a) => matches(a, req.method(), url, status));
  };
  // Chrome logs every 4xx/5xx and network failure as a console error too; those are judged by their request.
  const consoleForAllowedRequest = (msg: ConsoleMessage) => {
    if (!msg.text().startsWith('Failed to load resource')) return false;
    const at = msg.location().url;
    if (!at) return false;
    const url = new URL(at);
    return url.origin === origin && allowances.some((a) => (typeof a.path === 'string' ? url.pathname === a.path : a.path.test(url.pathname)));
  };
  page.on('request', (req) => {
    requests.push(req.url());
    const { protocol, origin: o } = new URL(req.url());
    if (protocol !== 'data:' && protocol !== 'blob:' && o !== origin) problems.push(`request left the origin: ${req.method()} ${req.url()}`);
  });
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText;
    if (!allowed(req, error === 'net::ERR_ABORTED' ? 'aborted' : 'failed')) problems.push(`request failed: ${req.method()} ${req.url()} (${error})`);
  });
  page.on('response', (res: Response) => {
    const req = res.request();
    if (res.status() >= 400 && new URL(req.url()).origin === origin && !allowed(req, res.status())) {
      problems.push(`HTTP ${res.status()}: ${req.method()} ${req.url()}`);
    }
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !consoleForAllowedRequest(msg)) problems.push(`console error: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  return {
    allow: (a) => void allowances.push(a),
    requests,
    check: () => expect(problems, 'console errors, failed requests and requests to other origins').toEqual([]),
  };
}

// ---------------------------------------------------------------- logging in

/**
 * Logs in through the API with `page.request`, so the session cookie lands in the page's browser context.
 * The CSRF token comes from GET /auth/csrf; the Origin header is the app's own, as a browser would send.
 */
export async function loginAs(page: Page, role: DemoRole): Promise<void> {
  const { baseURL } = test.info().project.use;
  if (!baseURL) throw new Error('loginAs needs use.baseURL');
  const csrf = await page.request.get(`${API_BASE}${AuthPaths.csrf}`);
  expect(csrf.status(), 'GET /auth/csrf').toBe(200);
  const { token } = (await csrf.json()) as { token: string };
  const res = await page.request.post(`${API_BASE}${AuthPaths.login}`, {
    data: { login: DEMO_USERS[role].login, password: DEMO_USERS[role].password },
    headers: { 'x-csrf-token': token, origin: new URL(baseURL).origin },
  });
  expect(res.status(), `log in as ${role}: ${res.status() === 200 ? '' : await res.text()}`).toBe(200);
}

// ---------------------------------------------------------------- forms

/**
 * Picks an option of a Mantine Select — the one named (exactly, with `exact`), else the first — and waits until the
 * input shows it; answers the option's text. `search` is typed first, for a Select that asks the server as one types.
 *
 * One click is not enough: a click can land while the dropdown is still opening (a modal's transition: seen in CI,
 * the library form's category list never opened), while the previous Select's list is fading out (its options are
 * still the page's first) or while the list redraws with the server's answer. So the options are taken from this
 * input's own list (`aria-controls`, set by Mantine while it is open), and opening and picking are tried again until
 * the input shows the choice.
 */
export async function choose(
  page: Page,
  input: Locator,
  option?: string | RegExp,
  { exact = false, search }: { exact?: boolean; search?: string } = {},
): Promise<string> {
  let chosen = '';
  await expect(async () => {
    if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click();
    await expect(input).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
    const list = page.locator(`[id="${await input.getAttribute('aria-controls')}"]`);
    if (search !== undefined) {
      await input.fill(search);
      // Until the server answers, the list shows the empty search's options; wait for the one that was asked for.
      await expect(list.getByRole('option')).toHaveCount(1, { timeout: 5_000 });
    }
    const target = option === undefined ? list.getByRole('option').first() : list.getByRole('option', { name: option, exact }).first();
    chosen = ((await target.textContent({ timeout: 2_000 })) ?? '').trim();
    await target.click({ timeout: 2_000 });
    await expect(input).toHaveValue(chosen, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return chosen;
}

// ---------------------------------------------------------------- the extended test

export interface Fixtures {
  guard: Guard;
  /** The project's language, translated: `tr('nav.home')`. */
  tr: (key: string, vars?: Record<string, string | number>) => string;
  /** A full-page screenshot kept as an artifact: test-results/screenshots/<project>/<name>.png */
  shot: (name: string) => Promise<void>;
}

export const test = base.extend<E2eOptions & Fixtures>({
  lang: ['lo', { option: true }],

  // The language: stored before the app's first script runs, but only when the page has none yet, so a
  // switch made inside a test survives reloads.
  context: async ({ context, lang }, use) => {
    await context.addInitScript(
      ([key, lng]) => {
        try {
          if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, lng);
        } catch {
          // storage blocked: the app falls back to Lao
        }
      },
      [LANGUAGE_STORAGE_KEY, lang] as const,
    );
    await use(context);
  },

  guard: [
    async ({ page, baseURL }, use) => {
      const guard = watch(page, new URL(baseURL!).origin);
      await use(guard);
      guard.check();
    },
    { auto: true },
  ],

  tr: async ({ lang }, use) => {
    await use((key, vars) => translate(lang, key, vars));
  },

  shot: async ({ page }, use, testInfo) => {
    await use(async (name) => {
      const dir = join(testInfo.project.outputDir, 'screenshots', testInfo.project.name);
      mkdirSync(dir, { recursive: true });
      // From the top: a full-page shot of a scrolled page draws the fixed header in the middle of it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
    });
  },
});

// ---------------------------------------------------------------- companies and staff of a test's own

/** CSRF and Origin headers for a write through `request` (as the browser sends them). */
/** Holds every script of the app until the returned `release()`: the page is what the server's HTML draws (a slow network's first seconds). */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/static/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export async function writeHeaders(request: APIRequestContext, baseURL: string) {
  const res = await request.get(`${API_BASE}${AuthPaths.csrf}`);
  const { token } = (await res.json()) as { token: string };
  return { 'x-csrf-token': token, origin: new URL(baseURL).origin };
}

/** Uploads `bytes` as a PDF into a submission's slot through the tus endpoint, as the web app does. */
export async function uploadToSlot(request: APIRequestContext, baseURL: string, submissionId: string, slot: string, bytes: Buffer) {
  const headers = await writeHeaders(request, baseURL);
  const meta = { ownerKind: 'submission', ownerId: submissionId, slot, filename: `${slot}.pdf`, filetype: 'application/pdf' };
  const created = await request.post(`${API_BASE}${FilePaths.uploads}`, {
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${Buffer.from(v, 'utf8').toString('base64')}`)
        .join(','),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sent = await request.patch(new URL(created.headers().location!, baseURL).toString(), {
    headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(sent.status(), await sent.text()).toBe(204);
}

/** A reference row's id by its code (public list). */
export async function referenceIdOf(request: APIRequestContext, list: string, code: string): Promise<string> {
  const res = await request.get(`${API_BASE}/reference/${list}`);
  const item = ((await res.json()) as { items: { id: string; code: string }[] }).items.find((i) => i.code === code);
  if (!item) throw new Error(`no ${list}/${code}`);
  return item.id;
}

/**
 * A company of this test's own, registered and logged in through `request` (a page's request context, so
 * the page has the session). `categoryCode` picks the sector the size is derived for.
 */
export async function registerTestCompany(request: APIRequestContext, baseURL: string, lang: Lang, categoryCode = 'trade') {
  const ref = (list: string, code: string) => referenceIdOf(request, list, code);
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-10);
  const email = `e2e-${n}@example.test`;
  const password = 'e2e company password';
  const reg = await request.post(`${API_BASE}${AuthPaths.register}`, {
    headers: await writeHeaders(request, baseURL),
    data: {
      company: {
        nameLo: `ບໍລິສັດ ທົດລອງ ${n}`,
        nameEn: `Trial ${n} Co., Ltd.`,
        tin: `7${n}`,
        registrationNo: `E2E-${n}`,
        categoryId: await ref('categories', categoryCode),
        enterpriseTypeId: await ref('enterprise-types', 'limited'),
        sizeId: await ref('sizes', 'small'),
        accountProgramId: await ref('account-programs', 'excel'),
        provinceCode: '01',
        districtCode: '0101',
        villageName: 'ບ້ານ ທົດລອງ',
        address: 'ຖະໜົນ ທົດລອງ 1',
        phone: '+856 21 700 700',
        email: `office-${n}@example.test`,
      },
      people: {
        owner: { name: 'ທ. ເຈົ້າຂອງ ທົດລອງ', phone: '+856 20 7000 0001' },
        holder: { kind: 'employee', name: 'ນ. ນັກບັນຊີ ທົດລອງ', phone: '+856 20 7000 0002' },
        checker: { name: 'ທ. ຜູ້ກວດ ທົດລອງ' },
      },
      user: { name: 'E2E user', email, phone: `+856 20 ${n.slice(-8)}`, password, language: lang },
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const login = await request.post(`${API_BASE}${AuthPaths.login}`, {
    data: { login: email, password },
    headers: await writeHeaders(request, baseURL),
  });
  expect(login.status(), await login.text()).toBe(200);
  return { email, companyId: ((await reg.json()) as { companyId: string }).companyId };
}

/** A demo account's page in a browser context of its own, with the project's language, width and locale. */
export async function pageOf(browser: Browser, role: DemoRole): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    locale: use.locale,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  await context.addInitScript(([key, lng]) => window.localStorage.setItem(key, lng), [
    LANGUAGE_STORAGE_KEY,
    (use as Partial<E2eOptions>).lang ?? 'lo',
  ] as const);
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  await loginAs(page, role);
  return page;
}
