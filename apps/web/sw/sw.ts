// The service worker (decision 160): repeat visits from the phone's cache, public pages already seen still open
// offline, and a new build taken on the next visit. Built by vite-plugin-pwa (injectManifest), which puts the
// precache list of this build into `self.__WB_MANIFEST`.
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { API_PREFIX, BUILD_CACHE_PREFIX, isPublicRead, isSessionChange, navigationDenylist } from '../src/lib/sw-routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const manifest = self.__WB_MANIFEST;

/** This build's id: a hash of its precache list (every entry's revision), so caches are named per build. */
function buildId(): string {
  let h = 5381;
  for (const c of JSON.stringify(manifest)) h = ((h << 5) + h + c.charCodeAt(0)) >>> 0;
  return h.toString(36);
}
const build = buildId();
const CACHES = {
  static: `${BUILD_CACHE_PREFIX}static-${build}`,
  lang: `${BUILD_CACHE_PREFIX}lang-${build}`,
  pages: `${BUILD_CACHE_PREFIX}pages-${build}`,
};

// Every page of the app is index.html. Online, the network's copy (a deploy is seen at once); offline or after
// 4 s without an answer, the shell from the precache. Registered first: the precache's own route would answer
// `/` with the kept index.html.
const SHELL_TIMEOUT_MS = 4000;
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      const network = fetch(request);
      const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, SHELL_TIMEOUT_MS));
      const answer = await Promise.race([network.catch(() => undefined), timeout]);
      return answer ?? (await matchPrecache('/index.html')) ?? network;
    },
    { denylist: navigationDenylist },
  ),
);

// The app shell: index.html, the first visit's JavaScript and CSS, and the Lao font (see vite.config.ts).
precacheAndRoute(manifest);
cleanupOutdatedCaches();

// Hashed files (/static/…) never change: from the cache once fetched.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/static/'),
  new CacheFirst({ cacheName: CACHES.static, plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

// The catalogs: a versioned URL never changes (the API says so too); an unversioned one is revalidated.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/asset/lang/') && url.searchParams.has('v'),
  new CacheFirst({ cacheName: CACHES.lang, plugins: [new ExpirationPlugin({ maxEntries: 4 })] }),
);

// What public pages read (news, notifications, pages, the API index): the network first, the last copy offline.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && isPublicRead(url.pathname, request.method),
  new NetworkFirst({ cacheName: CACHES.pages, networkTimeoutSeconds: 4, plugins: [new ExpirationPlugin({ maxEntries: 100 })] }),
);

// Logging in or out changes whose notifications the API answers with: the copies kept for offline go.
for (const method of ['POST', 'DELETE'] as const) {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(API_PREFIX) && isSessionChange(url.pathname),
    async ({ request }) => {
      await caches.delete(CACHES.pages);
      return fetch(request);
    },
    method,
  );
}

self.addEventListener('install', () => void self.skipWaiting());

// A new build's worker takes over at once and removes the caches of earlier builds.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const mine = new Set(Object.values(CACHES));
      for (const name of await caches.keys()) {
        if (name.startsWith(BUILD_CACHE_PREFIX) && !mine.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});
