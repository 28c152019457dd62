import { readFileSync } from 'node:fs';
import { DEMO_USERS, expect, loginAs, test } from './fixtures';
import { received, waitForMail } from './mail';

test.beforeEach(() => test.skip(!['lo-mobile', 'en-desktop'].includes(test.info().project.name), 'runs in lo-mobile and en-desktop'));

/**
 * Issue 31: the company admin asks for a zip of all the company's records in Company settings, sees it being
 * prepared (a background job), then downloads it.
 */
test('the company admin asks for all records, sees them prepared, then downloads the zip', async ({ page, tr, shot }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'company');
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: tr('companyExport.title') }).click();
  const panel = page.getByTestId('records-export');
  await expect(panel).toContainText(tr('companyExport.lead'));

  const earlier = new Set(received().map((m) => m.raw));
  await panel.getByRole('button', { name: tr('companyExport.request') }).click();
  const newest = panel.getByTestId('records-export-item').first();
  await expect(newest).toHaveAttribute('data-status', 'preparing');
  await expect(newest.getByRole('status')).toContainText(tr('companyExport.preparing'));
  await shot('records-export-preparing');

  await expect(newest).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const link = newest.getByRole('link', { name: tr('companyExport.download') });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^records-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync((await download.path())!);
  // a zip (local file header), with the manifest in it
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(bytes.includes(Buffer.from('manifest.json'))).toBe(true);
  await shot('records-export-ready');
  // and the mail that says so, with the link back to this tab
  await waitForMail(DEMO_USERS.company.login, (m) => m.text.includes('/dashboard/settings#records') && !earlier.has(m.raw));
});

/** A staff admin makes the same export from the back office's company screen (audited by the API). */
test('a staff admin makes the export of a company from its screen', async ({ page, tr }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'staff');
  await page.goto('/staff/companies');
  await page.getByTestId('company-row').first().click();
  const section = page.getByTestId('company-export');
  await expect(section.getByRole('heading', { name: tr('companyExport.staffTitle') })).toBeVisible();
  const earlier = new Set(received().map((m) => m.raw));
  await section.getByRole('button', { name: tr('companyExport.request') }).click();
  const newest = section.getByTestId('records-export-item').first();
  await expect(newest).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect(newest.getByRole('link', { name: tr('companyExport.download') })).toHaveAttribute('href', /\/exports\/[0-9a-f-]{36}\/download$/);
  // The staff admin is mailed the link to the company's screen.
  await waitForMail(DEMO_USERS.staff.login, (m) => /\/staff\/companies\/[0-9a-f-]{36}/.test(m.text) && m.text.includes('zip') && !earlier.has(m.raw));
});
