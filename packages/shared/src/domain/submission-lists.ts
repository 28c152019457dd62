// The annual submission's lists and open book years, apart from its zod schemas (contracts/submissions.ts,
// which re-exports them): a screen that needs only these does not load zod (issue 29, `npm run bench:bundle`).

// --- SME size (Decree No. 25/GOL of 16 January 2017) ---------------------------------------------

/** Type of operation, as the decree classifies enterprises. */
export const SME_SECTORS = ['commodity_production', 'trade', 'services'] as const;

/** The sizes the decree defines by thresholds; anything above medium is large. */
export const SME_THRESHOLD_SIZES = ['micro', 'small', 'medium'] as const;

export const SME_SIZES = ['micro', 'small', 'medium', 'large'] as const;

/** Annual average labour (persons), total assets (LAK), annual gross income (LAK). */
export const SME_CRITERIA = ['labour', 'assets', 'income'] as const;

/**
 * A company may submit for the configured book year and the two before it (decision 030): the
 * "open" book years. `bookYear` is the configured BOOK_YEAR (served by the API index endpoint).
 */
export const OPEN_BOOK_YEARS_BACK = 2;
export function openBookYears(bookYear: number): number[] {
  return Array.from({ length: OPEN_BOOK_YEARS_BACK + 1 }, (_, i) => bookYear - i);
}
export const isOpenBookYear = (year: number, bookYear: number) => year <= bookYear && year >= bookYear - OPEN_BOOK_YEARS_BACK;
