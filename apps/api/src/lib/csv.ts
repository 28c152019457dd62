/**
 * The one CSV writer of the product (docs/decisions/078, 127): every export goes through `toCsv`.
 *
 * - RFC 4180: a field with a comma, a double quote, CR or LF is quoted and its quotes doubled; records end
 *   with CRLF.
 * - UTF-8 with a byte-order mark, without which Excel reads the file in the system code page and shows Lao
 *   as mojibake.
 * - Safe to open (OWASP, CSV injection): a text cell beginning with `=`, `+`, `-`, `@`, a tab or a CR would
 *   be read by a spreadsheet as a formula (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`); it is prefixed with `'`,
 *   which the spreadsheet shows as text. Numbers are written as numbers (a negative amount stays a number):
 *   only a cell given as a `number` is left alone, so text can never slip through as one.
 */
export type CsvCell = string | number | null | undefined;

/** The characters that make a spreadsheet read a cell as a formula (OWASP's CSV-injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as it is written: numbers as they are, text neutralised and quoted where it needs to be. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a number a CSV can hold: ${value}`);
    return String(value);
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, then one CRLF-terminated record per row. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
