import { API_BASE, AuthPaths } from '@bansi/shared/paths';

// Which requests the service worker (apps/web/sw/sw.ts) treats how; pure, so it is tested here.

export const API_PREFIX = `${API_BASE}/`;
/** Every cache the worker names starts so; those of another build are removed when a new one takes over. */
export const BUILD_CACHE_PREFIX = 'bansi-';

/** Paths that are not pages of the app, so a navigation to them goes to the server untouched. */
export const navigationDenylist = [/^\/api\//, /^\/asset\//, /^\/static\//, /^\/healthz/, /^\/readyz/];

// What the public pages read: the API index, news, notifications, information pages and their images.
const PUBLIC_READS = [/^\/posts(\/[^/]+)?$/, /^\/notifications(\/[^/]+)?$/, /^\/pages\/[^/]+$/, /^\/content-images\/[^/]+\/[^/]+$/];

/** A GET of public content, kept for offline reading (`pathname` is the URL's, with API_BASE). */
export function isPublicRead(pathname: string, method: string): boolean {
  if (method !== 'GET') return false;
  if (pathname === API_BASE) return true;
  if (!pathname.startsWith(API_PREFIX)) return false;
  const path = pathname.slice(API_BASE.length);
  return path !== '/notifications/unread-count' && PUBLIC_READS.some((re) => re.test(path));
}

/** Logging in or out: what was kept for one reader must not be shown to the next. */
export function isSessionChange(pathname: string): boolean {
  const path = pathname.slice(API_BASE.length);
  return path === AuthPaths.login || path === AuthPaths.logout;
}
