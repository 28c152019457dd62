/**
 * The filing reference of an annual submission (decision 095): `BS-<book year>-<sequence>`, the
 * sequence counting the submissions of that book year in the order they were first submitted,
 * six digits at least (`BS-2023-000123`). Given at the first submit; a draft has none.
 */
export const FILING_REFERENCE_PREFIX = 'BS';

export const FILING_REFERENCE_PATTERN = /^BS-(\d{4})-(\d{6,})$/;

export function filingReference(bookYear: number, seq: number): string {
  if (!Number.isInteger(bookYear) || bookYear < 1000 || bookYear > 9999) throw new RangeError(`book year ${bookYear}`);
  if (!Number.isInteger(seq) || seq < 1) throw new RangeError(`sequence ${seq}`);
  return `${FILING_REFERENCE_PREFIX}-${bookYear}-${String(seq).padStart(6, '0')}`;
}

/** The book year and sequence of a reference, or null when it is not one. */
export function parseFilingReference(reference: string): { bookYear: number; seq: number } | null {
  const m = FILING_REFERENCE_PATTERN.exec(reference.trim().toUpperCase());
  if (!m) return null;
  const seq = Number(m[2]);
  return seq >= 1 ? { bookYear: Number(m[1]), seq } : null;
}
