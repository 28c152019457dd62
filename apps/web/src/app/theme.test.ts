import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('a chosen option stays chosen (decision 099)', () => {
  it("every Select of the app keeps its value when the chosen option is picked again (the theme's default)", () => {
    expect(theme.components?.Select?.defaultProps).toMatchObject({ allowDeselect: false });
  });

  it('no form turns deselecting back on: an optional field offers a clear button instead', () => {
    const offenders = sources(SRC).filter((file) =>
      /allowDeselect(?!=\{false\})/.test(readFileSync(file, 'utf8').replace(/allowDeselect: false/g, '')),
    );
    expect(offenders.map((f) => f.slice(SRC.length + 1))).toEqual([]);
  });
});
