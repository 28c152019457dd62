/**
 * `npm run bench:notes`: time from a keystroke in the notes editor to the screen saying "saved", median
 * of 20 edits, against the BUILT app (started here on a fresh SQLite database) in Chromium. The figure
 * includes the autosave's debounce (AUTOSAVE_DELAY_MS = 800 ms, features/notes/lib/use-notes-editor.ts),
 * so what the server and the page add on top is the median minus 800. Needs `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE, AuthPaths, LANGUAGE_STORAGE_KEY, NotesPaths, type ApiIndex, type NotesDocument } from '@bansi/shared';
import { chromium, type APIRequestContext } from 'playwright-core';

const EDITS = 20;
const DEBOUNCE_MS = 800;
const root = join(import.meta.dirname, '../../../..');
const server = join(root, 'apps/api/dist/server.js');
const webDist = join(root, 'apps/web/dist');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(server) || !existsSync(join(webDist, 'index.html'))) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}

const port = 4100 + Math.floor(Math.random() * 900);
const base = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), 'bansi-bench-notes-'));
const child = spawn(process.execPath, [server], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
    DATA_DIR: join(dir, 'data'),
    WEB_DIST_DIR: webDist,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'error',
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
};

async function waitReady() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function csrf(ctx: APIRequestContext) {
  const { token } = (await (await ctx.get(`${API_BASE}${AuthPaths.csrf}`)).json()) as { token: string };
  return { 'x-csrf-token': token, origin: base };
}

/** A company of the bench's own (the demo companies' notes are seeded in several states). */
async function registerCompany(ctx: APIRequestContext) {
  const ref = async (list: string, code: string) => {
    const items = ((await (await ctx.get(`${API_BASE}/reference/${list}`)).json()) as { items: { id: string; code: string }[] }).items;
    return items.find((i) => i.code === code)!.id;
  };
  const n = `${Date.now()}`.slice(-9);
  const email = `bench-notes-${n}@example.test`;
  const password = 'bench notes password';
  const reg = await ctx.post(`${API_BASE}${AuthPaths.register}`, {
    headers: await csrf(ctx),
    data: {
      company: {
        nameLo: `ບໍລິສັດ ວັດແທກ ${n}`,
        nameEn: `Bench ${n} Co., Ltd.`,
        tin: `6${n}`,
        registrationNo: `BEN-${n}`,
        categoryId: await ref('categories', 'trade'),
        enterpriseTypeId: await ref('enterprise-types', 'limited'),
        sizeId: await ref('sizes', 'small'),
        accountProgramId: await ref('account-programs', 'excel'),
        provinceCode: '01',
        districtCode: '0101',
        villageName: 'ບ້ານ ວັດແທກ',
        address: 'ຖະໜົນ 1',
        phone: '+856 21 500 500',
        email: `office-${n}@example.test`,
      },
      people: {
        owner: { name: 'ທ. ເຈົ້າຂອງ', phone: '+856 20 5000 0001' },
        holder: { kind: 'employee', name: 'ນ. ນັກບັນຊີ', phone: '+856 20 5000 0002' },
        checker: { name: 'ທ. ຜູ້ກວດ' },
      },
      user: { name: 'Bench', email, phone: `+856 20 ${n.slice(-8)}`, password, language: 'lo' },
    },
  });
  if (reg.status() !== 201) throw new Error(`register: ${reg.status()} ${await reg.text()}`);
  const login = await ctx.post(`${API_BASE}${AuthPaths.login}`, { headers: await csrf(ctx), data: { login: email, password } });
  if (login.status() !== 200) throw new Error(`login: ${login.status()}`);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

try {
  await waitReady();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(([key]) => window.localStorage.setItem(key, 'lo'), [LANGUAGE_STORAGE_KEY] as const);
  const page = await context.newPage();
  await registerCompany(page.request);
  const { bookYear } = (await (await page.request.get(`${base}${API_BASE}`)).json()) as ApiIndex;
  const created = await page.request.post(`${API_BASE}${NotesPaths.list}`, { headers: await csrf(page.request), data: { bookYear } });
  const doc = (await created.json()) as NotesDocument;

  await page.goto(`/dashboard/create-notes-document?bookYear=${bookYear}&section=basis`);
  const text = page.getByTestId('section-text');
  await text.waitFor({ timeout: 60_000 });
  // In the page: the time of each keydown, and of each switch of the save state to "saved".
  await page.evaluate(() => {
    const w = window as unknown as { __keys: number[]; __saved: number[] };
    w.__keys = [];
    w.__saved = [];
    document.addEventListener('keydown', () => w.__keys.push(performance.now()), true);
    // (no named functions in here: tsx's keepNames would wrap them in a helper the page does not have)
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="save-state"]')?.getAttribute('data-state') === 'saved') w.__saved.push(performance.now());
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
  });
  const times: number[] = [];
  for (let i = 0; i < EDITS; i++) {
    await text.press(i % 2 ? 'b' : 'a');
    await page.waitForFunction((n) => (window as unknown as { __saved: number[] }).__saved.length > n, i, { timeout: 30_000 });
    const { keys, saved } = await page.evaluate(() => {
      const w = window as unknown as { __keys: number[]; __saved: number[] };
      return { keys: w.__keys, saved: w.__saved };
    });
    times.push(saved[i]! - keys[i]!);
  }
  const check = (await (await page.request.get(`${API_BASE}${NotesPaths.one(doc.id)}`)).json()) as NotesDocument;
  const basis = check.sections.find((s) => s.key === 'basis')!;
  await browser.close();

  const m = median(times);
  console.log(
    `notes autosave: keystroke → "saved", ${EDITS} edits, built app on SQLite, Chromium (${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)})`,
  );
  console.log(`  median ${m.toFixed(0)} ms (debounce ${DEBOUNCE_MS} ms + request and render ${(m - DEBOUNCE_MS).toFixed(0)} ms)`);
  console.log(`  min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`);
  console.log(
    `  server has ${[...basis.text].length} characters of the ${EDITS} typed: ${[...basis.text].length === EDITS ? 'all saved' : 'MISSING EDITS'}`,
  );
} finally {
  stop();
}
