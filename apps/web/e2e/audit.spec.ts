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
  await shot('staff-audit');

  // A period with nothing in it answers with the empty state (other specs act as this admin in the
  // same database at the same time, so no area of today is reliably empty).
  await page.goto('/staff/audit?actor=admin%40bansi.example&to=2000-01-01');
  await expect(page.getByTestId('audit-empty')).toHaveText(tr('audit.log.empty'));
});
