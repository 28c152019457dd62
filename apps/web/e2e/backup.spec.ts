import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, loginAs, test } from './fixtures';

// One narrow Lao and one wide English run.
test.beforeEach(() => test.skip(!['lo-mobile', 'en-desktop'].includes(test.info().project.name), 'runs in lo-mobile and en-desktop'));

/** Issue 31: after `npm run backup` (the operator CLI, on the running instance's database), the audit screen shows it. */
test('the audit screen shows the last backup: when, how large, succeeded', async ({ page, tr }) => {
  const runDir = process.env.BANSI_E2E_DIR!;
  const made = spawnSync(process.execPath, [join(import.meta.dirname, '../../api/dist/cli.js'), 'backup'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: `sqlite:${join(runDir, 'e2e.sqlite')}`,
      DATA_DIR: join(runDir, 'data'),
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
  });
  expect(made.status, made.stderr).toBe(0);
  const bytes = Number(/\((\d+) bytes/.exec(made.stdout)![1]);

  await loginAs(page, 'staff');
  await page.goto('/staff/audit');
  const panel = page.getByTestId('last-backup');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(tr('backup.title'));
  await expect(panel.getByTestId('last-backup-result')).toHaveText(tr('backup.results.ok'));
  // in megabytes, as the language writes them (another run of this spec may have made a later one of about the same size)
  expect(bytes).toBeGreaterThan(0);
  await expect(panel.getByTestId('last-backup-size')).toHaveText(/^\d+([.,]\d)?\s?MB$/);
  await expect(panel.getByTestId('last-backup-at')).not.toBeEmpty();
});
