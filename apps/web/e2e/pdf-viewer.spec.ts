import { AxeBuilder } from '@axe-core/playwright';
import { API_BASE, AuthPaths, LibraryPaths, StaffLibraryDocument } from '@bansi/shared';
import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS, choose, expect, holdAppScripts, loginAs, test as base } from './fixtures';
import { BIG_PAGES, FIXTURES, MULTIPAGE, PASSWORD, type FixtureName } from './pdf-fixtures';

/**
 * The PDF viewer (DESIGN §5) on PDFs the tests make (pdf-fixtures.ts), published through the real
 * library API and read by company users at /dashboard/law-book, by HTTP range from the API.
 */

type Published = Record<FixtureName, { id: string; size: number; fileName: string }>;

const test = base.extend<object, { published: Published }>({
  // Once per worker: a staff admin publishes every fixture (each worker its own copies).
  published: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const origin = new URL(baseURL).origin;
      const staff = await playwright.request.newContext({ baseURL });
      const { token } = (await (await staff.get(`${API_BASE}${AuthPaths.csrf}`)).json()) as { token: string };
      const headers = { 'x-csrf-token': token, origin };
      const login = await staff.post(`${API_BASE}${AuthPaths.login}`, { data: DEMO_USERS.staff, headers });
      expect(login.status(), 'staff admin logs in').toBe(200);
      const out = {} as Published;
      for (const [name, build] of Object.entries(FIXTURES) as [FixtureName, () => Promise<Buffer>][]) {
        if (name === 'bigInterleaved') continue;
        const buffer = await build();
        const fileName = `${name}.pdf`;
        const res = await staff.post(`${API_BASE}${LibraryPaths.staffList}`, {
          headers,
          multipart: {
            category: 'law',
            titleLo: `ທົດສອບ ${name} ${workerInfo.workerIndex}`,
            titleEn: `Test ${name} ${workerInfo.workerIndex}`,
            version: `w${workerInfo.workerIndex}-${Date.now()}`,
            documentDate: '2024-03-01',
            published: 'true',
            fileBoth: { name: fileName, mimeType: 'application/pdf', buffer },
          },
        });
        expect(res.status(), `publish ${name}: ${await res.text()}`).toBe(201);
        out[name] = { id: StaffLibraryDocument.parse(await res.json()).id, size: buffer.length, fileName };
      }
      await use(out);
      await staff.dispose();
    },
    { scope: 'worker' },
  ],
});

const viewerOf = (page: Page) => page.getByTestId('pdf-viewer');
const pageInput = (page: Page) => page.getByTestId('pdf-page-input');

/** Logs in as the demo company user and opens a published document in the law book. */
async function open(page: Page, id: string, state = 'rendered') {
  await loginAs(page, 'company');
  await page.goto(`/dashboard/law-book?doc=${id}`);
  await expect(viewerOf(page)).toHaveAttribute('data-state', state, { timeout: 20_000 });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A menu entry by its label, whether or not it is the current choice (then its name ends in "(selected)"). */
const entry = (page: Page, label: string, selected: string) =>
  viewerOf(page).getByRole('menuitem', { name: new RegExp(`^${escape(label)}(\\s*${escape(selected)})?$`) });

/** A toolbar tool: its button when the toolbar shows it, else the entry in the "more" menu (compact toolbar). */
async function tool(page: Page, label: string) {
  const viewer = viewerOf(page);
  const button = viewer.getByRole('toolbar').getByRole('button', { name: label, exact: true });
  if (await button.isVisible()) return button.click();
  await viewer.getByRole('button', { name: await moreLabel(page) }).click();
  await entry(page, label, selectedText).click();
}

let more = '';
let selectedText = '(selected)';
async function moreLabel(page: Page) {
  more ||= (await page.getByTestId('pdf-more').getAttribute('aria-label')) ?? '';
  return more;
}

/** pdf.js's --scale-factor: the zoom × 96/72 (CSS pixels per PDF point). */
async function scaleFactor(page: Page): Promise<number> {
  return page.locator('.pdfViewer').evaluate((el) => Number(getComputedStyle(el).getPropertyValue('--scale-factor')));
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

async function chooseZoom(page: Page, label: string) {
  await page.getByTestId('pdf-zoom').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

const locale = (lang: string) => (lang === 'lo' ? 'lo-LA' : 'en-GB');
const percent = (lang: string, value: number) => new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 0 }).format(value);

test.beforeEach(({ guard, tr }) => {
  selectedText = tr('viewer.selected');
  more = '';
  // With range loading pdf.js opens with one plain GET, reads its headers (Accept-Ranges, length) and
  // stops it; everything after that comes by range. That stopped request is expected.
  guard.allow({ method: 'GET', path: /\/library\/[0-9a-f-]+\/file$/, status: 'failed', why: 'pdf.js stops its first full request once ranges work' });
});

test.describe('the PDF viewer', () => {
  // Two browsers share two cores while these run; the longer ones need more than the default 30 s.
  test.describe.configure({ timeout: 60_000 });
  test('navigates pages, zooms, shows thumbnails and the outline, and works by keyboard', async ({ page, published, tr, lang, isMobile, shot }) => {
    await open(page, published.multipage.id);
    const viewer = viewerOf(page);
    await expect(viewer.getByTestId('pdf-page-count')).toHaveText(tr('viewer.toolbar.pageOf', { count: MULTIPAGE.pages }));
    await expect(pageInput(page)).toHaveValue('1');
    // DESIGN §5: default scale 1.2 — on a phone the page width (decision 098): the page fills the width, no more.
    if (isMobile) {
      await expect(page.getByTestId('pdf-zoom')).toHaveValue(tr('viewer.zoom.pageWidth'));
      const first = await box(page.locator('.page[data-page-number="1"]'));
      const pages = await box(page.getByTestId('pdf-pages'));
      expect(first.width).toBeGreaterThan(pages.width * 0.85);
      expect(first.width).toBeLessThanOrEqual(pages.width);
    } else {
      expect(await scaleFactor(page)).toBeCloseTo(1.2 * (96 / 72), 3);
      await expect(page.getByTestId('pdf-zoom')).toHaveValue(percent(lang, 1.2));
    }
    // A compact toolbar on a phone; everything there is in the "more" menu.
    if (isMobile) await expect(viewer).toHaveAttribute('data-compact', 'true');
    else await expect(viewer).not.toHaveAttribute('data-compact');
    // Every control has a name (from the translations).
    for (const button of await viewer.getByRole('toolbar').getByRole('button').all()) {
      expect((await button.getAttribute('aria-label'))?.trim()).toBeTruthy();
    }

    await tool(page, tr('viewer.toolbar.nextPage'));
    await expect(pageInput(page)).toHaveValue('2');
    await tool(page, tr('viewer.toolbar.lastPage'));
    await expect(pageInput(page)).toHaveValue(String(MULTIPAGE.pages));
    await tool(page, tr('viewer.toolbar.firstPage'));
    await expect(pageInput(page)).toHaveValue('1');
    await pageInput(page).fill('4');
    await pageInput(page).press('Enter');
    await expect(pageInput(page)).toHaveValue('4');
    await expect(page.locator('.page[data-page-number="4"]')).toBeInViewport();
    await tool(page, tr('viewer.toolbar.previousPage'));
    await expect(pageInput(page)).toHaveValue('3');

    // Zoom: the menu has the presets of DESIGN §5, and each does what it says.
    await page.getByTestId('pdf-zoom').click();
    const options = page.getByRole('option');
    // The presets, with the current 120 % in its place among them (on a phone the current one is a preset).
    await expect(options).toHaveText([
      tr('viewer.zoom.actual'),
      tr('viewer.zoom.pageFit'),
      tr('viewer.zoom.pageWidth'),
      ...(isMobile ? [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] : [0.5, 0.75, 1, 1.2, 1.25, 1.5, 2, 3, 4]).map((z) => percent(lang, z)),
    ]);
    await page.keyboard.press('Escape');
    await chooseZoom(page, percent(lang, 2));
    await expect.poll(() => scaleFactor(page)).toBeCloseTo(2 * (96 / 72), 3);
    await chooseZoom(page, tr('viewer.zoom.actual'));
    await expect.poll(() => scaleFactor(page)).toBeCloseTo(96 / 72, 3);
    await chooseZoom(page, tr('viewer.zoom.pageWidth'));
    const pageWidth = await box(page.locator('.page[data-page-number="3"]'));
    const container = await box(page.getByTestId('pdf-pages'));
    expect(pageWidth.width).toBeGreaterThan(container.width * 0.85);
    await chooseZoom(page, tr('viewer.zoom.pageFit'));
    // The drawn page (its canvas; the .page box adds pdf.js's 9 px border on each side) fits the height.
    await expect
      .poll(async () => (await box(page.locator('.page[data-page-number="3"] .canvasWrapper'))).height)
      .toBeLessThanOrEqual(container.height);
    const fit = await scaleFactor(page);
    await tool(page, tr('viewer.toolbar.zoomIn'));
    await expect.poll(() => scaleFactor(page)).toBeGreaterThan(fit);
    const zoomedIn = await scaleFactor(page);
    await tool(page, tr('viewer.toolbar.zoomOut'));
    await expect.poll(() => scaleFactor(page)).toBeLessThan(zoomedIn);

    // Sidebar: thumbnails 100 px wide, drawn when in view; the outline when the PDF has one.
    if (isMobile) await tool(page, tr('viewer.toolbar.sidebar'));
    const thumbs = page.getByTestId('pdf-thumbnails').getByRole('button');
    await expect(thumbs).toHaveCount(MULTIPAGE.pages);
    await expect(thumbs.first()).toHaveAttribute('data-drawn', 'true');
    expect(Math.round((await box(thumbs.first().locator('canvas'))).width)).toBe(100);
    await page
      .getByTestId('pdf-thumbnails')
      .getByRole('button', { name: tr('viewer.sidebar.thumbnail', { page: 5 }) })
      .click();
    await expect(pageInput(page)).toHaveValue('5');
    if (isMobile) await tool(page, tr('viewer.toolbar.sidebar'));
    await page.getByRole('tab', { name: tr('viewer.sidebar.outline') }).click();
    await page.getByTestId('pdf-outline').getByRole('button', { name: 'Chapter 2', exact: true }).click();
    await expect(pageInput(page)).toHaveValue('2');
    if (isMobile) await expect(page.getByTestId('pdf-sidebar')).toBeHidden();
    else await tool(page, tr('viewer.toolbar.sidebar'));
    await expect(page.getByTestId('pdf-sidebar')).toBeHidden();

    // Keyboard: the pages take focus; n / p turn pages, Ctrl+F finds.
    await page.getByTestId('pdf-pages').focus();
    await page.keyboard.press('n');
    await expect(pageInput(page)).toHaveValue('3');
    await page.keyboard.press('p');
    await expect(pageInput(page)).toHaveValue('2');
    await page.keyboard.press('Control+f');
    await expect(page.getByTestId('pdf-find-input')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('pdf-find-bar')).toBeHidden();
    // Tab reaches the toolbar's controls in order, each with its name.
    await pageInput(page).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: tr('viewer.toolbar.nextPage'), exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(pageInput(page)).toHaveValue('3');
    await shot('viewer-navigation');
  });

  test('finds text with highlights, next and previous, match case and whole words', async ({ page, published, tr }) => {
    await open(page, published.multipage.id);
    await tool(page, tr('viewer.toolbar.search'));
    const input = page.getByTestId('pdf-find-input');
    const status = page.getByTestId('pdf-find-status');
    await input.fill(MULTIPAGE.word);
    await expect(status).toHaveText(tr('viewer.find.result', { current: 1, total: MULTIPAGE.wordCount }));
    await expect(page.locator('.textLayer .highlight').first()).toBeVisible();
    await expect(page.locator('.textLayer .highlight.selected')).toHaveCount(1);
    await input.press('Enter');
    await expect(status).toHaveText(tr('viewer.find.result', { current: 2, total: MULTIPAGE.wordCount }));
    await page.getByRole('button', { name: tr('viewer.find.next'), exact: true }).click();
    await expect(status).toHaveText(tr('viewer.find.result', { current: 3, total: MULTIPAGE.wordCount }));
    await input.press('Shift+Enter');
    await expect(status).toHaveText(tr('viewer.find.result', { current: 2, total: MULTIPAGE.wordCount }));
    await page.getByRole('button', { name: tr('viewer.find.previous'), exact: true }).click();
    await expect(status).toHaveText(tr('viewer.find.result', { current: 1, total: MULTIPAGE.wordCount }));

    // Match case leaves out "BANSI".
    await page.getByRole('checkbox', { name: tr('viewer.find.matchCase') }).check();
    await expect(status).toHaveText(tr('viewer.find.result', { current: 1, total: MULTIPAGE.wordCount - 1 }));
    await page.getByRole('checkbox', { name: tr('viewer.find.matchCase') }).uncheck();

    // Whole words leaves out "ledgers".
    await input.fill(MULTIPAGE.wholeWord);
    await expect(status).toHaveText(tr('viewer.find.result', { current: 1, total: MULTIPAGE.wholeWordCount + 1 }));
    await page.getByRole('checkbox', { name: tr('viewer.find.wholeWords') }).check();
    await expect(status).toHaveText(tr('viewer.find.result', { current: 1, total: MULTIPAGE.wholeWordCount }));

    await input.fill('zebra crossing');
    await expect(status).toHaveText(tr('viewer.find.notFound'));
    await expect(page.locator('.textLayer .highlight')).toHaveCount(0);
    await page.getByRole('button', { name: tr('viewer.find.close'), exact: true }).click();
    await expect(page.getByTestId('pdf-find-bar')).toBeHidden();
  });

  test('rotates, changes scroll and view modes and the selection tool', async ({ page, published, tr, isMobile }) => {
    await open(page, published.multipage.id);
    const first = page.locator('.page[data-page-number="1"]');
    const portrait = await box(first);
    expect(portrait.height).toBeGreaterThan(portrait.width);
    // by its shape, not its size: on a phone the page is fitted to the width, turned or not
    const landscape = async () => {
      const b = await box(first);
      return b.width > b.height;
    };
    await tool(page, tr('viewer.toolbar.rotateCw'));
    await expect.poll(landscape).toBe(true);
    await tool(page, tr('viewer.toolbar.rotateCcw'));
    await tool(page, tr('viewer.toolbar.rotateCcw'));
    await expect.poll(landscape).toBe(true);
    await tool(page, tr('viewer.toolbar.rotateCw'));
    await expect.poll(landscape).toBe(false);

    const pdfViewer = page.locator('.pdfViewer');
    const menuChoice = (key: string) => tool(page, tr(key));
    await menuChoice('viewer.scroll.horizontal');
    await expect(pdfViewer).toHaveClass(/scrollHorizontal/);
    await menuChoice('viewer.scroll.wrapped');
    await expect(pdfViewer).toHaveClass(/scrollWrapped/);
    await menuChoice('viewer.scroll.page');
    await expect(pdfViewer).not.toHaveClass(/scrollWrapped|scrollHorizontal/);
    await expect(page.locator('.pdfViewer .page:visible')).toHaveCount(1);
    await menuChoice('viewer.scroll.vertical');
    await expect(page.locator('.pdfViewer .page:visible')).toHaveCount(MULTIPAGE.pages);

    await menuChoice('viewer.spread.odd');
    await expect(page.locator('.pdfViewer .spread')).toHaveCount(3);
    await expect(page.locator('.pdfViewer .spread').first().locator('.page')).toHaveCount(2);
    await menuChoice('viewer.spread.even');
    await expect(page.locator('.pdfViewer .spread')).toHaveCount(4);
    await expect(page.locator('.pdfViewer .spread').first().locator('.page')).toHaveCount(1);
    await menuChoice('viewer.spread.none');
    await expect(page.locator('.pdfViewer .spread')).toHaveCount(0);
    // The menu shows the choice.
    await page.getByTestId('pdf-more').click();
    await expect(entry(page, tr('viewer.spread.none'), selectedText)).toHaveAttribute('data-checked', 'true');
    await expect(entry(page, tr('viewer.spread.none'), selectedText)).toHaveAccessibleName(new RegExp(`${escape(tr('viewer.selected'))}$`));
    await expect(entry(page, tr('viewer.scroll.vertical'), selectedText)).toHaveAttribute('data-checked', 'true');
    await expect(entry(page, tr('viewer.scroll.page'), selectedText)).toHaveAttribute('data-checked', 'false');
    await page.keyboard.press('Escape');

    // Hand tool: dragging scrolls, text is not selected.
    const pages = page.getByTestId('pdf-pages');
    await menuChoice('viewer.selection.hand');
    await expect(pages).toHaveAttribute('data-selection', 'hand');
    if (!isMobile) {
      const area = await box(pages);
      const before = await pages.evaluate((el) => el.scrollTop);
      await page.mouse.move(area.x + area.width / 2, area.y + area.height - 40);
      await page.mouse.down();
      await page.mouse.move(area.x + area.width / 2, area.y + 40, { steps: 8 });
      await page.mouse.up();
      expect(await pages.evaluate((el) => el.scrollTop)).toBeGreaterThan(before + 100);
      expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
    }
    await menuChoice('viewer.selection.text');
    await expect(pages).toHaveAttribute('data-selection', 'text');
  });

  test('switches between the light and the dark theme, kept across visits', async ({ page, published, tr, shot }) => {
    await open(page, published.multipage.id);
    const menuChoice = (key: string) => tool(page, tr(key));
    await expect(viewerOf(page)).toHaveAttribute('data-theme', 'light');
    await shot('viewer-light');
    await menuChoice('viewer.theme.dark');
    await expect(viewerOf(page)).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('pdf-toolbar')).toHaveCSS('background-color', 'rgb(56, 56, 61)');
    await shot('viewer-dark');
    await page.reload();
    await expect(viewerOf(page)).toHaveAttribute('data-theme', 'dark');
    await expect(viewerOf(page)).toHaveAttribute('data-state', 'rendered');
    await menuChoice('viewer.theme.light');
    await expect(viewerOf(page)).toHaveAttribute('data-theme', 'light');
  });

  test('shows the properties, downloads, opens a local file and goes full screen', async ({ page, published, tr, isMobile }) => {
    await open(page, published.multipage.id);
    await tool(page, tr('viewer.toolbar.properties'));
    const dialog = page.getByTestId('pdf-properties-dialog');
    const row = (field: string) => dialog.locator(`tr[data-field="${field}"] td`);
    await expect(row('fileName')).toHaveText(published.multipage.fileName);
    // The byte count, whatever digit grouping the browser's Lao locale data uses.
    await expect.poll(async () => (await row('fileSize').innerText()).replace(/[^\d]/g, '')).toContain(String(published.multipage.size));
    await expect(row('docTitle')).toHaveText(MULTIPAGE.title);
    await expect(row('author')).toHaveText(MULTIPAGE.author);
    await expect(row('subject')).toHaveText(MULTIPAGE.subject);
    await expect(row('keywords')).toHaveText(MULTIPAGE.keywords);
    await expect(row('producer')).toContainText('PDFKit');
    await expect(row('version')).toHaveText(/^1\.\d$/);
    await expect(row('pageCount')).toHaveText(String(MULTIPAGE.pages));
    await expect(row('pageSize')).toContainText('210 × 297');
    await expect(row('pageSize')).toContainText('A4');
    await expect(row('creationDate')).toContainText('2024');
    await dialog
      .getByRole('button', { name: tr('viewer.properties.close') })
      .last()
      .click();
    await expect(dialog).toBeHidden();

    const download = page.waitForEvent('download');
    await tool(page, tr('viewer.toolbar.download'));
    expect((await download).suggestedFilename()).toBe(published.multipage.fileName);

    // Open a file from the device: it replaces the document in the viewer.
    await page.getByTestId('pdf-file-input').setInputFiles({ name: 'mine.pdf', mimeType: 'application/pdf', buffer: await FIXTURES.noPrint() });
    await expect(page.getByTestId('pdf-page-count')).toHaveText(tr('viewer.toolbar.pageOf', { count: 1 }));
    await expect(viewerOf(page)).toHaveAttribute('data-state', 'rendered');
    await tool(page, tr('viewer.toolbar.properties'));
    await expect(row('fileName')).toHaveText('mine.pdf');
    await dialog
      .getByRole('button', { name: tr('viewer.properties.close') })
      .last()
      .click();

    if (!isMobile) {
      await tool(page, tr('viewer.toolbar.fullScreen'));
      await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null)).toBe('pdf-viewer');
      // Menus open inside the full-screen viewer.
      await page.getByTestId('pdf-more').click();
      await expect(viewerOf(page).getByRole('menu')).toBeVisible();
      await page.keyboard.press('Escape');
      await tool(page, tr('viewer.toolbar.exitFullScreen'));
      await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    }
  });

  test('prints through checking, preparing and ready; cancels; refuses a PDF that forbids printing', async ({ page, published, tr }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __prints: number; __phases: string[] };
      w.__prints = 0;
      w.__phases = [];
      window.print = () => void (w.__prints += 1);
      // Every value the attribute takes, in order (old values too, in case two changes come in one batch).
      const note = (phase: string | null) => phase && w.__phases[w.__phases.length - 1] !== phase && w.__phases.push(phase);
      new MutationObserver((records) => {
        for (const r of records) note(r.oldValue);
        note((records[records.length - 1]?.target as Element | undefined)?.getAttribute('data-print-phase') ?? null);
      }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-print-phase'] });
    });
    const prints = () => page.evaluate(() => (window as unknown as { __prints: number }).__prints);
    const phases = () => page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);

    await open(page, published.multipage.id);
    await tool(page, tr('viewer.toolbar.print'));
    await expect.poll(prints).toBe(1);
    await expect(viewerOf(page)).toHaveAttribute('data-print-phase', 'inactive');
    expect(await phases()).toEqual(['inactive', 'checkingPermission', 'preparing', 'ready', 'inactive']);
    // The pages went into the print-only container and out again.
    await expect(page.locator('.bansi-print-container')).toHaveCount(0);

    // 300 pages take a while to prepare: progress shows, and Cancel stops it.
    await page.goto(`/dashboard/law-book?doc=${published.big.id}`);
    await expect(viewerOf(page)).toHaveAttribute('data-state', 'rendered', { timeout: 20_000 });
    await tool(page, tr('viewer.toolbar.print'));
    const dialog = page.getByTestId('pdf-print-dialog');
    const preparing = new RegExp(
      tr('viewer.print.preparing', { done: '__N__', total: BIG_PAGES })
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace('__N__', '\\d+'),
    );
    await expect(dialog.getByText(preparing)).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await dialog
      .getByRole('button', { name: tr('viewer.print.cancel') })
      .last()
      .click();
    await expect(viewerOf(page)).toHaveAttribute('data-print-phase', 'cancelled');
    await expect(dialog.getByText(tr('viewer.print.cancelled'))).toBeVisible();
    await dialog
      .getByRole('button', { name: tr('viewer.print.close') })
      .last()
      .click();
    await expect(viewerOf(page)).toHaveAttribute('data-print-phase', 'inactive');
    expect(await prints()).toBe(0);
    await expect(page.locator('.bansi-print-container')).toHaveCount(0);

    // The PDF's own permission: no printing.
    await page.goto(`/dashboard/law-book?doc=${published.noPrint.id}`);
    await expect(viewerOf(page)).toHaveAttribute('data-state', 'rendered');
    await tool(page, tr('viewer.toolbar.print'));
    await expect(page.getByTestId('pdf-print-refused')).toHaveText(tr('viewer.print.refused'));
    await expect(viewerOf(page)).toHaveAttribute('data-print-phase', 'refused');
    expect(await prints()).toBe(0);
  });

  test('reads a 300-page PDF by 64 KiB ranges and shows page 1 after a small part of it', async ({ page, published, tr }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    interface Fetch {
      url: string;
      range?: string;
      status?: number;
      bytes: number;
      at: number;
    }
    const fetches = new Map<string, Fetch>();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.includes(LibraryPaths.file(published.big.id))) {
        const at = (e.wallTime ?? Date.now() / 1000) * 1000;
        fetches.set(e.requestId, { url: e.request.url, range: e.request.headers.Range ?? e.request.headers.range, bytes: 0, at });
      }
    });
    cdp.on('Network.responseReceived', (e) => {
      const f = fetches.get(e.requestId);
      if (f) f.status = e.response.status;
    });
    cdp.on('Network.dataReceived', (e) => {
      const f = fetches.get(e.requestId);
      if (f) f.bytes += e.dataLength;
    });

    await open(page, published.big.id);
    const firstPageAt = await page.evaluate(() => performance.timeOrigin + performance.getEntriesByName('bansi:pdf-first-page')[0]!.startTime);
    await expect(page.getByTestId('pdf-page-count')).toHaveText(tr('viewer.toolbar.pageOf', { count: BIG_PAGES }));
    const beforeFirstPage = [...fetches.values()].filter((f) => f.at <= firstPageAt);
    const ranges = beforeFirstPage.filter((f) => f.range);
    const fetched = beforeFirstPage.reduce((sum, f) => sum + f.bytes, 0);
    test
      .info()
      .annotations.push({ type: 'range loading', description: `${ranges.length} ranges, ${fetched} of ${published.big.size} bytes before page 1` });

    // Every range is one chunk of at most 65,536 bytes, answered 206.
    expect(ranges.length).toBeGreaterThan(0);
    for (const f of ranges) {
      const [, start, end] = /^bytes=(\d+)-(\d+)$/.exec(f.range!) ?? [];
      expect(Number(end) - Number(start) + 1, f.range).toBeLessThanOrEqual(65_536);
      expect(f.status, f.range).toBe(206);
      expect(f.bytes, f.range).toBeLessThanOrEqual(65_536);
    }
    // The first request (no range) only asks the server what it can do and is stopped.
    expect(beforeFirstPage.filter((f) => !f.range).length).toBeLessThanOrEqual(1);
    expect(ranges.length).toBeLessThanOrEqual(8);
    expect(fetched).toBeLessThan(published.big.size * 0.15);

    // The last page comes by range too, without the whole file.
    await pageInput(page).fill(String(BIG_PAGES));
    await pageInput(page).press('Enter');
    await expect(page.locator(`.page[data-page-number="${BIG_PAGES}"] canvas`).first()).toBeVisible();
    const total = [...fetches.values()].reduce((sum, f) => sum + f.bytes, 0);
    expect(total).toBeLessThan(published.big.size * 0.5);
  });

  test('a password-protected PDF asks for its password, and again when it is wrong', async ({ page, published, tr }) => {
    await open(page, published.password.id, 'password');
    const dialog = page.getByTestId('pdf-password-dialog');
    await expect(page.getByRole('dialog', { name: tr('viewer.password.title') })).toBeVisible();
    await expect(dialog.getByTestId('pdf-password-reason')).toHaveText(tr('viewer.password.needed'));
    await dialog.getByLabel(tr('viewer.password.label'), { exact: true }).fill('wrong password');
    await dialog.getByRole('button', { name: tr('viewer.password.submit'), exact: true }).click();
    await expect(dialog.getByTestId('pdf-password-reason')).toHaveText(tr('viewer.password.incorrect'));
    await dialog.getByLabel(tr('viewer.password.label'), { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: tr('viewer.password.submit'), exact: true }).click();
    await expect(viewerOf(page)).toHaveAttribute('data-state', 'rendered');
    await expect(page.getByTestId('pdf-page-count')).toHaveText(tr('viewer.toolbar.pageOf', { count: 2 }));

    // Closing the prompt leaves the document closed, with the reason and a way to try again.
    await page.reload();
    await expect(viewerOf(page)).toHaveAttribute('data-state', 'password');
    // The footer's Cancel (the header's close button has the same name).
    await page
      .getByTestId('pdf-password-dialog')
      .getByRole('button', { name: tr('viewer.password.cancel'), exact: true })
      .last()
      .click();
    const error = page.getByTestId('pdf-error');
    await expect(error).toHaveAttribute('data-kind', 'passwordNeeded');
    await expect(error).toContainText(tr('viewer.errors.title'));
    await expect(error).toContainText(tr('viewer.errors.passwordNeeded'));
    await error.getByRole('button', { name: tr('viewer.errors.retry') }).click();
    await expect(viewerOf(page)).toHaveAttribute('data-state', 'password');
  });

  test('explains an invalid PDF', async ({ page, published, tr, shot }) => {
    await open(page, published.corrupt.id, 'error');
    const error = page.getByTestId('pdf-error');
    await expect(error).toHaveAttribute('data-kind', 'invalid');
    await expect(error).toContainText(tr('viewer.errors.invalid'));
    await shot('viewer-error-invalid');
  });

  test('explains a missing PDF (a submission file that is not there)', async ({ page, guard, tr }) => {
    guard.allow({ method: 'GET', path: /\/files\/[0-9a-f-]+(\/content)?$/, status: 404, why: 'the file does not exist, on purpose' });
    await loginAs(page, 'company');
    await page.goto('/dashboard/document-viewer/00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-00000000abcd');
    const error = page.getByTestId('pdf-error');
    await expect(error).toHaveAttribute('data-kind', 'missing', { timeout: 20_000 });
    await expect(error).toContainText(tr('viewer.errors.missing'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('dashboard.viewer.title'));
  });

  test('explains an unexpected answer from the server', async ({ page, published, guard, tr }) => {
    const file = new RegExp(`${LibraryPaths.file(published.multipage.id)}$`);
    guard.allow({ method: 'GET', path: file, status: 503, why: 'the test makes the file endpoint fail' });
    await page.route(
      (url) => file.test(url.pathname),
      (route) => route.fulfill({ status: 503, body: 'down for maintenance' }),
    );
    await open(page, published.multipage.id, 'error');
    const error = page.getByTestId('pdf-error');
    await expect(error).toHaveAttribute('data-kind', 'unexpectedResponse');
    await expect(error).toContainText(tr('viewer.errors.unexpectedResponse', { status: 503 }));
    // Once the server is back, Try again opens it.
    await page.unrouteAll();
    await error.getByRole('button', { name: tr('viewer.errors.retry') }).click();
    await expect(viewerOf(page)).toHaveAttribute('data-state', 'rendered');
  });

  test('explains a failed connection as an unknown error', async ({ page, published, guard, tr }) => {
    const file = new RegExp(`${LibraryPaths.file(published.multipage.id)}$`);
    guard.allow({ method: 'GET', path: file, status: 'failed', why: 'the test breaks the connection' });
    await page.route(
      (url) => file.test(url.pathname),
      (route) => route.abort('connectionreset'),
    );
    await open(page, published.multipage.id, 'error');
    const error = page.getByTestId('pdf-error');
    await expect(error).toHaveAttribute('data-kind', 'unknown');
    await expect(error).toContainText(tr('viewer.errors.unknown'));
  });

  test('stops loading when asked, and says so', async ({ page, published, guard, tr }) => {
    const file = new RegExp(`${LibraryPaths.file(published.multipage.id)}$`);
    guard.allow({ method: 'GET', path: file, status: 'failed', why: 'the test stops the load' });
    // The server never answers.
    await page.route(
      (url) => file.test(url.pathname),
      () => undefined,
    );
    await loginAs(page, 'company');
    await page.goto(`/dashboard/law-book?doc=${published.multipage.id}`);
    await expect(viewerOf(page)).toHaveAttribute('data-state', 'loading');
    await page.getByRole('button', { name: tr('viewer.cancelLoading') }).click();
    const error = page.getByTestId('pdf-error');
    await expect(error).toHaveAttribute('data-kind', 'aborted');
    await expect(error).toContainText(tr('viewer.errors.aborted'));
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('the guide book: the bundled user guide at 120 % (page width on a phone), a Lao word found where it is drawn, no serious accessibility issue', async ({
    page,
    tr,
    isMobile,
    shot,
  }) => {
    await loginAs(page, 'company');
    await page.goto('/dashboard/guide-book');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('dashboard.nav.guideBook'));
    await expect(viewerOf(page)).toHaveAttribute('data-state', 'rendered', { timeout: 20_000 });
    if (isMobile) {
      // A phone opens the page at its width (decision 098): all of a line is readable without scrolling sideways.
      await expect(page.getByTestId('pdf-zoom')).toHaveValue(tr('viewer.zoom.pageWidth'));
      const first = await box(page.locator('.page[data-page-number="1"]'));
      const pages = await box(page.getByTestId('pdf-pages'));
      expect(first.width).toBeGreaterThan(pages.width * 0.85);
      expect(first.width).toBeLessThanOrEqual(pages.width);
    } else {
      expect(await scaleFactor(page)).toBeCloseTo(1.2 * (96 / 72), 3);
    }
    await expect(page.getByTestId('pdf-page-count')).toHaveText(tr('viewer.toolbar.pageOf', { count: 3 }));
    // Full height: the viewer reaches the bottom of the window.
    const viewport = page.viewportSize()!;
    const viewer = await box(viewerOf(page));
    expect(viewer.y + viewer.height).toBeGreaterThan(viewport.height - 40);
    await page.waitForLoadState('networkidle');
    await shot('guide-book');
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="pdf-toolbar"]').analyze();
    const bad = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad).toEqual([]);

    // Search a Lao word with ຳ: found, and its highlight sits on the word as drawn (decision 098).
    await tool(page, tr('viewer.toolbar.search'));
    await page.getByTestId('pdf-find-input').fill('ການນຳໃຊ້');
    await expect(page.getByTestId('pdf-find-status')).toHaveAttribute('data-state', /found|wrapped/);
    await expect(page.getByTestId('pdf-find-status')).toHaveText(/\d/);
    const highlight = page.locator('.textLayer .highlight.selected').first();
    await expect(highlight).toBeVisible();
    await expect(highlight).toHaveText('ການນຳໃຊ້');
    const g = await highlight.evaluate((el) => {
      const rect = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      const pageEl = el.closest('.page')!;
      const canvas = pageEl.querySelector('canvas')!;
      const hl = rect(el);
      const c = rect(canvas);
      // Where the word's ink is on the canvas, in the highlight's columns: the dark pixels' vertical middle.
      const ctx = canvas.getContext('2d')!;
      const sx = canvas.width / c.width;
      const sy = canvas.height / c.height;
      const x0 = Math.round((hl.x - c.x) * sx);
      const w = Math.max(1, Math.round(hl.width * sx));
      const y0 = Math.max(0, Math.round((hl.y - hl.height / 2 - c.y) * sy));
      const h = Math.min(canvas.height - y0, Math.round(hl.height * 2 * sy));
      const px = ctx.getImageData(x0, y0, w, h).data;
      let sum = 0;
      let n = 0;
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const i = (y * w + x) * 4;
          if (px[i]! + px[i + 1]! + px[i + 2]! < 300) {
            sum += y;
            n++;
          }
        }
      return {
        highlight: hl,
        span: rect(el.parentElement!),
        textLayer: rect(pageEl.querySelector('.textLayer')!),
        canvas: c,
        inkMiddle: n ? c.y + (y0 + sum / n) / sy : null,
      };
    });
    // The text layer covers exactly the drawn page (not 18 px larger, which pushed every highlight down and right) …
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(g.textLayer[k] - g.canvas[k]), `text layer ${k}`).toBeLessThanOrEqual(1);
    // … the highlight lies inside the word's text-layer span …
    const overlapX = Math.min(g.highlight.x + g.highlight.width, g.span.x + g.span.width) - Math.max(g.highlight.x, g.span.x);
    const overlapY = Math.min(g.highlight.y + g.highlight.height, g.span.y + g.span.height) - Math.max(g.highlight.y, g.span.y);
    expect(overlapX).toBeGreaterThan(0.95 * g.highlight.width - 2);
    expect(overlapY).toBeGreaterThan(0.8 * Math.min(g.highlight.height, g.span.height));
    // … and on the Lao letters drawn there: their ink's middle is in the highlight's middle half.
    expect(g.inkMiddle).not.toBeNull();
    expect(g.inkMiddle!).toBeGreaterThan(g.highlight.y + g.highlight.height * 0.25);
    expect(g.inkMiddle!).toBeLessThan(g.highlight.y + g.highlight.height * 0.75);
    await highlight.scrollIntoViewIfNeeded();
    await shot('guide-book-search');
  });
});

test.describe('the back office library', () => {
  test('a staff admin publishes a document and a company user reads it', async ({ page, tr, lang, isMobile }) => {
    test.skip(isMobile, 'one run on a wide screen is enough for the form');
    await loginAs(page, 'staff');
    await page.goto('/staff/library');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('staff.nav.library'));
    await page.getByRole('button', { name: tr('library.staff.add') }).click();
    const form = page.getByTestId('library-create-form');
    const title = `ໃບອະນຸຍາດ ທົດສອບ ${Date.now()}`;
    await choose(page, form.getByLabel(tr('library.staff.fields.category')), tr('library.categories.license'));
    await form.getByLabel(tr('library.staff.fields.titleLo')).fill(title);
    await form.getByLabel(tr('library.staff.fields.titleEn')).fill(title.replace('ໃບອະນຸຍາດ ທົດສອບ', 'Test licence'));
    await form.getByLabel(tr('library.staff.fields.version')).fill('2024-a');
    await form.locator('input[type=file]').setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: await FIXTURES.multipage() });
    await form.getByRole('button', { name: tr('library.staff.save') }).click();
    await expect(form).toBeHidden();
    const row = page.getByTestId('library-table').getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(tr('library.staff.published'));

    await page.context().clearCookies();
    await loginAs(page, 'company');
    const shown = lang === 'en' ? title.replace('ໃບອະນຸຍາດ ທົດສອບ', 'Test licence') : title;
    await page.goto('/dashboard/accounting-license');
    await expect(page.getByTestId('library-meta')).toBeVisible();
    // Several licences from earlier runs: pick ours.
    if (await page.getByTestId('library-choose').count()) {
      await choose(page, page.getByTestId('library-choose'), shown, { exact: true });
    } else {
      await expect(page.getByTestId('library-title')).toHaveText(shown);
    }
    await expect(viewerOf(page)).toHaveAttribute('data-state', 'rendered', { timeout: 20_000 });
    await expect(page.getByTestId('pdf-page-count')).toHaveText(tr('viewer.toolbar.pageOf', { count: MULTIPAGE.pages }));
  });
});

test("on a slow phone the guide book shows a picture of its first page before the viewer has loaded, then the viewer's own", async ({
  page,
  baseURL,
  lang,
  tr,
  isMobile,
  shot,
}) => {
  test.skip((lang === 'lo') !== isMobile, 'runs in lo-mobile and en-desktop');
  await loginAs(page, 'company');
  // the language the app shows this browser, as a browser that has used the app keeps it
  await page.context().addCookies([{ name: 'bansi_lang', value: lang, url: baseURL! }]);
  // The pictures are made by a job once the server has started (decision 287).
  await expect
    .poll(
      async () =>
        (await (await page.request.get('/dashboard/guide-book', { headers: { accept: 'text/html' } })).text()).includes('pdf-first-page-first-paint'),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);

  // The app's JavaScript held back, as on a slow network: only the server's page is there.
  const release = await holdAppScripts(page);
  await page.goto('/dashboard/guide-book', { waitUntil: 'commit' });
  const firstPaint = page.locator('#first-paint');
  await expect(firstPaint.getByRole('heading', { level: 1 })).toHaveText(tr('dashboard.nav.guideBook'));
  await expect(firstPaint.getByRole('status')).toHaveText(tr('viewer.preparing'));
  const picture = firstPaint.getByTestId('pdf-first-page-first-paint');
  await expect(picture).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  // a real picture of the page, drawn in full (not a broken image)
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(720);
  await shot('guide-book-first-paint');

  release();
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-state', 'rendered', { timeout: 30_000 });
  await expect(firstPaint).toHaveCount(0);
  // the app, inert underneath while it was covered, is the page again
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden');
});
