import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, LANGUAGES } from '@bansi/shared';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const localesDir = join(root, 'packages/shared/locales');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value as Record<string, unknown>).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)));
}

function catalog(lng: string): Record<string, string> {
  const dir = join(localesDir, lng);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => flatten(JSON.parse(readFileSync(join(dir, f), 'utf8')), f.slice(0, -5))),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const catalogs = Object.fromEntries(LANGUAGES.map((lng) => [lng, catalog(lng)]));

describe('translations', () => {
  it('have the same keys in Lao and English', () => {
    const lo = Object.keys(catalogs.lo!).sort();
    const en = Object.keys(catalogs.en!).sort();
    expect(
      lo.filter((k) => !en.includes(k)),
      'keys only in lo',
    ).toEqual([]);
    expect(
      en.filter((k) => !lo.includes(k)),
      'keys only in en',
    ).toEqual([]);
  });

  it('leave no text empty', () => {
    for (const lng of LANGUAGES) {
      const empty = Object.entries(catalogs[lng]!)
        .filter(([, v]) => v.trim() === '')
        .map(([k]) => k);
      expect(empty, `empty in ${lng}`).toEqual([]);
    }
  });

  it('write Lao in Lao script', () => {
    const latinOnly = Object.entries(catalogs.lo!)
      .filter(([key, v]) => !/[\u0E80-\u0EFF]/.test(v) && !/[{}©+@]|^(English|ລາວ)$/.test(v) && !key.startsWith('common.languages'))
      .map(([k]) => k);
    expect(latinOnly).toEqual([]);
  });

  it('contain every key the code asks for with a literal t("…")', () => {
    const used = new Set<string>();
    for (const file of [...sourceFiles(join(root, 'apps/web/src')), ...sourceFiles(join(root, 'apps/api/src'))]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(m[1]!);
      for (const m of text.matchAll(/(?:labelKey|titleKey|key):\s*'([a-zA-Z][a-zA-Z0-9_]*\.[a-zA-Z0-9_.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const lng of LANGUAGES) {
      // a plural key (`t('x', { count })`) is present as its forms, `x_one` / `x_other` (i18next's plural suffixes)
      // `useTranslation('boot')` (the banners that show without the catalogs) asks for the boot part's keys bare.
      const has = (k: string) => k in catalogs[lng]! || `${k}_other` in catalogs[lng]! || `boot.${k}` in catalogs[lng]!;
      const missing = [...used].filter((k) => !has(k) && !k.startsWith('boot.'));
      expect(missing, `missing in ${lng}`).toEqual([]);
    }
  });

  it('have a message for every API error code', () => {
    for (const lng of LANGUAGES) {
      const missing = ErrorCode.options.filter((code) => !(`errors.${code}` in catalogs[lng]!));
      expect(missing, `error codes missing in ${lng}`).toEqual([]);
    }
  });
});
