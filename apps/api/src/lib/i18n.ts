import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@bansi/shared';
import { loadCatalogs as loadCatalogFiles, type Catalog } from '@bansi/shared/catalog-files';
import { LOCALES_DIR } from '../paths';

/**
 * The translation catalogs: packages/shared/locales/<lng>/<part>.json, merged as `{ <part>: … }`.
 * The same catalog is served to the browser (/asset/lang/<lng>.json) and used here for problem
 * titles and e-mails, so a message is written once.
 */
export function loadCatalogs(dir = LOCALES_DIR): Record<Language, Catalog> {
  return loadCatalogFiles(dir);
}

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type Translate = (lng: Language, key: string, vars?: Record<string, string | number>) => string;

export function createTranslator(catalogs: Record<Language, Catalog>): Translate {
  return (lng, key, vars = {}) => {
    const text = lookup(catalogs[lng] ?? {}, key) ?? lookup(catalogs[DEFAULT_LANGUAGE] ?? {}, key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}

/** The language of a request: the first of its Accept-Language tags that we speak, else Lao. */
export function requestLanguage(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    if (isLanguage(tag)) return tag;
  }
  return DEFAULT_LANGUAGE;
}

/** The cookie the web app keeps in step with its chosen language (localStorage `lang`), for what a browser downloads. */
export const LANGUAGE_COOKIE = 'bansi_lang';

/**
 * The language of a document made for this request — a PDF, a calendar file, a CSV: the account's language when
 * someone is signed in (they chose it in the app), else the language the app shows this visitor (its cookie),
 * else the browser's Accept-Language. A download opened by a link carries the browser's Accept-Language, which
 * is not the choice the person made in the app.
 */
export function documentLanguage(request: {
  principal?: { language: Language } | null;
  cookies?: Record<string, string | undefined>;
  headers: { 'accept-language'?: string };
}): Language {
  if (request.principal) return request.principal.language;
  const chosen = request.cookies?.[LANGUAGE_COOKIE];
  return isLanguage(chosen) ? chosen : requestLanguage(request.headers['accept-language']);
}
