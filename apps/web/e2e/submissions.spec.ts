import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE, AuthPaths, FilePaths, LANGUAGE_STORAGE_KEY, SubmissionPaths } from '@bansi/shared';
import { formatInteger } from '@bansi/shared/format';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { expect as baseExpect, choose, loginAs, test, type Lang } from './fixtures';

// Several browsers, the server and the PDF viewer share the machine in this test: allow slow answers.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Issue 6 as the people live it, in every project (both languages, both widths): a company fills the
 * submission wizard, uploads (the progress bar shows, a wrong type is refused), submits; staff return it
 * with a comment on a file; the company sees the comment, replaces the file, resubmits; a stale reviewer
 * action is refused and reloaded; staff accept; the company downloads the receipt.
 */

const UPLOADS = `${API_BASE}${FilePaths.uploads}`;

/** A small valid PDF; `pages` of uncompressed text make it as large as a test needs. */
function pdf(title: string, pages = 1): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      compress: false,
      info: { Title: title },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let p = 0; p < pages; p++) {
      if (p > 0) doc.addPage();
      doc.fontSize(20).text(`${title} — page ${p + 1}`);
      doc.fontSize(9);
      for (let line = 0; line < 40; line++) doc.text(`Line ${line + 1}: balance sheet, income statement, cash flow, notes.`);
    }
    doc.end();
  });
}

const CSV = Buffer.from('account,debit,credit\n1010,1000000,0\n4010,0,1000000\n', 'utf8');

async function csrfHeaders(request: APIRequestContext, baseURL: string) {
  const res = await request.get(`${API_BASE}${AuthPaths.csrf}`);
  const { token } = (await res.json()) as { token: string };
  return { 'x-csrf-token': token, origin: new URL(baseURL).origin };
}

/**
 * A company of its own for this project and run (commodity production, declared "small"), registered
 * and logged in through the API with the page's request context (so the page has the session).
 */
async function registerCompany(request: APIRequestContext, baseURL: string, lang: Lang) {
  const ref = async (list: string, code: string) => {
    const res = await request.get(`${API_BASE}/reference/${list}`);
    const item = ((await res.json()) as { items: { id: string; code: string }[] }).items.find((i) => i.code === code);
    if (!item) throw new Error(`no ${list}/${code}`);
    return item.id;
  };
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-10);
  const name = { lo: `ບໍລິສັດ ສົ່ງເອກະສານ ${n}`, en: `Submitting ${n} Co., Ltd.` };
  const email = `submit-e2e-${n}@example.test`;
  const password = 'e2e submission password';
  const reg = await request.post(`${API_BASE}${AuthPaths.register}`, {
    headers: await csrfHeaders(request, baseURL),
    data: {
      company: {
        nameLo: name.lo,
        nameEn: name.en,
        tin: `8${n}`,
        registrationNo: `SUB-${n}`,
        categoryId: await ref('categories', 'production'),
        enterpriseTypeId: await ref('enterprise-types', 'limited'),
        sizeId: await ref('sizes', 'small'),
        accountProgramId: await ref('account-programs', 'excel'),
        provinceCode: '01',
        districtCode: '0101',
        villageName: 'ບ້ານ ທົດສອບ',
        address: 'ຖະໜົນ ທົດສອບ 6',
        phone: '+856 21 600 600',
        email: `office-${n}@example.test`,
      },
      people: {
        owner: {
          name: 'ທ. ເຈົ້າຂອງ ທົດສອບ',
          position: 'ຜູ້ອຳນວຍການ',
          phone: '+856 20 6000 0001',
        },
        holder: {
          kind: 'employee',
          name: 'ນ. ນັກບັນຊີ ທົດສອບ',
          phone: '+856 20 6000 0002',
        },
        checker: { name: 'ທ. ຜູ້ກວດ ທົດສອບ' },
      },
      user: {
        name: 'E2E submitter',
        email,
        phone: `+856 20 ${n.slice(-8)}`,
        password,
        language: lang,
      },
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const login = await request.post(`${API_BASE}${AuthPaths.login}`, {
    data: { login: email, password },
    headers: await csrfHeaders(request, baseURL),
  });
  expect(login.status(), await login.text()).toBe(200);
  return { name, email };
}

/** The back office in its own browser context, same language and width as the project. */
async function staffPage(browser: Browser, baseURL: string, lang: Lang): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    locale: use.locale,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  await context.addInitScript(([key, lng]) => window.localStorage.setItem(key, lng), [LANGUAGE_STORAGE_KEY, lang] as const);
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  await loginAs(page, 'staff');
  return page;
}

/**
 * No serious or critical axe violation in the screen's content (the shell's header belongs to the
 * platform and is checked by platform.spec.ts).
 */
async function axe(page: Page) {
  // A toast still fading in has the contrast of its opacity at that instant (axe reads it half-transparent):
  // the check waits for every finite CSS transition and animation to end (spinners and pulses run forever).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const { violations } = await new AxeBuilder({ page }).exclude('header').analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe on ${page.url()}`).toEqual([]);
}

/** Like the `shot` fixture, for the staff member's page. */
async function staffShot(staff: Page, name: string, fullPage = true) {
  const info = test.info();
  if (fullPage) await staff.evaluate(() => window.scrollTo(0, 0));
  const dir = join(info.project.outputDir, 'screenshots', info.project.name);
  mkdirSync(dir, { recursive: true });
  await staff.screenshot({
    path: join(dir, `${name}.png`),
    fullPage,
    animations: 'disabled',
  });
}

async function upload(page: Page, slot: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByTestId(`upload-${slot}-input`).setInputFiles(file);
}

test('annual submission: fill, upload, submit; staff return with a comment; fix and resubmit; staff accept; receipt', async ({
  page,
  browser,
  baseURL,
  lang,
  tr,
  guard,
  shot: fullShot,
}) => {
  test.setTimeout(180_000);
  // From the top, so the fixed header is not painted into the middle of a full-page image.
  const shot = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await fullShot(name);
  };
  const company = await registerCompany(page.request, baseURL!, lang);
  // Grouped as the app groups the language everywhere (shared formatInteger: Lao 85.000.000, English 85,000,000).
  const grouped = async (n: number) => formatInteger(n, lang);

  // --- step 1: enterprise data; the size is derived as the figures are typed
  await page.goto('/dashboard/submit-document');
  await expect(page.getByTestId('wizard-step')).toHaveText(
    tr('submission.wizard.stepOf', {
      step: 1,
      total: 4,
      label: tr('submission.steps.enterprise'),
    }),
  );
  const bookYear = Number(await page.getByTestId('book-year').inputValue());
  // Nothing is created by opening the form: the draft comes with the first save (decision 099).
  await expect(page.getByTestId('submission-not-started')).toBeVisible();
  await expect(page.getByTestId('sme-size-value')).toHaveAttribute('data-size', 'undetermined');
  await choose(page, page.getByTestId('field-department'));
  await page.getByTestId('field-labour').fill('3');
  await page.getByTestId('field-assets').fill('85000000');
  await expect(page.getByTestId('field-assets')).toHaveValue(await grouped(85_000_000));
  await page.getByTestId('field-income').fill('120000000');
  // Commodity production, 3 persons: micro (verified cell), while the profile says small.
  await expect(page.getByTestId('sme-size-value')).toHaveAttribute('data-size', 'micro');
  await expect(page.getByTestId('sme-size-differs')).toBeVisible();
  await shot('wizard-1-enterprise');
  await page.getByTestId('next-enterprise').click();

  // --- step 2: signatories, from the company profile
  await expect(page.getByTestId('step-signatories')).toBeVisible();
  await expect(page.getByTestId('signatory-fields-owner').getByLabel(tr('submission.signatories.name'), { exact: false }).first()).toHaveValue(
    'ທ. ເຈົ້າຂອງ ທົດສອບ',
  );
  await shot('wizard-2-signatories');
  await page.getByTestId('next-signatories').click();

  // --- step 3: documents — a refused type, a throttled upload with its progress bar, the rest
  await expect(page.getByTestId('step-documents')).toBeVisible();
  guard.allow({
    method: 'POST',
    path: UPLOADS,
    status: 415,
    why: 'a CSV offered as the balance sheet is refused on purpose',
  });
  await upload(page, 'balance-sheet', {
    name: 'balance.csv',
    mimeType: 'text/csv',
    buffer: CSV,
  });
  await expect(page.getByTestId('upload-balance-sheet-item-status')).toHaveText(
    tr('submission.upload.wrongType', {
      kinds: [tr('submission.fileKind.pdf'), tr('submission.fileKind.xlsx')].join(', '),
    }),
  );

  // A slow connection: the bar moves through the upload, then the file is in the slot.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  });
  const big = await pdf('Balance sheet', 40);
  await upload(page, 'balance-sheet', {
    name: 'balance-sheet.pdf',
    mimeType: 'application/pdf',
    buffer: big,
  });
  const bar = page.getByRole('progressbar', {
    name: tr('submission.upload.progress', { name: 'balance-sheet.pdf' }),
  });
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await expect(page.getByTestId('upload-balance-sheet-item')).toHaveAttribute('data-state', 'uploading');
  await shot('wizard-3-uploading');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByTestId('slot-balance-sheet')).toHaveAttribute('data-filled', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('upload-balance-sheet-item')).toHaveCount(0);

  // The connection drops during a file (its first PATCH is cut and the browser goes offline): the upload
  // waits, says so, and goes on by itself once the browser is back online — HEAD asks the server for the
  // offset, then PATCH sends the rest.
  guard.allow({
    path: /\/uploads(\/[\w-]+)?$/,
    status: 'failed',
    why: 'the connection is cut on purpose during an upload',
  });
  const resumes: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'HEAD' && req.url().includes(`${UPLOADS}/`)) resumes.push(req.url());
  });
  let cut = false;
  await page.route(/\/uploads\/[\w-]+$/, async (route) => {
    if (route.request().method() !== 'PATCH' || cut) return route.continue();
    cut = true;
    await page.context().setOffline(true);
    await route.abort('internetdisconnected');
  });
  await upload(page, 'income-statement', {
    name: 'income-statement.pdf',
    mimeType: 'application/pdf',
    buffer: await pdf('Income statement', 4),
  });
  await expect(page.getByTestId('upload-income-statement-item')).toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('upload-income-statement-item-status')).toHaveText(tr('submission.upload.paused'));
  await shot('wizard-3-offline');
  await page.context().setOffline(false);
  await expect(page.getByTestId('slot-income-statement')).toHaveAttribute('data-filled', 'true', { timeout: 30_000 });
  expect(resumes.length, 'the upload resumed with HEAD on its URL').toBeGreaterThan(0);
  await page.unroute(/\/uploads\/[\w-]+$/);

  for (const slot of ['cash-flow', 'notes']) {
    await upload(page, slot, {
      name: `${slot}.pdf`,
      mimeType: 'application/pdf',
      buffer: await pdf(slot),
    });
    await expect(page.getByTestId(`slot-${slot}`)).toHaveAttribute('data-filled', 'true');
  }
  await upload(page, 'other', {
    name: 'ledger.csv',
    mimeType: 'text/csv',
    buffer: CSV,
  });
  await expect(page.getByTestId('other-file')).toHaveCount(1);
  await shot('wizard-3-documents');
  await axe(page);
  await page.getByTestId('next-documents').click();

  // --- step 4: review; the size warning must be confirmed before submitting
  await expect(page.getByTestId('step-review')).toBeVisible();
  await expect(page.getByTestId('check-ok')).toBeVisible();
  await expect(page.getByTestId('submit-button')).toBeDisabled();
  await page.getByTestId('confirm-size_differs').check();
  await shot('wizard-4-review');
  await axe(page);
  await page.getByTestId('submit-button').click();
  await expect(page).toHaveURL(/\/dashboard\/submit-document\/detail\//);
  const subId = page.url().split('/').pop()!;
  await expect(page.getByTestId('submission-status')).toHaveAttribute('data-status', 'submitted');

  // --- staff: the queue, start the review, return it with reasons and a comment on the balance sheet
  const staff = await staffPage(browser, baseURL!, lang);
  await staff.goto(`/staff/submissions?year=${bookYear}`);
  const row = staff.getByTestId('queue-item').filter({ hasText: lang === 'lo' ? company.name.lo : company.name.en });
  await expect(staff.getByTestId('queue-list')).toBeVisible();
  // Oldest first: other tests' submissions may come before this one; page on until it shows.
  const more = staff.getByRole('button', {
    name: tr('submission.common.more'),
  });
  while (!(await row.isVisible()) && (await more.isVisible())) await more.click();
  await expect(row).toBeVisible();
  await expect(row.getByTestId('queue-size-differs')).toBeVisible();
  await staffShot(staff, 'staff-queue');
  await axe(staff);
  await row.click();
  await expect(staff.getByTestId('staff-submission')).toHaveAttribute('data-status', 'submitted');
  await expect(staff.getByTestId('size-differs')).toBeVisible();
  await staff.getByTestId('action-start-review').click();
  await expect(staff.getByTestId('staff-submission')).toHaveAttribute('data-status', 'in_review');
  await staff
    .getByTestId('staff-files')
    .getByTestId('staff-file')
    .first()
    .getByRole('button', { name: tr('submission.upload.view') })
    .click();
  const viewer = staff.getByRole('dialog', { name: 'balance-sheet.pdf' });
  await expect(viewer).toBeVisible();
  // The staff endpoint serves the PDF to the viewer: all 40 pages of the big balance sheet.
  await expect(viewer.getByTestId('pdf-page-count')).toHaveText(tr('viewer.toolbar.pageOf', { count: 40 }), { timeout: 20_000 });
  await staffShot(staff, 'staff-viewer', false);
  await staff.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await staff.getByTestId('action-return').click();
  const reasons = 'ກະລຸນາແກ້ໄຂໃບລາຍງານຖານະການເງິນ / Please correct the balance sheet.';
  const fileComment = 'ຕົວເລກຊັບສິນບໍ່ກົງກັນ / The asset total does not match.';
  await staff.getByTestId('return-reasons').fill(reasons);
  await staff.getByTestId('return-add-file-comment').first().click();
  await staff.getByTestId('return-file-comment').fill(fileComment);
  await staffShot(staff, 'staff-return-dialog', false);
  await staff.getByTestId('return-send').click();
  await expect(staff.getByTestId('staff-submission')).toHaveAttribute('data-status', 'returned');
  await staffShot(staff, 'staff-submission');
  await axe(staff);

  // --- company: sees the reasons and the file comment, replaces the file, resubmits
  await page.reload();
  await expect(page.getByTestId('submission-status')).toHaveAttribute('data-status', 'returned');
  await expect(page.getByTestId('overall-comments')).toContainText(reasons);
  await expect(page.getByTestId('detail-slot-balance-sheet').getByTestId('staff-comment')).toContainText(fileComment);
  await axe(page);
  await page.getByTestId('fix-and-resubmit').click();
  await expect(page.getByTestId('step-documents')).toBeVisible();
  await expect(page.getByTestId('slot-balance-sheet').getByTestId('staff-comment')).toContainText(fileComment);
  await upload(page, 'balance-sheet', {
    name: 'balance-sheet-corrected.pdf',
    mimeType: 'application/pdf',
    buffer: await pdf('Balance sheet, corrected'),
  });
  await expect(page.getByTestId('slot-file-balance-sheet').getByTestId('file-name')).toHaveText('balance-sheet-corrected.pdf');
  await page.getByTestId('next-documents').click();
  await page.getByTestId('confirm-size_differs').check();
  await page.getByTestId('submit-comment').fill('Balance sheet corrected.');
  await page.getByTestId('submit-button').click();
  await expect(page).toHaveURL(new RegExp(`/detail/${subId}$`));
  // Straight back to the reviewer who returned it (decision 190).
  await expect(page.getByTestId('submission-status')).toHaveAttribute('data-status', 'in_review');

  // --- staff: no second "Start review"; a stale action is refused and reloaded, then accepted
  await staff.reload();
  await expect(staff.getByTestId('staff-submission')).toHaveAttribute('data-status', 'in_review');
  await expect(staff.getByTestId('action-start-review')).toHaveCount(0);
  const version = Number(await staff.getByTestId('staff-submission').getAttribute('data-version'));
  // Another reviewer returns it meanwhile, and the company resubmits at once: the page's version is old.
  const other = await staff.request.post(`${API_BASE}${SubmissionPaths.staffAction(subId, 'return')}`, {
    data: { version, reasons: 'One more look, please.' },
    headers: await csrfHeaders(staff.request, baseURL!),
  });
  expect(other.status(), await other.text()).toBe(200);
  const again = await page.request.post(`${API_BASE}${SubmissionPaths.submit(subId)}`, {
    data: { version: version + 1, confirmWarnings: true },
    headers: await csrfHeaders(page.request, baseURL!),
  });
  expect(again.status(), await again.text()).toBe(200);
  await staff.getByTestId('action-accept').click();
  await staff.getByTestId('accept-send').click();
  await expect(staff.getByTestId('stale-notice')).toBeVisible();
  await staff.getByTestId('stale-reload').click();
  await expect(staff.getByTestId('staff-submission')).toHaveAttribute('data-status', 'in_review');
  await staff.getByTestId('action-accept').click();
  await staff.getByTestId('accept-send').click();
  await expect(staff.getByTestId('staff-submission')).toHaveAttribute('data-status', 'accepted');
  await staff.context().close();

  // --- company: the receipt
  await page.reload();
  await expect(page.getByTestId('submission-status')).toHaveAttribute('data-status', 'accepted');
  await expect(page.getByTestId('submission-timeline').getByTestId('timeline-item').first()).toHaveAttribute('data-action', 'accepted');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('download-receipt').click();
  const receipt = await downloading;
  expect(receipt.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await receipt.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await shot('detail-accepted');
  await axe(page);

  // --- the other screens of the feature: overview, history, all documents, a non-PDF in the viewer
  await page.goto('/dashboard');
  await expect(page.getByTestId('overview-submission').getByTestId('submission-status')).toHaveAttribute('data-status', 'accepted');
  await expect(page.getByTestId('submission-deadline')).toBeVisible();
  await shot('overview');
  await page.goto(`/dashboard/submit-document-history?year=${bookYear}`);
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await page.goto(`/dashboard/all-document-history?kind=other_file`);
  const ledger = page.getByTestId('document-item').filter({ hasText: 'ledger.csv' });
  await expect(ledger).toBeVisible();
  await shot('all-documents');
  await axe(page);
  await ledger.getByRole('link', { name: tr('submission.upload.view') }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/document-viewer/other/${subId}/`));
  await expect(page.getByTestId('file-download-card')).toContainText('ledger.csv');
});

/** A PNG of its own (wider than tall, so a quarter turn shows), for the image preview. */
const png = (width = 480, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r: 28, g: 126, b: 214 } } })
    .png()
    .toBuffer();

test('filing loop: the late overview, a year looked at creates nothing, the first save does, the step survives a reload, a PNG in the preview', async ({
  page,
  baseURL,
  lang,
  tr,
  shot,
}) => {
  test.setTimeout(90_000);
  await registerCompany(page.request, baseURL!, lang);
  const drafts = async () =>
    ((await (await page.request.get(`${API_BASE}${SubmissionPaths.list}`)).json()) as { items: { id: string; bookYear: number }[] }).items;
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === `${API_BASE}${SubmissionPaths.list}`) posts.push(req.url());
  });

  // --- the overview past 31 March of the next year (the e2e server runs with the demo book year): late, and what to do
  await page.goto('/dashboard');
  const deadline = page.getByTestId('submission-deadline');
  await expect(deadline).toHaveAttribute('data-state', 'late');
  const bookYear = Number((await page.request.get(API_BASE).then((r) => r.json())).bookYear);
  await expect(deadline).toContainText(tr('content.deadline.lateTitle', { year: bookYear }));
  await expect(deadline.getByTestId('deadline-late-submit')).toHaveText(tr('content.deadline.lateSubmit'));
  await expect(deadline.getByTestId('deadline-late-contact')).toHaveText(tr('content.deadline.lateContact'));
  // Only what exists: bookings and payments say where they stand, nothing is "coming soon".
  await expect(page.getByTestId('overview-booking')).toContainText(tr('dashboard.overview.bookingNone'));
  await expect(page.getByTestId('overview-payment')).toContainText(tr('dashboard.overview.paymentNone'));
  await expect(page.getByText(tr('common.comingSoon.title'), { exact: true })).toHaveCount(0);
  // One <main> landmark, not one inside another.
  await expect(page.locator('main')).toHaveCount(1);
  await shot('overview-late');

  // --- the wizard: opening it and choosing years creates no draft
  await deadline.getByTestId('deadline-late-submit').click();
  await expect(page.getByTestId('submission-not-started')).toBeVisible();
  await expect(page.getByTestId('wizard-new')).toBeVisible();
  const yearSelect = page.getByTestId('book-year');
  await choose(page, yearSelect, String(bookYear - 1), { exact: true });
  // Picking the chosen year again keeps it (Mantine would otherwise clear it).
  await choose(page, yearSelect, String(bookYear - 1), { exact: true });
  await choose(page, yearSelect, String(bookYear), { exact: true });
  await expect(page.getByTestId('submission-not-started')).toBeVisible();
  expect(await drafts()).toEqual([]);
  expect(posts).toEqual([]);

  // Re-picking the chosen department keeps it (a required field is never silently emptied).
  const department = page.getByTestId('field-department');
  const chosen = await choose(page, department);
  await choose(page, department, chosen, { exact: true });
  await page.getByTestId('field-labour').fill('3');
  await page.getByTestId('field-assets').fill('85000000');
  await page.getByTestId('field-income').fill('120000000');
  await shot('wizard-new');
  expect(await drafts()).toEqual([]);

  // --- the first save makes the draft; the step is in the address, so a reload stays on it
  await page.getByTestId('next-enterprise').click();
  await expect(page.getByTestId('step-signatories')).toBeVisible();
  await expect(page).toHaveURL(/[?&]step=signatories/);
  expect(posts).toHaveLength(1);
  expect((await drafts()).map((d) => d.bookYear)).toEqual([bookYear]);
  await expect(page.getByTestId('submission-status')).toHaveAttribute('data-status', 'draft');
  await page.reload();
  await expect(page.getByTestId('step-signatories')).toBeVisible();
  await expect(page.getByTestId('wizard-step')).toHaveText(
    tr('submission.wizard.stepOf', { step: 2, total: 4, label: tr('submission.steps.signatories') }),
  );
  await page.getByTestId('next-signatories').click();
  await expect(page.getByTestId('step-documents')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('step-documents')).toBeVisible();
  expect(await drafts()).toHaveLength(1);

  // --- a PNG among the other files opens in the image preview: zoom, rotate, download
  await page.getByTestId('upload-other-input').setInputFiles({ name: 'ໃບຢັ້ງຢືນ-scan.png', mimeType: 'image/png', buffer: await png() });
  const other = page.getByTestId('other-file');
  await expect(other).toHaveCount(1);
  await other.getByRole('link', { name: tr('submission.upload.view') }).click();
  await expect(page).toHaveURL(/\/dashboard\/document-viewer\/other\//);
  const preview = page.getByTestId('image-preview');
  const image = page.getByTestId('image-preview-img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await expect(page.getByTestId('file-download-card')).toHaveCount(0);
  const before = (await image.boundingBox())!;
  await preview.getByRole('button', { name: tr('viewer.toolbar.zoomIn') }).click();
  await expect(preview).toHaveAttribute('data-zoom', '1.5');
  await expect.poll(async () => (await image.boundingBox())!.width).toBeGreaterThan(before.width * 1.4);
  await preview.getByRole('button', { name: tr('viewer.image.fit') }).click();
  await preview.getByRole('button', { name: tr('viewer.toolbar.rotateCw') }).click();
  await expect(preview).toHaveAttribute('data-rotation', '90');
  // A quarter turn: the wide image now stands upright on the screen.
  await expect
    .poll(async () => {
      const b = (await image.boundingBox())!;
      return b.height > b.width;
    })
    .toBe(true);
  await shot('image-preview');
  const downloading = page.waitForEvent('download');
  await preview.getByRole('link', { name: tr('viewer.toolbar.download') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  expect(
    readFileSync(await download.path())
      .subarray(1, 4)
      .toString('latin1'),
  ).toBe('PNG');
});
