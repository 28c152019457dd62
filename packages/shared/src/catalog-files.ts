// Node only (the API and the web build read it; no screen imports it): the translation catalogs as files.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from './i18n';

export type Catalog = Record<string, unknown>;

/** locales/<lng>/<part>.json merged as `{ <part>: … }`, for every language. */
export function loadCatalogs(dir: string): Record<Language, Catalog> {
  const out = {} as Record<Language, Catalog>;
  for (const lng of LANGUAGES) {
    const catalog: Catalog = {};
    for (const file of readdirSync(join(dir, lng))
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      catalog[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(dir, lng, file), 'utf8'));
    }
    out[lng] = catalog;
  }
  return out;
}

/**
 * A catalog's version: a hash of the JSON the API sends. The web build puts it in the catalog's URL
 * (`/asset/lang/lo.json?v=…`) and the API answers that URL as immutable only while the version is its own,
 * so a browser keeps the file until a deploy changes a word, and never keeps an old file under a new URL.
 */
export function catalogVersion(json: string): string {
  return createHash('sha256').update(json).digest('base64url').slice(0, 16);
}

/** The version of every language's catalog, for the web build. */
export function catalogVersions(dir: string): Record<Language, string> {
  const catalogs = loadCatalogs(dir);
  return Object.fromEntries(LANGUAGES.map((lng) => [lng, catalogVersion(JSON.stringify(catalogs[lng]))])) as Record<Language, string>;
}
