import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLak } from './format';

describe('formatting', () => {
  it.each([
    ['2024-03-31T10:00:00Z', '31 ມີນາ 2024'],
    // 20:00 UTC on 31 December is already 1 January in Vientiane (UTC+7)
    ['2023-12-31T20:00:00Z', '1 ມັງກອນ 2024'],
    ['2026-11-22T04:00:00Z', '22 ພະຈິກ 2026'],
  ])('writes %s in Lao as %s, in Vientiane time', (iso, expected) => {
    expect(formatDate(iso, 'lo')).toBe(expected);
  });

  it('adds the Vientiane clock time', () => {
    expect(formatDateTime('2024-03-31T10:05:00Z', 'lo')).toBe('31 ມີນາ 2024, 17:05');
    expect(formatDateTime('2024-03-31T10:05:00Z', 'en')).toBe('31 Mar 2024, 17:05');
  });

  it('writes LAK without decimals', () => {
    expect(formatLak(1234567, 'en')).toMatch(/1,234,567/);
    expect(formatLak(1234567.4, 'en')).not.toMatch(/\\./);
  });
});
