import { describe, expect, it } from 'vitest';
import { formatDate, formatLak } from './format';

describe('formatLak', () => {
  it.each([
    [1234567, 'lo', '₭1.234.567'],
    [1234567, 'en', 'LAK 1,234,567'],
    [0, 'lo', '₭0'],
    [999, 'en', 'LAK 999'],
    // whole kip only: fractions are rounded away, never printed
    [1234567.4, 'lo', '₭1.234.567'],
    [1500.5, 'en', 'LAK 1,501'],
    // the sign leads in both languages, the same on every screen, PDF and e-mail
    [-12_600_000, 'lo', '-₭12.600.000'],
    [-12_600_000, 'en', '-LAK 12,600,000'],
    [-0.4, 'lo', '₭0'],
  ] as const)('prints %s in %s as %s', (amount, lng, expected) => {
    expect(formatLak(amount, lng).replace(/\s/g, ' ')).toBe(expected);
  });
});

describe('formatDate', () => {
  it('writes Lao month names in Vientiane time for the PDFs and e-mails too', () => {
    expect(formatDate('2023-12-31T20:00:00Z', 'lo')).toBe('1 ມັງກອນ 2024');
    expect(formatDate('2023-12-31T20:00:00Z', 'en')).toBe('1 Jan 2024');
  });
});
