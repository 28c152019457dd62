// A module's code reads and writes only the tables its own *.tables.ts declares (issue 34, decisions 210, 211,
// 215): another module's rows come through that module's face. This reads the SQL builders' table names in
// the source, as a reviewer would, and fails naming each file that reaches into another module's table.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modules = fileURLToPath(new URL('../apps/api/src/modules', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
const moduleOf = (file: string) => relative(modules, file).split('/')[0]!;
const source = files(modules).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && relative(modules, f).includes('/'));

/** table → the module whose *.tables.ts declares it (`  tableName: SomethingTable;`) */
const owners = new Map(
  source
    .filter((f) => f.endsWith('.tables.ts'))
    .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/^\s+(\w+): \w+Table;$/gm)].map((m) => [m[1]!, moduleOf(f)] as const)),
);

// Migrations create and backfill their module's tables (a backfill may read what existed before); seeds fill demo data.
const checked = source.filter((f) => !/\.(migration|seed|tables)\.ts$/.test(f));
const TABLE_USE = /\b(?:selectFrom|innerJoin|leftJoin|rightJoin|insertInto|updateTable|deleteFrom)\(\s*'(\w+)/g;

function reachesIntoOthers(): string[] {
  return checked.flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(TABLE_USE)]
      .filter((m) => owners.has(m[1]!) && owners.get(m[1]!) !== moduleOf(f))
      .map((m) => `${relative(modules, f)} uses ${m[1]} (${owners.get(m[1]!)})`),
  );
}

describe('table ownership', () => {
  it('knows the owner of every table the schema declares', () => {
    expect(owners.size).toBeGreaterThan(40);
    expect(owners.get('submissions')).toBe('submissions');
    expect(owners.get('files')).toBe('files');
  });

  it('no module reads or writes a table another module owns', () => {
    expect(reachesIntoOthers()).toEqual([]);
  });
});
