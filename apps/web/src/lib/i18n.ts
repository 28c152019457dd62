import { AuthPaths, DEFAULT_LANGUAGE, I18N_NAMESPACE, LANGUAGES, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from '@bansi/shared';
import { api } from './api-client';
import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
// The few words shown when the catalogs themselves cannot load travel inside the bundle.
import bootEn from '@bansi/shared/locales/en/boot.json';
import bootLo from '@bansi/shared/locales/lo/boot.json';

/**
 * The server reads this cookie for what a visitor's browser downloads (a link carries the browser's
 * Accept-Language, not the app's choice); a signed-in account's own language wins over it.
 */
const LANGUAGE_COOKIE = 'bansi_lang';

/** The choice kept on this browser; else its copy in the cookie, by which the server chose the home page's language (decision 285). */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(value)) return value;
  } catch {
    // storage blocked: the cookie may still say
  }
  const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(\\w+)`).exec(document.cookie)?.[1];
  return isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
}
function mirrorToCookie(lng: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Stores the choice (on this browser, and on the account when someone is signed in: mails, PDFs, calendar files
 * and CSVs then follow it) and reloads, so every screen, date and number starts in the new language.
 */
export async function changeLanguage(lng: Language) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  mirrorToCookie(lng);
  // A failure to reach the account (offline) must not keep the screen in the old language.
  await api(AuthPaths.language, { method: 'PUT', body: { language: lng } }).catch(() => undefined);
  window.location.reload();
}

let loadFailed = false;
const listeners = new Set<() => void>();
export const translationLoadFailed = {
  get: () => loadFailed,
  subscribe: (fn: () => void) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};

export async function initI18n(): Promise<void> {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  // "Add to home screen" names the app in the reader's language.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest.${lng}.webmanifest`);
  mirrorToCookie(lng);
  i18next.on('failedLoading', () => {
    loadFailed = true;
    listeners.forEach((fn) => fn());
  });
  await i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      // No fallback language: i18next downloads a fallback's catalog too, so an English reader's phone fetched the
      // Lao catalog (~27 kB) it never shows. Both catalogs have every key (test/i18n.test.ts).
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: [I18N_NAMESPACE],
      defaultNS: I18N_NAMESPACE,
      partialBundledLanguages: true,
      resources: { lo: { boot: bootLo }, en: { boot: bootEn } },
      // DESIGN §3: at most 10 parallel reads, 5 retries, first after 350 ms, doubling each time.
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      // DESIGN §3's path, with the catalog's version from the build (vite.config.ts): the API lets the browser
      // keep a versioned catalog for a year, so a repeat visit asks for nothing. The address is absolute: the
      // backend (3.x) passes it to `new URL()` to redact credentials before each load, and a relative one throws
      // there — an exception on every page load, ~10 ms of a phone's first task while V8 collects its stack.
      backend: {
        loadPath: (lngs: string[]) => `${location.origin}/asset/{{ns}}/{{lng}}.json?v=${isLanguage(lngs[0]) ? __LANG_VERSIONS__[lngs[0]] : ''}`,
      },
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .catch(() => {
      loadFailed = true;
    });
}

export { i18next };
