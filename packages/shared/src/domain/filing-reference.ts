/**
 * The filing reference of an annual submission (decision 095): `BS-<book year>-<sequence>`, the
 * sequence counting the submissions of that book year in the order they were first submitted,
 * six digits at least (`BS-2023-000123`). Given at the first submit; a draft has none.
 */
export const FILING_REFERENCE_PREFIX = 'BS';

export const FILING_REFERENCE_PATTERN = /^BS-(\d{4})-(\d{6,})$/;

/** `<prefix>-<year>-<sequence, six digits at least>`: the shape of every readable reference the product gives. */
export function yearReference(prefix: string, year: number, seq: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`year ${year}`);
  if (!Number.isInteger(seq) || seq < 1) throw new RangeError(`sequence ${seq}`);
  return `${prefix}-${year}-${String(seq).padStart(6, '0')}`;
}

export function filingReference(bookYear: number, seq: number): string {
  return yearReference(FILING_REFERENCE_PREFIX, bookYear, seq);
}

/**
 * The booking reference a person reads aloud at the counter (`BK-2026-000123`): the year the booking was
 * made (Vientiane) and the gapless `booking` counter of that year. The QR code keeps the random code.
 */
export const BOOKING_REFERENCE_PREFIX = 'BK';
export const BOOKING_REFERENCE_PATTERN = /^BK-(\d{4})-(\d{6,})$/;

export function bookingReference(year: number, seq: number): string {
  return yearReference(BOOKING_REFERENCE_PREFIX, year, seq);
}

/** The book year and sequence of a reference, or null when it is not one. */
export function parseFilingReference(reference: string): { bookYear: number; seq: number } | null {
  const m = FILING_REFERENCE_PATTERN.exec(reference.trim().toUpperCase());
  if (!m) return null;
  const seq = Number(m[2]);
  return seq >= 1 ? { bookYear: Number(m[1]), seq } : null;
}
