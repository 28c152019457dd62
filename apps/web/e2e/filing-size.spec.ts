import { API_BASE, SubmissionPaths } from '@bansi/shared';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, pageOf, referenceIdOf, registerTestCompany, test, writeHeaders } from './fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Issue 33: a trade company's size cannot be derived (no public source gives trade's thresholds). The company
 * reads "Determined by the service" on its filing page, as the wizard says; the reviewer sets the size with a
 * reason; the company then reads that size, marked as set by the service, with the reason. lo-mobile and en-desktop.
 */
test('the reviewer sets a size the thresholds cannot decide; the company reads it', async ({ page, browser, baseURL, lang, tr, shot }) => {
  test.skip(!['lo-mobile', 'en-desktop'].includes(test.info().project.name), 'runs in lo-mobile and en-desktop');
  test.setTimeout(120_000);
  await registerTestCompany(page.request, baseURL!, lang, 'trade');
  const api = page.request;
  const { bookYear } = (await (await api.get(API_BASE)).json()) as { bookYear: number };
  const opened = await api.post(`${API_BASE}${SubmissionPaths.list}`, { headers: await writeHeaders(api, baseURL!), data: { bookYear } });
  const draft = (await opened.json()) as { id: string; version: number };
  const patched = await api.patch(`${API_BASE}${SubmissionPaths.one(draft.id)}`, {
    headers: await writeHeaders(api, baseURL!),
    data: {
      version: draft.version,
      departmentId: await referenceIdOf(api, 'departments', 'retail'),
      averageLabour: 12,
      totalAssets: 900_000_000,
      annualIncome: 1_800_000_000,
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);

  // The wizard and the filing page say the same: the service determines the size.
  await page.goto('/dashboard/submit-document?step=enterprise');
  await expect(page.getByTestId('sme-size-value')).toHaveText(tr('submission.derived.byServiceBadge'));
  await page.goto(`/dashboard/submit-document/detail/${draft.id}`);
  await expect(page.getByTestId('fact-derived-size')).toContainText(tr('submission.derived.byServiceBadge'));

  // The reviewer sets it, with a reason.
  const staff = await pageOf(browser, 'staff');
  await staff.goto(`/staff/submissions/${draft.id}`);
  const form = staff.getByTestId('filing-size');
  await expect(form).toBeVisible();
  await form.getByText(tr('submission.size.small'), { exact: true }).click();
  const reason =
    lang === 'lo' ? 'ແຮງງານ 12 ຄົນ ແລະ ຊັບສິນ 900 ລ້ານກີບ: ວິສາຫະກິດຂະໜາດນ້ອຍ.' : '12 persons and LAK 900 million of assets: a small enterprise.';
  await form.getByTestId('filing-size-reason').fill(reason);
  await form.getByTestId('filing-size-save').click();
  await expect(staff.getByTestId('fact-derived-size')).toContainText(`${tr('submission.size.small')} (${tr('submission.size.setByService')})`);
  const dir = join(test.info().project.outputDir, 'screenshots', test.info().project.name);
  mkdirSync(dir, { recursive: true });
  await staff.evaluate(() => window.scrollTo(0, 0));
  await staff.screenshot({ path: join(dir, 'staff-filing-size.png'), fullPage: true, animations: 'disabled' });
  await staff.context().close();

  // The company reads it on the filing page and in the wizard, with the reason.
  await page.reload();
  await expect(page.getByTestId('fact-derived-size')).toContainText(`${tr('submission.size.small')} (${tr('submission.size.setByService')})`);
  await page.goto('/dashboard/submit-document?step=enterprise');
  await expect(page.getByTestId('sme-size-value')).toHaveText(tr('submission.size.small'));
  await expect(page.getByTestId('sme-size-why')).toHaveText(tr('submission.size.setByServiceNote', { reason }));
  await shot('company-size-set-by-service');
});
