import { formatLak } from '@bansi/shared';
import type { Page } from '@playwright/test';
import { choose, expect, loginAs, test } from './fixtures';

/** Opens one of the shipped documents on a library screen (other specs publish theirs on the same server). */
async function openShipped(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByTestId('library-meta')).toBeVisible();
  await expect(page.getByTestId('library-empty')).toHaveCount(0);
  if (await page.getByTestId('library-choose').count()) await choose(page, page.getByTestId('library-choose'), title, { exact: true });
  else await expect(page.getByTestId('library-title')).toHaveText(title);
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-state', 'rendered', { timeout: 20_000 });
}

test.beforeEach(() => test.skip(!['lo-mobile', 'en-desktop'].includes(test.info().project.name), 'runs in lo-mobile and en-desktop'));

/**
 * Issue 30, as a new company user finds the demo: the fees page shows the fee schedule in force (LAK, the language's
 * grouping), the law book and the licence screens open real, searchable PDFs instead of "nothing published yet".
 */
test('the fees page, the law book and the licence are filled', async ({ page, lang, tr, shot }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'company');

  await page.goto('/dashboard/info/fees');
  const fees = page.getByTestId('current-fees');
  await expect(fees).toBeVisible();
  await expect(fees).toContainText(tr('payments.fees.services.annual_review'));
  const amounts = await page.getByTestId('current-fee-amount').allTextContents();
  expect(amounts.length).toBeGreaterThanOrEqual(4);
  // whole kip as the language writes it (the demo's small-company review fee is 1,500,000 kip)
  expect(amounts).toContain(formatLak(1_500_000, lang));
  await shot('info-fees');

  const en = lang === 'en';
  await openShipped(
    page,
    '/dashboard/law-book',
    en ? 'Law on Accounting (Amended) No. 47/NA of 2013 — reference sheet' : 'ກົດໝາຍວ່າດ້ວຍການບັນຊີ (ສະບັບປັບປຸງ) ເລກທີ 47/ສພຊ, 2013 — ເອກະສານອ້າງອີງ',
  );
  await expect(page.locator('.textLayer').first()).toContainText('47/NA');
  await shot('law-book');

  await openShipped(page, '/dashboard/accounting-license', en ? 'Accounting service licence (SAMPLE)' : 'ໃບອະນຸຍາດບໍລິການບັນຊີ (ຕົວຢ່າງ)');
  await expect(page.locator('.textLayer').first()).toContainText('SAMPLE');
  await shot('accounting-licence');
});
