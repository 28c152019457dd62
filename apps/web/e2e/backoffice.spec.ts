import { join } from 'node:path';
import { API_BASE, SubmissionPaths } from '@bansi/shared';
import { expect as baseExpect, pageOf, referenceIdOf, registerTestCompany, test, writeHeaders } from './fixtures';

// Two browsers and the server share a loaded machine here: allow slow first paints.
const expect = baseExpect.configure({ timeout: 45_000 });

/**
 * Issue 16 as a staff admin lives it: the SME grid shows the cells nobody has entered; the admin enters
 * one, and a company whose size needed that cell sees "cannot be determined yet" turn into a size on its
 * submission form. Along the way, every back-office screen (screenshots at this project's width and language).
 *
 * The four projects share one server: each enters its own cell (TEST DATA, invented bounds) for a company
 * whose figures only that cell can decide, so the runs cannot change each other's outcome.
 */
const CELLS = {
  'lo-desktop': {
    category: 'trade',
    department: 'wholesale',
    criterion: 'labour',
    bound: '5',
    figures: { averageLabour: 3, totalAssets: 9e9, annualIncome: 9e9 },
  },
  'lo-mobile': {
    category: 'trade',
    department: 'wholesale',
    criterion: 'assets',
    bound: '100000000',
    figures: { averageLabour: 400, totalAssets: 5e7, annualIncome: 9e9 },
  },
  'en-desktop': {
    category: 'services',
    department: 'transport',
    criterion: 'labour',
    bound: '5',
    figures: { averageLabour: 3, totalAssets: 9e9, annualIncome: 9e9 },
  },
  'en-mobile': {
    category: 'services',
    department: 'ict',
    criterion: 'assets',
    bound: '100000000',
    figures: { averageLabour: 400, totalAssets: 5e7, annualIncome: 9e9 },
  },
} as const;

test('a staff admin enters an empty SME threshold cell; the company form derives a size from it', async ({
  page,
  browser,
  baseURL,
  lang,
  tr,
  shot,
}) => {
  test.setTimeout(300_000);
  const cell = CELLS[test.info().project.name as keyof typeof CELLS];
  const { category, department, criterion, bound, figures } = cell;

  // A company of this project's own with a draft whose size waits on that cell.
  await registerTestCompany(page.request, baseURL!, lang, category);
  const api = page.request;
  const index = (await (await api.get(API_BASE)).json()) as { bookYear: number };
  const opened = await api.post(`${API_BASE}${SubmissionPaths.list}`, {
    headers: await writeHeaders(api, baseURL!),
    data: { bookYear: index.bookYear },
  });
  expect([200, 201]).toContain(opened.status());
  const draft = (await opened.json()) as { id: string; version: number };
  const patched = await api.patch(`${API_BASE}${SubmissionPaths.one(draft.id)}`, {
    headers: await writeHeaders(api, baseURL!),
    data: { version: draft.version, departmentId: await referenceIdOf(api, 'departments', department), ...figures },
  });
  expect(patched.status(), await patched.text()).toBe(200);

  // The size is on the first step; a draft with figures would reopen at the first step that still needs something.
  await page.goto('/dashboard/submit-document?step=enterprise');
  const size = page.getByTestId('sme-size-value');
  await expect(size).toHaveAttribute('data-size', 'undetermined');
  // The missing cell is the service's business: the company reads that the service determines the size (decision 099).
  await expect(size).toHaveText(tr('submission.derived.byServiceBadge'));
  await expect(page.getByTestId('sme-size-by-service')).toHaveText(tr('submission.derived.byService'));

  // The staff admin: the grid highlights the empty cell; entering it clears the highlight.
  const staff = await pageOf(browser, 'staff');
  await staff.goto('/staff/reference?list=sme');
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(tr('backoffice.reference.title'));
  const target = staff.getByTestId(`sme-cell-${category}-micro-${criterion}`);
  await expect(target).toHaveAttribute('data-empty', 'true');
  await expect(target).toContainText(tr('backoffice.sme.empty'));
  await target.getByRole('button', { name: new RegExp(tr('backoffice.sme.fill')) }).click();
  const form = staff.getByTestId('sme-form');
  await form.getByTestId('sme-upper-bound').fill(bound);
  // the dialog proposes the decree's date (16 January 2017), not today
  await expect(form.getByLabel(tr('backoffice.sme.effectiveFrom'))).toHaveValue('2017-01-16');
  await form.getByLabel(tr('backoffice.sme.effectiveFrom')).fill('2017-01-16');
  await form.getByTestId('sme-source').fill(`TEST DATA (e2e ${test.info().project.name}), not from the decree`);
  await staff.evaluate(() => window.scrollTo(0, 0));
  await form.getByTestId('sme-save').click();
  await expect(form).toBeHidden();
  await expect(target).toHaveAttribute('data-empty', 'false');

  // The company's next look at the form derives "micro" from the new cell.
  await page.reload();
  await expect(size).toHaveAttribute('data-size', 'micro');
  await expect(size).toHaveText(tr('submission.size.micro'));
  await shot('company-form-derived-size');

  // Around the back office, for the record (and to see each screen at this width and language).
  const shotOf = async (name: string) => {
    await staff.evaluate(() => window.scrollTo(0, 0));
    const path = join(test.info().project.outputDir, 'screenshots', test.info().project.name, `${name}.png`);
    await staff.screenshot({ path, fullPage: true, animations: 'disabled' });
  };
  await shotOf('reference-sme');
  await staff.goto('/staff/reference?list=document-types');
  await expect(staff.getByTestId('reference-row').first()).toBeVisible();
  await shotOf('reference-document-types');
  // holidays (bookings) and the fee schedule (payments) are reference data too
  await staff.goto('/staff/reference?list=holidays');
  await expect(staff.getByTestId('holidays')).toBeVisible();
  // the official public holidays are seeded with their source (National Day among them)
  await expect(staff.getByTestId('holidays')).toContainText(test.info().project.name.startsWith('en') ? 'National Day' : 'ວັນຊາດ');
  await expect(staff.getByTestId('holiday-source').first()).toContainText('386');
  await shotOf('reference-holidays');
  await staff.goto('/staff/reference?list=fees');
  await expect(staff.getByText(tr('payments.fees.demo')).first()).toBeVisible();
  await shotOf('reference-fees');
  await staff.goto('/staff');
  await expect(staff.getByTestId('tile-companies.notSubmitted')).toBeVisible();
  await shotOf('overview');
  // the overdue-invoices number opens the invoices screen filtered to exactly those
  await staff.getByTestId('tile-invoices.overdue').click();
  await expect(staff).toHaveURL(/\/staff\/invoices\?status=open&due=overdue/);
  await expect(staff.getByTestId('filter-overdue')).toBeChecked();
  await expect(staff.getByTestId('staff-invoice').first()).toBeVisible();
  await staff.goto('/staff');
  await staff.getByTestId('tile-companies.notSubmitted').click();
  await expect(staff).toHaveURL(/\/staff\/companies\?withoutSubmission=\d{4}/);
  await staff.getByTestId('company-search').fill(lang === 'lo' ? 'ທົດລອງ' : 'Trial');
  await expect(staff).toHaveURL(/[?&]q=/);
  await expect(staff.getByTestId('company-row').first()).toContainText(lang === 'lo' ? 'ທົດລອງ' : 'Trial');
  await shotOf('companies');
  await staff.getByTestId('company-row').first().click();
  await expect(staff.getByTestId('company-profile')).toBeVisible();
  await shotOf('company');
  await staff.goto('/staff/reports');
  await expect(staff.getByTestId('report-by-size')).toBeVisible();
  await shotOf('reports');
  await staff.context().close();
});
