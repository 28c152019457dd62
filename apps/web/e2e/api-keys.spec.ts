import { API_BASE, FeedPaths } from '@bansi/shared';
import { expect, loginAs, test } from './fixtures';

/**
 * Issue 32: a staff admin creates an API key at /staff/api-keys — shown once, with a copy button — the key
 * reads the filings feed, and after "Revoke" (confirmed) the same key is refused. In both languages, at
 * 360 px and desktop (the projects).
 */
test('a staff admin creates an API key shown once, it reads the feed, and revoking it refuses the key', async ({ page, tr, shot }) => {
  await loginAs(page, 'staff');
  await page.goto('/staff/api-keys');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('apiKeys.title'));

  const name = `E2E ${test.info().project.name} ${Date.now()}`;
  await page.getByTestId('api-key-name').fill(name);
  await page.getByTestId('api-key-scope-filings:read').check();
  await page.getByTestId('api-key-create').click();

  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toBeVisible();
  const key = (await secret.textContent())!.trim();
  expect(key).toMatch(/^bansi_[0-9A-Za-z]{43}$/);
  await expect(page.getByRole('dialog')).toContainText(tr('apiKeys.createdTitle'));
  await expect(page.getByTestId('api-key-copy')).toHaveText(tr('apiKeys.copy'));
  await shot('staff-api-key-created');
  await page.getByTestId('api-key-done').click();
  await expect(secret).toBeHidden();

  // the list shows the prefix, never the key
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('filings:read');
  await expect(row).toContainText(tr('apiKeys.neverUsed'));
  await expect(page.getByTestId('api-keys-list')).not.toContainText(key);

  // the service's software, with the key only
  const feed = `${API_BASE}${FeedPaths.filings}`;
  const read = await page.request.fetch(feed, { headers: { authorization: `Bearer ${key}`, cookie: '' } });
  expect(read.status()).toBe(200);
  await page.reload();
  await expect(row.getByTestId('api-key-last-used')).not.toHaveText(tr('apiKeys.neverUsed'));
  await shot('staff-api-keys');

  await row.getByRole('button', { name: tr('apiKeys.revoke') }).click();
  await expect(page.getByRole('dialog')).toContainText(tr('apiKeys.revokeTitle'));
  await page
    .getByRole('dialog')
    .getByRole('button', { name: tr('apiKeys.revoke') })
    .click();
  await expect(row.getByTestId('api-key-revoked')).toHaveText(tr('apiKeys.revoked'));
  expect((await page.request.fetch(feed, { headers: { authorization: `Bearer ${key}`, cookie: '' } })).status()).toBe(401);
});
