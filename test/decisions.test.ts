import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/README.md is the index a newcomer reads first: every decision is listed there, by its file.
const dir = join(import.meta.dirname, '../docs/decisions');

describe('the decisions index', () => {
  it('lists every decision file, and only existing ones', () => {
    const files = readdirSync(dir).filter((f) => /^\d{3}.*\.md$/.test(f));
    const listed = [...readFileSync(join(dir, 'README.md'), 'utf8').matchAll(/\]\((\d{3}[^)]*\.md)\)/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual(files.sort());
  });
});
