/**
 * `npm run bench:viewer`: time to the first rendered page and PDF bytes fetched, for a 300-page PDF,
 * in our viewer (range loading: 64 KiB chunks, no streaming, no auto-fetch) side by side with pdf.js
 * on its default options, both reading the same file from the same server (the built app, started
 * here on a fresh database), in one run.
 *
 * pdfjs-dist ships no generic viewer (no web/viewer.html in the npm package), so the comparison page
 * is the smallest viewer pdfjs-dist allows: its PDFViewer with `getDocument({ url })` and nothing else
 * (streaming on, auto-fetch on), at the same scale (1.2). Needs `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { API_BASE, AuthPaths, LibraryPaths } from '@bansi/shared';
import { chromium, request as pwRequest, type APIRequestContext, type Browser, type Page } from 'playwright-core';
import { BIG_PAGES, bigInterleavedPdf, bigPdf } from '../pdf-fixtures';

const root = join(import.meta.dirname, '../../../..');
const server = join(root, 'apps/api/dist/server.js');
const webDist = join(root, 'apps/web/dist');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));
const pdfjsVersion = (JSON.parse(readFileSync(join(pdfjsRoot, 'package.json'), 'utf8')) as { version: string }).version;

const DEMO_COMPANY = { login: 'demo@bansi.example', password: 'Demo-Bansi-2024!' };
const DEMO_STAFF = { login: 'admin@bansi.example', password: 'Admin-Bansi-2024!' };
const SETTLE_MS = 3_000;

if (!existsSync(server) || !existsSync(join(webDist, 'index.html'))) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}

// ---- the server -------------------------------------------------------------------------------

const port = 4100 + Math.floor(Math.random() * 900);
const base = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), 'bansi-bench-viewer-'));
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
    LOG_LEVEL: 'warn',
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

async function login(ctx: APIRequestContext, who: { login: string; password: string }) {
  const { token } = (await (await ctx.get(`${API_BASE}${AuthPaths.csrf}`)).json()) as { token: string };
  const res = await ctx.post(`${API_BASE}${AuthPaths.login}`, { data: who, headers: { 'x-csrf-token': token, origin: base } });
  if (res.status() !== 200) throw new Error(`login ${who.login}: ${res.status()}`);
  return token;
}

async function publish(staff: APIRequestContext, token: string, name: string, buffer: Buffer) {
  const res = await staff.post(`${API_BASE}${LibraryPaths.staffList}`, {
    headers: { 'x-csrf-token': token, origin: base },
    multipart: {
      category: 'law',
      titleLo: `ທົດສອບ ${name}`,
      titleEn: name,
      version: '1',
      documentDate: '2024-01-01',
      published: 'true',
      fileBoth: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer },
    },
  });
  if (res.status() !== 201) throw new Error(`publish ${name}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

// ---- measuring --------------------------------------------------------------------------------

interface Measure {
  firstPageMs: number;
  fromRequestMs: number;
  bytesAtFirstPage: number;
  requestsAtFirstPage: number;
  rangesAtFirstPage: number;
  bytesSettled: number;
  requestsSettled: number;
}

async function measure(page: Page, fileUrlPart: string, go: () => Promise<void>, firstPageMark: string): Promise<Measure> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fetches = new Map<string, { at: number; range: boolean; bytes: number }>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.includes(fileUrlPart)) {
      fetches.set(e.requestId, {
        at: (e.wallTime ?? Date.now() / 1000) * 1000,
        range: Boolean(e.request.headers.Range ?? e.request.headers.range),
        bytes: 0,
      });
    }
  });
  cdp.on('Network.dataReceived', (e) => {
    const f = fetches.get(e.requestId);
    if (f) f.bytes += e.dataLength;
  });
  await go();
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, firstPageMark, { timeout: 120_000 });
  const { origin, at } = await page.evaluate(
    (mark) => ({ origin: performance.timeOrigin, at: performance.getEntriesByName(mark)[0]!.startTime }),
    firstPageMark,
  );
  const firstPageWall = origin + at;
  const before = [...fetches.values()].filter((f) => f.at <= firstPageWall);
  const firstRequest = Math.min(...before.map((f) => f.at));
  const bytesAtFirstPage = before.reduce((sum, f) => sum + f.bytes, 0);
  // Then let it settle: whatever the viewer fetches without being asked.
  let last = -1;
  for (;;) {
    await page.waitForTimeout(SETTLE_MS);
    const now = [...fetches.values()].reduce((sum, f) => sum + f.bytes, 0);
    if (now === last) break;
    last = now;
  }
  return {
    firstPageMs: at,
    fromRequestMs: firstPageWall - firstRequest,
    bytesAtFirstPage,
    requestsAtFirstPage: before.length,
    rangesAtFirstPage: before.filter((f) => f.range).length,
    bytesSettled: last,
    requestsSettled: fetches.size,
  };
}

/** Our viewer: the law book screen of the built app, logged in as the demo company user. */
async function ours(browser: Browser, id: string): Promise<Measure> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  await login(context.request, DEMO_COMPANY);
  const page = await context.newPage();
  const result = await measure(
    page,
    LibraryPaths.file(id),
    () => page.goto(`/dashboard/law-book?doc=${id}`).then(() => undefined),
    'bansi:pdf-first-page',
  );
  await context.close();
  return result;
}

/** pdf.js on its defaults, in a bare page on the same origin (served by Playwright's router; the PDF comes from the server). */
async function generic(browser: Browser, id: string): Promise<Measure> {
  const workerFile = readdirSync(join(webDist, 'static/media')).find((f) => /^pdf\.worker\.min-.*\.mjs$/.test(f));
  if (!workerFile) throw new Error('no pdf.js worker in the build');
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  await login(context.request, DEMO_COMPANY);
  const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/__bench/pdf_viewer.css">
<style>html,body{margin:0;height:100%} #c{position:absolute;inset:0;overflow:auto;background:#e9ecef}</style></head>
<body><div id="c"><div class="pdfViewer"></div></div>
<script type="module">
  import * as pdfjsLib from '/__bench/pdf.mjs';
  globalThis.pdfjsLib = pdfjsLib;
  pdfjsLib.GlobalWorkerOptions.workerSrc = '/static/media/${workerFile}';
  const { EventBus, PDFLinkService, PDFViewer } = await import('/__bench/pdf_viewer.mjs');
  const container = document.getElementById('c');
  const eventBus = new EventBus();
  const linkService = new PDFLinkService({ eventBus });
  const viewer = new PDFViewer({ container, eventBus, linkService });
  linkService.setViewer(viewer);
  let first = false;
  eventBus.on('pagesinit', () => { viewer.currentScaleValue = '1.2'; });
  eventBus.on('pagerendered', () => { if (!first) { first = true; performance.mark('bench:first-page'); } });
  const doc = await pdfjsLib.getDocument({ url: '${API_BASE}${LibraryPaths.file(id)}' }).promise;
  viewer.setDocument(doc);
  linkService.setDocument(doc, null);
</script></body></html>`;
  const files: Record<string, [string, string]> = {
    '/__bench/pdf.mjs': [join(pdfjsRoot, 'build/pdf.mjs'), 'text/javascript'],
    '/__bench/pdf_viewer.mjs': [join(pdfjsRoot, 'web/pdf_viewer.mjs'), 'text/javascript'],
    '/__bench/pdf_viewer.css': [join(pdfjsRoot, 'web/pdf_viewer.css'), 'text/css'],
  };
  await context.route(
    (url) => url.pathname.startsWith('/__bench/'),
    (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/__bench/generic.html') return route.fulfill({ contentType: 'text/html', body: html });
      const file = files[path];
      if (!file) return route.fulfill({ status: 404 });
      return route.fulfill({ contentType: file[1], body: readFileSync(file[0]) });
    },
  );
  const page = await context.newPage();
  const result = await measure(page, LibraryPaths.file(id), () => page.goto('/__bench/generic.html').then(() => undefined), 'bench:first-page');
  await context.close();
  return result;
}

// ---- the run ----------------------------------------------------------------------------------

const kb = (n: number) => `${(n / 1024).toFixed(0).padStart(6)} KiB`;
const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;
const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1).padStart(5)} %`;

try {
  await waitReady();
  const staff = await pwRequest.newContext({ baseURL: base });
  const token = await login(staff, DEMO_STAFF);
  const pdfs = [
    { label: `${BIG_PAGES} pages, page tree first`, buffer: await bigPdf() },
    { label: `${BIG_PAGES} pages, PDFKit (page dicts interleaved)`, buffer: await bigInterleavedPdf() },
  ];
  const published = [];
  for (const [i, pdf] of pdfs.entries()) published.push({ ...pdf, id: await publish(staff, token, `bench-${i}`, pdf.buffer) });
  await staff.dispose();

  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  console.log(`Viewer benchmark — pdf.js ${pdfjsVersion}, ${browser.version()}, same server ${base}, one run each`);
  console.log(
    `machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (timings are wall-clock and move with the load)`,
  );
  console.log(
    `pdf.js generic viewer shipped in pdfjs-dist: ${existsSync(join(pdfjsRoot, 'web/viewer.html')) ? 'yes' : 'no (web/viewer.html is not in the npm package): baseline = PDFViewer + getDocument({ url }) on defaults'}`,
  );
  console.log('');
  const head = [
    'PDF',
    'viewer',
    'first page (from navigation)',
    'first page (from first PDF request)',
    'PDF bytes by first page',
    'requests (ranges)',
    'PDF bytes after idle',
    'requests',
  ];
  console.log(head.join(' | '));
  for (const pdf of published) {
    // One untimed load of each first, so both find the server's file cache and the browser's code cache warm.
    await ours(browser, pdf.id);
    await generic(browser, pdf.id);
    for (const [name, run] of [
      ['Bansi (ranges 64 KiB, no stream, no auto-fetch)', ours],
      ['pdf.js defaults (stream + auto-fetch)', generic],
    ] as const) {
      const m = await run(browser, pdf.id);
      const size = pdf.buffer.length;
      console.log(
        [
          `${pdf.label} (${kb(size).trim()})`,
          name,
          ms(m.firstPageMs),
          ms(m.fromRequestMs),
          `${kb(m.bytesAtFirstPage)} = ${pct(m.bytesAtFirstPage, size)}`,
          `${m.requestsAtFirstPage} (${m.rangesAtFirstPage})`,
          `${kb(m.bytesSettled)} = ${pct(m.bytesSettled, size)}`,
          String(m.requestsSettled),
        ].join(' | '),
      );
    }
  }
  await browser.close();
} finally {
  stop();
}
