import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

const origin = 'https://bansi.example';

describe('safeNext', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/submit-document?year=2023#files', '/dashboard/submit-document?year=2023#files'],
    ['/staff', '/staff'],
  ])('keeps the same-site path %s', (next, expected) => {
    expect(safeNext(next, origin)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['dashboard'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    // Paths that only resolve to another host (issue 11).
    ['/.//evil.example'],
    ['/./\\evil.example'],
    ['/x/..//evil.example'],
    ['/%2e//evil.example'],
    ['/../..//evil.example/x?y#z'],
  ])('refuses %j', (next) => {
    expect(safeNext(next, origin)).toBeNull();
  });
});
