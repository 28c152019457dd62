/**
 * RFC 4180 CSV: fields with a comma, a double quote, CR or LF are quoted and their quotes doubled;
 * records end with CRLF. The text starts with a UTF-8 byte-order mark, without which Excel reads the
 * file as the system code page and shows Lao as mojibake. (docs/decisions/078: no CSV writer is
 * installed; this is the whole of the format we write, and csv-parse reads it back in the tests.)
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `\uFEFF${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
