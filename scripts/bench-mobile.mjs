// `npm run bench:mobile`: how the built app does on a phone (DESIGN §7, issue 29). A benchmark that prints a
// table and records it; not a test (it always exits 0). Run `npm run build` first; nothing is downloaded.
//
// 1. Lighthouse (the pinned dev dependency, 12.2.x), its mobile preset — simulated slow 4G, 4× CPU slow-down,
//    a phone's screen — on Debian's Chromium, cold (Lighthouse clears the cache, storage and service
//    workers before each run), in Lao (the default language), median of 3 runs per screen: Performance,
//    LCP, TBT, CLS and the JavaScript transferred, against the goals. Dashboard and back-office screens are
//    measured logged in as the demo users (their session cookie in the browser's cookie jar).
// 2. Chromium throttled to 400 kbit/s down and up with 400 ms latency, cold cache (a new browser context per
//    run): the home page usable (its heading shown), the payment screen's LAO QR shown, and the viewer's
//    first page drawn — with when it first showed progress. Median of 3.
//
// Options: `npm run bench:mobile -- <text>` measures only the screens whose path contains <text> (`-- =/`: the
// home page alone); BENCH_RUNS (default 3); BENCH_PART=lighthouse|slow for one part; BENCH_LHR_DIR keeps each
// Lighthouse report (JSON); BENCH_OUT names the file the results go
// to (default docs/bench/mobile.txt); BENCH_WEB_DIST / BENCH_API_DIST measure another build (e.g. one kept
// from before a change). The machine is shared: Lighthouse's TBT is pessimistic when it is loaded (the
// load average is printed with the results).
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { API_BASE, login, missingForBench, startServer, waitReady } from './bench-server.mjs';
import { root } from './lib.mjs';
/* global document, getComputedStyle -- what page.evaluate runs in the page */

const SCREENS = [
  { path: '/', as: 'visitor' },
  { path: '/blogs', as: 'visitor' },
  { path: '/login', as: 'visitor' },
  { path: '/register', as: 'visitor' },
  { path: '/dashboard', as: 'company' },
  { path: '/dashboard/submit-document', as: 'company' },
  { path: '/dashboard/create-notes-document', as: 'company' },
  { path: '/dashboard/service-payment', as: 'company' },
  { path: '/dashboard/guide-book', as: 'company' },
  { path: '/staff', as: 'staff' },
];
const GOALS = { performance: 90, lcp: 2500, tbt: 200, cls: 0.1 };
const SLOW = { latency: 400, bytesPerSecond: 400_000 / 8 };
const SLOW_GOALS = { home: 3000, qr: 4000, viewer: 5000 };

const runs = Number(process.env.BENCH_RUNS ?? 3);
const part = process.env.BENCH_PART ?? 'all';
const only = process.argv[2] ?? '';
/** `=<path>` measures that screen only (`=/` the home page); any other text, the screens whose path contains it. */
const chosen = (path) => (only.startsWith('=') ? path === only.slice(1) : path.includes(only));
const out = resolve(root, process.env.BENCH_OUT ?? 'docs/bench/mobile.txt');
const builtWeb = resolve(process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist'));
const serverJs = resolve(process.env.BENCH_API_DIST ?? join(root, 'apps/api/dist'), 'server.js');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const lines = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};
const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const sec = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—');

// ------------------------------------------------------------------ Lighthouse

/** Debian's Chromium with a DevTools port for Lighthouse (which drives it through puppeteer-core). */
async function startChromium(dir) {
  const port = 4100 + Math.floor(Math.random() * 900);
  const child = spawn(
    chromiumPath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${join(dir, 'chromium')}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 80; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { child, port };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('Chromium did not open its DevTools port');
}

/** The demo user's session cookies (none for a visitor). */
async function sessionCookies(browser, baseURL, as) {
  if (as === 'visitor') return [];
  const context = await browser.newContext({ baseURL });
  try {
    if (!(await login(context.request, baseURL, as))) throw new Error(`logging in as the demo ${as} failed`);
    return await context.cookies();
  } finally {
    await context.close();
  }
}

async function lighthouseRun(port, url) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (process.env.BENCH_LHR_DIR) {
    mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    writeFileSync(join(process.env.BENCH_LHR_DIR, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  return {
    performance: Math.round((lhr.categories.performance.score ?? NaN) * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    js: scripts?.transferSize ?? NaN,
    landed: new URL(lhr.finalDisplayedUrl).pathname,
  };
}

async function lighthouseAll(browser, baseURL, dir) {
  const chrome = await startChromium(dir);
  // The session goes into the browser's own cookie jar, which Lighthouse's storage reset keeps. (Its
  // `extraHeaders: { Cookie }` does not work for this app: once the page has a cookie of its own — the app
  // writes its language cookie before it asks for the session — Chromium sends the jar's cookies instead.)
  const jar = (await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)).contexts()[0];
  const rows = [];
  try {
    for (const screen of SCREENS.filter((s) => chosen(s.path))) {
      await jar.clearCookies();
      await jar.addCookies(await sessionCookies(browser, baseURL, screen.as));
      const samples = [];
      const errors = [];
      for (let i = 0; i < runs; i++) {
        try {
          samples.push(await lighthouseRun(chrome.port, `${baseURL}${screen.path}`));
        } catch (err) {
          errors.push(String(err.message ?? err));
        }
      }
      const m = (key) => median(samples.map((s) => s[key]));
      rows.push({
        screen,
        n: samples.length,
        performance: m('performance'),
        lcp: m('lcp'),
        tbt: m('tbt'),
        cls: m('cls'),
        js: m('js'),
        landed: samples[0]?.landed ?? '',
        errors,
      });
      process.stderr.write(`  lighthouse ${screen.path}: ${samples.map((s) => s.performance).join(', ')}\n`);
    }
  } finally {
    chrome.child.kill();
  }
  return rows;
}

function reportLighthouse(rows, version) {
  say(`Lighthouse ${version}, mobile preset (simulated slow 4G, 4× CPU), Lao, median of ${runs} runs per screen`);
  say(
    `  ${pad('screen', 34)}${pad('as', 9)}${lpad('Perf', 5)}${lpad('LCP', 9)}${lpad('TBT', 9)}${lpad('CLS', 7)}${lpad('JS', 10)}  goals (Perf ≥ ${GOALS.performance}, LCP ≤ ${sec(GOALS.lcp)}, TBT ≤ ${GOALS.tbt} ms, CLS ≤ ${GOALS.cls})`,
  );
  let met = 0;
  for (const r of rows) {
    const misses = [];
    if (!(r.performance >= GOALS.performance)) misses.push('Perf');
    if (!(r.lcp <= GOALS.lcp)) misses.push('LCP');
    if (!(r.tbt <= GOALS.tbt)) misses.push('TBT');
    if (!(r.cls <= GOALS.cls)) misses.push('CLS');
    if (!misses.length) met++;
    const landed = r.landed && r.landed !== r.screen.path ? ` (landed on ${r.landed})` : '';
    const failed = r.errors.length ? ` (${r.errors.length} run(s) failed: ${r.errors[0]})` : '';
    say(
      `  ${pad(r.screen.path, 34)}${pad(r.screen.as, 9)}${lpad(Number.isFinite(r.performance) ? r.performance : '—', 5)}${lpad(sec(r.lcp), 9)}${lpad(Number.isFinite(r.tbt) ? `${Math.round(r.tbt)} ms` : '—', 9)}${lpad(Number.isFinite(r.cls) ? r.cls.toFixed(3) : '—', 7)}${lpad(Number.isFinite(r.js) ? `${(r.js / 1024).toFixed(0)} KiB` : '—', 10)}  ${misses.length ? `NOT MET: ${misses.join(', ')}` : 'met'}${landed}${failed}`,
    );
  }
  say(`  ${met} of ${rows.length} screens meet every goal`);
}

// ------------------------------------------------------------------ 400 kbit/s, 400 ms

/** An open invoice for the demo company (issued by the demo staff admin), so the payment screen has a QR. */
async function ensureOpenInvoice(browser, baseURL) {
  const company = await browser.newContext({ baseURL });
  const staff = await browser.newContext({ baseURL });
  try {
    await login(company.request, baseURL, 'company');
    const open = await (await company.request.get(`${API_BASE}/invoices?status=open`)).json();
    if (open.items?.length) return true;
    const me = await (await company.request.get(`${API_BASE}/companies/me`)).json();
    await login(staff.request, baseURL, 'staff');
    const { token } = await (await staff.request.get(`${API_BASE}/auth/csrf`)).json();
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const res = await staff.request.post(`${API_BASE}/staff/invoices`, {
      data: { companyId: me.id, lines: [{ description: 'bench:mobile', amount: 500_000 }], dueDate: due },
      headers: { 'x-csrf-token': token, origin: baseURL },
    });
    return res.ok();
  } finally {
    await company.close();
    await staff.close();
  }
}

/** The library's first-page pictures are made by a job after the server starts (decision 287): wait for the guide's. */
async function firstPagesMade(browser, baseURL) {
  const context = await browser.newContext({ baseURL });
  try {
    await login(context.request, baseURL, 'company');
    for (let i = 0; i < 60; i++) {
      const html = await (await context.request.get('/dashboard/guide-book', { headers: { accept: 'text/html' } })).text();
      if (html.includes('pdf-first-page-first-paint')) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    say("  note: the guide's first-page picture was not made within 30 s; the viewer row measures the page without it.");
  } finally {
    await context.close();
  }
}

/** Opens `path` in a fresh context at 400 kbit/s / 400 ms and times when each `marks` selector first shows. */
async function slowVisit(browser, baseURL, as, path, marks, painted = false) {
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    if (as !== 'visitor' && !(await login(context.request, baseURL, as))) throw new Error(`logging in as the demo ${as} failed`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW.latency,
      downloadThroughput: SLOW.bytesPerSecond,
      uploadThroughput: SLOW.bytesPerSecond,
    });
    const start = Date.now();
    const seen = {};
    const waits = Object.entries(marks).map(([name, selector]) =>
      page
        .locator(selector)
        .first()
        .waitFor({ state: 'visible', timeout: 60_000 })
        .then(() => (seen[name] = Date.now() - start))
        .catch(() => (seen[name] = NaN)),
    );
    await page.goto(path, { waitUntil: 'commit', timeout: 60_000 });
    await Promise.all(waits);
    if (painted) {
      // In the DOM is not yet on screen: the heading counts once the page has painted (the render-blocking CSS
      // is in) and the heading's own font face (Lao, bold) has loaded, so it shows in its letters (decision 285).
      const { fcp, font } = await page.evaluate(async () => {
        const fcpAt = await new Promise((resolve) => {
          const entry = performance.getEntriesByName('first-contentful-paint')[0];
          if (entry) return resolve(entry.startTime);
          new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime)).observe({ type: 'paint', buffered: true });
        });
        const h1 = document.querySelector('h1');
        const style = getComputedStyle(h1);
        await document.fonts.load(`${style.fontWeight} ${style.fontSize} ${style.fontFamily}`, h1.textContent ?? '');
        return { fcp: performance.timeOrigin + fcpAt, font: Date.now() };
      });
      seen.dom = seen.done;
      seen.done = Math.max(seen.done, fcp - start, font - start);
    }
    return seen;
  } finally {
    await context.close();
  }
}

async function slowAll(browser, baseURL) {
  const scenarios = [
    { name: 'home usable (heading painted)', path: '/', as: 'visitor', marks: { done: 'h1' }, painted: true, goal: SLOW_GOALS.home },
    {
      name: "payment screen's LAO QR shown",
      path: '/dashboard/service-payment',
      as: 'company',
      // the server's first paint of the code (decision 288), or the app's
      marks: { done: '[data-testid="lao-qr-first-paint"], [data-testid="lao-qr"]', app: '[data-testid="lao-qr"]' },
      goal: SLOW_GOALS.qr,
    },
    {
      name: "viewer's first page shown",
      path: '/dashboard/guide-book',
      as: 'company',
      // the server's picture of the first page (decision 288) or the viewer's drawing of it
      marks: {
        progress: '[data-testid="first-paint-progress"], [data-testid="pdf-viewer-preparing"], [data-testid="pdf-loading"]',
        done: '[data-testid="pdf-first-page-first-paint"], [data-testid="pdf-viewer"][data-state="rendered"]',
        app: '[data-testid="pdf-viewer"][data-state="rendered"]',
      },
      goal: SLOW_GOALS.viewer,
    },
  ].filter((s) => chosen(s.path));
  const invoice = scenarios.some((s) => s.path.includes('service-payment')) ? await ensureOpenInvoice(browser, baseURL) : true;
  if (scenarios.some((s) => s.path.includes('guide-book'))) await firstPagesMade(browser, baseURL);
  const rows = [];
  for (const s of scenarios) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await slowVisit(browser, baseURL, s.as, s.path, s.marks, s.painted));
    rows.push({
      ...s,
      done: median(samples.map((x) => x.done)),
      progress: median(samples.map((x) => x.progress)),
      app: median(samples.map((x) => x.app)),
      all: samples,
    });
    process.stderr.write(`  slow ${s.path}: ${samples.map((x) => sec(x.done)).join(', ')}\n`);
  }
  say(`Chromium at 400 kbit/s down and up, 400 ms latency, cold cache (a new context per run), median of ${runs}`);
  for (const r of rows) {
    const progress =
      ('progress' in r.marks
        ? `; progress shown at ${sec(r.progress)}`
        : r.painted
          ? `; in the HTML at ${sec(median(r.all.map((x) => x.dom)))}`
          : '') + ('app' in r.marks ? `; the app's own screen at ${sec(r.app)}` : '');
    say(
      `  ${pad(r.name, 34)}${lpad(sec(r.done), 9)}  goal ≤ ${sec(r.goal)}: ${r.done <= r.goal ? 'met' : 'NOT MET'}${progress}  (runs: ${r.all.map((x) => sec(x.done)).join(', ')})`,
    );
  }
  if (!invoice) say('  note: no open invoice could be issued for the demo company; the QR row measures a screen without one.');
}

// ------------------------------------------------------------------ the run

async function main() {
  const missing = missingForBench('bench:mobile', { webDist: builtWeb, server: serverJs, chromium: chromiumPath });
  if (missing) {
    console.log(missing);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'bansi-bench-mobile-'));
  // A copy of the build, so a rebuild meanwhile cannot change it under the browser.
  const webDist = join(dir, 'web');
  cpSync(builtWeb, webDist, { recursive: true });
  const server = startServer(dir, true, webDist, serverJs);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  try {
    if (!(await waitReady(server, 120_000))) {
      console.log(`bench:mobile: the built server did not start.\n${server.stderr()}`);
      return;
    }
    const load = loadavg().map((n) => n.toFixed(1));
    say(`Bansi mobile benchmark — ${new Date().toISOString()} — Chromium ${browser.version()} — load average ${load.join(' ')} on a shared machine`);
    say('');
    if (part === 'all' || part === 'lighthouse') {
      const { version } = JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8'));
      reportLighthouse(await lighthouseAll(browser, server.baseURL, dir), version);
      say('');
    }
    if (part === 'all' || part === 'slow') {
      await slowAll(browser, server.baseURL);
      say('');
    }
    say(
      `load average at the end: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${lines.join('\n')}\n`);
    console.log(`\n(recorded in ${relative(root, out)})`);
  } finally {
    await browser.close();
    server.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main()
  .catch((err) => console.error('bench:mobile failed:', err))
  .finally(() => process.exit(0));
