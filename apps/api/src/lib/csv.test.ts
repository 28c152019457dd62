import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_INJECTION_PAYLOADS, runsAsFormula } from '../../test/csv-payloads';
import { csvField, toCsv } from './csv';

const read = (csv: string) => parse(Buffer.from(csv, 'utf8'), { bom: true, relax_quotes: false }) as string[][];

describe('toCsv (the one CSV writer)', () => {
  it('writes a cell that would run as a formula as text, prefixed with an apostrophe', () => {
    const rows = read(toCsv([['name'], ...CSV_INJECTION_PAYLOADS.map((p) => [p])]));
    expect(rows.slice(1).map((r) => r[0])).toEqual(CSV_INJECTION_PAYLOADS.map((p) => `'${p}`));
    for (const [cell] of rows) expect(runsAsFormula(cell!), JSON.stringify(cell)).toBe(false);
  });

  it('keeps numbers numbers, negative amounts included, and text that only looks numeric as text', () => {
    const csv = toCsv([[-150_000, 0, 2023, '-150000', 'ບໍລິສັດ -2']]);
    expect(csv).toBe("\uFEFF-150000,0,2023,'-150000,ບໍລິສັດ -2\r\n");
    expect(() => csvField(Number.NaN)).toThrow(RangeError);
  });

  it('is RFC 4180 with a BOM: Lao, commas, quotes and line breaks round-trip; empty cells stay empty', () => {
    const cells = ['ບໍລິສັດ ລາວ "ດາວ", ຈຳກັດ', 'two\r\nlines', '', 'plain'];
    const csv = toCsv([cells, [null, undefined, 'x', 1]]);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(read(csv)).toEqual([cells, ['', '', 'x', '1']]);
  });
});
