/**
 * Cells a spreadsheet would run as a formula (OWASP, CSV injection): a link, a command through DDE, arithmetic,
 * an @-function, and the two leading control characters. Every CSV export must write them as text.
 */
export const CSV_INJECTION_PAYLOADS = ['=HYPERLINK("http://x","open")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)', '\tTab Trading', '\rCarriage Co.'];

/** What a spreadsheet would read as a formula: a cell starting with = + - @ tab or CR that is not a plain number. */
export const runsAsFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);
