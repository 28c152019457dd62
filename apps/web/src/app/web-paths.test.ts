import { WebPaths } from '@bansi/shared/paths';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every path of the shared table, the helpers filled with sample values. */
function allPaths(table: object, prefix = ''): [string, string][] {
  return Object.entries(table).flatMap(([key, value]): [string, string][] => {
    const name = `${prefix}${key}`;
    if (typeof value === 'string') return [[name, value]];
    if (typeof value === 'function') return [[name, (value as (...a: string[]) => string)('sample-1', 'sample-2')]];
    return allPaths(value as object, `${name}.`);
  });
}

/** The route the web app shows for a path: its deepest match, null when only a not-found route (`*`) takes it. */
function screenOf(path: string) {
  const { pathname } = new URL(path, 'http://portal.test');
  const match = matchRoutes(routes, pathname)?.at(-1);
  return match && match.route.path !== '*' ? match : null;
}

const apiSources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? apiSources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );

describe('the web paths the API links to', () => {
  it.each(allPaths(WebPaths))('%s (%s) is a screen of the web app', (_name, path) => {
    expect(screenOf(path)).not.toBeNull();
  });

  it('a path that is not a screen is caught', () => {
    expect(screenOf('/dashboard/no-such-screen')).toBeNull();
    expect(screenOf('/no-such-page')).toBeNull();
  });

  it('the API types no web path by hand: mails, PDFs, QR codes and notifications take them from the shared table', () => {
    const root = join(import.meta.dirname, '../../../api/src');
    const handTyped = /new URL\(\s*['`]\/|link:\s*['`]\/|['`]\/(dashboard|login|forgot-password|reset-password|qr\/scan)\b/;
    const offenders = apiSources(root)
      .filter((file) => !file.endsWith('.routes.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ where: `${file.slice(root.length + 1)}:${i + 1}`, line }))
          .filter(({ line }) => handTyped.test(line) && !line.trim().startsWith('*') && !line.trim().startsWith('//')),
      );
    expect(offenders).toEqual([]);
  });
});
