import { API_BASE, AuthPaths } from '@bansi/shared';
import type { Page, Response } from '@playwright/test';
import { expect } from './fixtures';

/** The most JavaScript one file may bring while a new password is typed (issue 29: nothing heavy for a phone). */
export const SCRIPT_LIMIT_WHILE_TYPING = 50_000;

/**
 * Watches what the page downloads while a new password is typed: every script (its size as decoded,
 * the stricter measure) and the strength meter's checks at the API. `expectLight()` then asserts that
 * the meter asked the server and no script over the limit came (the old meter loaded zxcvbn's ~1.5 MB
 * dictionaries here).
 */
export function watchTyping(page: Page) {
  const scripts: { url: string; bytes: number }[] = [];
  const checks: number[] = [];
  const reading: Promise<void>[] = [];
  const onResponse = (res: Response) => {
    if (res.request().resourceType() === 'script')
      reading.push(
        res
          .body()
          .then((body) => void scripts.push({ url: res.url(), bytes: body.length }))
          .catch(() => undefined),
      );
    if (new URL(res.url()).pathname === `${API_BASE}${AuthPaths.passwordCheck}`) checks.push(res.status());
  };
  page.on('response', onResponse);
  return {
    async expectLight() {
      page.off('response', onResponse);
      await Promise.all(reading);
      expect(scripts.filter((s) => s.bytes > SCRIPT_LIMIT_WHILE_TYPING)).toEqual([]);
      expect(checks.length, 'the meter asked the API').toBeGreaterThan(0);
      expect(checks.every((s) => s === 200)).toBe(true);
    },
  };
}
