import { describe, expect, it } from 'vitest';
import { filingReference, parseFilingReference } from './filing-reference';

describe('filing reference', () => {
  it.each([
    [2023, 1, 'BS-2023-000001'],
    [2023, 123, 'BS-2023-000123'],
    [2024, 999_999, 'BS-2024-999999'],
    // a seventh digit rather than a repeat once a year passes a million filings
    [2024, 1_000_000, 'BS-2024-1000000'],
  ])('book year %i, sequence %i → %s, and back', (year, seq, ref) => {
    expect(filingReference(year, seq)).toBe(ref);
    expect(parseFilingReference(ref)).toEqual({ bookYear: year, seq });
  });

  it.each([
    [2023, 0],
    [2023, -1],
    [2023, 1.5],
    [99, 1],
  ])('refuses book year %i with sequence %i', (year, seq) => {
    expect(() => filingReference(year, seq)).toThrow(RangeError);
  });

  it.each(['', 'BS-2023-00012', 'XX-2023-000123', 'BS-23-000123', 'BS-2023-000000', '3f0c1a52-6b8e-4e0a-9d62-2a6f1c7d9b10'])(
    'reads %j as no reference',
    (text) => {
      expect(parseFilingReference(text)).toBeNull();
    },
  );

  it('reads a reference typed in lower case or with spaces around it', () => {
    expect(parseFilingReference(' bs-2023-000042 ')).toEqual({ bookYear: 2023, seq: 42 });
  });
});
