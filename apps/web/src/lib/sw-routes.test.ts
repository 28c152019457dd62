import { API_BASE } from '@bansi/shared/paths';
import { describe, expect, it } from 'vitest';
import { isPublicRead, isSessionChange, navigationDenylist } from './sw-routes';

describe('service worker routes', () => {
  it.each([
    [API_BASE, true],
    [`${API_BASE}/posts`, true],
    [`${API_BASE}/posts/tax-deadline`, true],
    [`${API_BASE}/notifications`, true],
    [`${API_BASE}/notifications/0b1c`, true],
    [`${API_BASE}/pages/about`, true],
    [`${API_BASE}/content-images/0b1c/card`, true],
    // the unread count, a company's own data and everything else stay on the network
    [`${API_BASE}/notifications/unread-count`, false],
    [`${API_BASE}/auth/session`, false],
    [`${API_BASE}/invoices`, false],
    [`${API_BASE}/companies/me`, false],
    [`${API_BASE}/staff/posts`, false],
    [`${API_BASE}/search`, false],
    ['/asset/lang/lo.json', false],
  ])('keeps %s for offline reading: %s', (path, kept) => {
    expect(isPublicRead(path, 'GET')).toBe(kept);
  });

  it('keeps nothing but reads', () => {
    expect(isPublicRead(`${API_BASE}/posts`, 'POST')).toBe(false);
    expect(isPublicRead(`${API_BASE}/notifications/0b1c/read`, 'POST')).toBe(false);
  });

  it('knows logging in and out', () => {
    expect(isSessionChange(`${API_BASE}/auth/login`)).toBe(true);
    expect(isSessionChange(`${API_BASE}/auth/logout`)).toBe(true);
    expect(isSessionChange(`${API_BASE}/auth/csrf`)).toBe(false);
  });

  it('answers only pages of the app with the shell', () => {
    const shell = (path: string) => !navigationDenylist.some((re) => re.test(path));
    expect(shell('/blogs')).toBe(true);
    expect(shell('/dashboard/service-payment')).toBe(true);
    expect(shell(`${API_BASE}/files/x/content`)).toBe(false);
    expect(shell('/asset/lang/lo.json')).toBe(false);
    expect(shell('/static/js/x.js')).toBe(false);
  });
});
