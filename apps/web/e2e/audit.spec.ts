import { DEMO_USERS, expect, loginAs, test } from './fixtures';

/**
 * Issue 10: a staff admin opens the audit log (/staff/audit) and finds their own sign-in there, by actor
 * and area filters kept in the address; the failed-jobs section is on the same screen.
 */
test('the audit log lists a staff admin’s sign-in', async ({ page, tr, shot }) => {
  await loginAs(page, 'staff');
  await page.goto('/staff/audit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('audit.title'));
  await expect(page.getByRole('heading', { level: 2, name: tr('audit.jobs.title') })).toBeVisible();

  // Filter by who (the demo admin's e-mail): the address keeps it, and the sign-in is listed.
  await page.getByTestId('audit-filter-actor').fill(DEMO_USERS.staff.login);
  await expect(page).toHaveURL(/actor=admin%40bansi\.example/);
  const login = page.getByTestId('audit-row').and(page.locator('[data-action="auth.login"]')).first();
  await expect(login).toBeVisible();
  await expect(login).toContainText(tr('audit.actions.auth.login'));
  await expect(login).toContainText(DEMO_USERS.staff.login);
  // a record a manager reads: the action and the subject named, no code or UUID until "Details" is opened
  await expect(login.getByTestId('audit-action')).toHaveText(tr('audit.actions.auth.login'));
  const raw = login.getByText(/^auth\.login · user:/);
  await expect(raw).toBeHidden();
  await expect(login.getByTestId('audit-subject')).toContainText(tr('audit.subjects.user'));
  await login.getByTestId('audit-details-toggle').click();
  await expect(raw).toBeVisible();
  await shot('staff-audit');

  // A period with nothing in it answers with the empty state (other specs act as this admin in the
  // same database at the same time, so no area of today is reliably empty).
  await page.goto('/staff/audit?actor=admin%40bansi.example&to=2000-01-01');
  await expect(page.getByTestId('audit-empty')).toHaveText(tr('audit.log.empty'));
  // the day filter shows the day in the language's words, never "mm/dd/yyyy"
  const lao = test.info().project.name.startsWith('lo');
  await expect(page.getByTestId('audit-filter-to')).toHaveText(lao ? '1 ມັງກອນ 2000' : '1 January 2000');
  // the CSV export carries the same filters
  await expect(page.getByTestId('audit-csv')).toHaveAttribute('href', /\/staff\/audit\.csv\?actor=admin%40bansi\.example&to=/);
});
