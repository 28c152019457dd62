import { describe, expect, it } from 'vitest';
import type { SmeCellRef, SmeCriterion, SmeSector, SmeSizeInput, SmeThresholdCell, SmeThresholdSize } from '../contracts/submissions';
import { vientianeDate } from './booking-slots';
import { applicableCell, deriveSmeSize, emptySmeCells, meetsCell, smeSizeVerdict } from './sme-size';

// ---------------------------------------------------------------------------------------------
// TEST DATA ONLY. The numbers below are invented to exercise the rule; they are NOT the decree's
// thresholds (only micro/commodity production labour 1–5 and assets < 100,000,000 LAK are known,
// see docs/design.md, "Enterprise size"). Small round numbers make every boundary easy to read.
// ---------------------------------------------------------------------------------------------
const NOTE = 'TEST DATA — invented for unit tests';
const FROM = '2017-01-16';
const AS_OF = new Date('2024-06-30T05:00:00Z');

type Bound = [upperBound: number, upperInclusive: boolean];
function cells(
  sector: SmeSector,
  table: Partial<Record<SmeThresholdSize, Partial<Record<SmeCriterion, Bound>>>>,
  effectiveFrom = FROM,
): SmeThresholdCell[] {
  const out: SmeThresholdCell[] = [];
  for (const [size, row] of Object.entries(table) as [SmeThresholdSize, Partial<Record<SmeCriterion, Bound>>][]) {
    for (const [criterion, [upperBound, upperInclusive]] of Object.entries(row) as [SmeCriterion, Bound][]) {
      out.push({ sector, size, criterion, upperBound, upperInclusive, effectiveFrom, sourceNote: NOTE });
    }
  }
  return out;
}

/** A complete invented table for "trade": labour inclusive, assets mixed, income mixed. */
const FULL_TRADE = cells('trade', {
  micro: { labour: [5, true], assets: [100, false], income: [1000, true] },
  small: { labour: [50, true], assets: [1000, false], income: [10000, false] },
  medium: { labour: [100, true], assets: [5000, true], income: [50000, true] },
});

/** Far above every bound of the test tables: a criterion set to HUGE never qualifies. */
const HUGE = 10 ** 12;
const trade = (averageLabour: number | null, totalAssets: number | null, annualIncome: number | null): SmeSizeInput => ({
  sector: 'trade',
  averageLabour,
  totalAssets,
  annualIncome,
});
const ref = (sector: SmeSector, size: SmeThresholdSize, criterion: SmeCriterion): SmeCellRef => ({ sector, size, criterion });
const refsOf = (sector: SmeSector, sizes: SmeThresholdSize[], criteria: SmeCriterion[] = ['labour', 'assets', 'income']) =>
  sizes.flatMap((size) => criteria.map((criterion) => ref(sector, size, criterion)));

describe('deriveSmeSize — every boundary of a complete table (one criterion decides, the others HUGE)', () => {
  // [criterion, value, expected size] — exactly at, one below, one above each bound.
  const rows: [SmeCriterion, number, string][] = [
    // labour: micro <= 5, small <= 50, medium <= 100 (all inclusive)
    ['labour', 4, 'micro'],
    ['labour', 5, 'micro'],
    ['labour', 6, 'small'],
    ['labour', 49, 'small'],
    ['labour', 50, 'small'],
    ['labour', 51, 'medium'],
    ['labour', 99, 'medium'],
    ['labour', 100, 'medium'],
    ['labour', 101, 'large'],
    // assets: micro < 100, small < 1000 (exclusive), medium <= 5000 (inclusive)
    ['assets', 99, 'micro'],
    ['assets', 100, 'small'],
    ['assets', 101, 'small'],
    ['assets', 999, 'small'],
    ['assets', 1000, 'medium'],
    ['assets', 1001, 'medium'],
    ['assets', 4999, 'medium'],
    ['assets', 5000, 'medium'],
    ['assets', 5001, 'large'],
    // income: micro <= 1000 (inclusive), small < 10000 (exclusive), medium <= 50000 (inclusive)
    ['income', 999, 'micro'],
    ['income', 1000, 'micro'],
    ['income', 1001, 'small'],
    ['income', 9999, 'small'],
    ['income', 10000, 'medium'],
    ['income', 10001, 'medium'],
    ['income', 49999, 'medium'],
    ['income', 50000, 'medium'],
    ['income', 50001, 'large'],
  ];
  it.each(rows)('%s = %d → %s', (criterion, value, expected) => {
    const input = trade(criterion === 'labour' ? value : HUGE, criterion === 'assets' ? value : HUGE, criterion === 'income' ? value : HUGE);
    const result = deriveSmeSize(input, FULL_TRADE, AS_OF);
    expect(result).toEqual({
      kind: 'size',
      size: expected,
      basis: expected === 'large' ? ['labour', 'assets', 'income'] : [criterion],
    });
  });

  it('treats a figure of 0 as within every bound', () => {
    expect(deriveSmeSize(trade(0, HUGE, HUGE), FULL_TRADE, AS_OF)).toEqual({ kind: 'size', size: 'micro', basis: ['labour'] });
    expect(deriveSmeSize(trade(HUGE, 0, HUGE), FULL_TRADE, AS_OF)).toEqual({ kind: 'size', size: 'micro', basis: ['assets'] });
  });

  it('accepts a fractional average labour (5.5 persons is above "at most 5")', () => {
    expect(deriveSmeSize(trade(5.5, HUGE, HUGE), FULL_TRADE, AS_OF)).toMatchObject({ size: 'small' });
  });
});

describe('deriveSmeSize — any one condition qualifies (Art. 4)', () => {
  it.each([
    // [labour, assets, income, size, basis]
    [3, HUGE, HUGE, 'micro', ['labour']],
    [HUGE, 50, HUGE, 'micro', ['assets']],
    [HUGE, HUGE, 500, 'micro', ['income']],
    [3, 50, HUGE, 'micro', ['labour', 'assets']],
    [3, 50, 500, 'micro', ['labour', 'assets', 'income']],
    // micro on one criterion wins even when the others are large
    [2, 10 ** 9, 10 ** 9, 'micro', ['labour']],
    // not micro on anything, small on one
    [20, HUGE, HUGE, 'small', ['labour']],
    [HUGE, 500, 20000, 'small', ['assets']],
    [40, 500, 9000, 'small', ['labour', 'assets', 'income']],
    // not small on anything, medium on one
    [HUGE, HUGE, 50000, 'medium', ['income']],
    [60, 2000, 20000, 'medium', ['labour', 'assets', 'income']],
  ] as const)('labour %d, assets %d, income %d → %s by %j', (labour, assets, income, size, basis) => {
    expect(deriveSmeSize(trade(labour, assets, income), FULL_TRADE, AS_OF)).toEqual({ kind: 'size', size, basis });
  });

  it('is large only when every condition of every size fails', () => {
    expect(deriveSmeSize(trade(101, 5001, 50001), FULL_TRADE, AS_OF)).toEqual({
      kind: 'size',
      size: 'large',
      basis: ['labour', 'assets', 'income'],
    });
  });
});

describe('deriveSmeSize — empty cells are never guessed', () => {
  /** The shape of the seeded table: only the two verified cells (values as in the decree). */
  const VERIFIED_SHAPE = cells('commodity_production', {
    micro: { labour: [5, true], assets: [100_000_000, false] },
  });
  const production = (averageLabour: number | null, totalAssets: number | null, annualIncome: number | null): SmeSizeInput => ({
    sector: 'commodity_production',
    averageLabour,
    totalAssets,
    annualIncome,
  });
  const allButMicroLabourAndAssets = [ref('commodity_production', 'micro', 'income'), ...refsOf('commodity_production', ['small', 'medium'])];

  it.each([
    // a met verified condition decides, even with the other micro cells empty
    ['1 person', production(1, HUGE, HUGE), 'micro', ['labour']],
    ['5 persons (at the bound)', production(5, HUGE, HUGE), 'micro', ['labour']],
    ['assets one below 100,000,000', production(HUGE, 99_999_999, null), 'micro', ['assets']],
    ['both met', production(4, 1_000_000, null), 'micro', ['labour', 'assets']],
    ['labour unknown, assets met', production(null, 50_000_000, null), 'micro', ['assets']],
  ] as const)('%s → micro', (_, input, size, basis) => {
    expect(deriveSmeSize(input, VERIFIED_SHAPE, AS_OF)).toEqual({ kind: 'size', size, basis });
  });

  it('cannot conclude "not micro" without the micro income cell, and names every cell it may still need', () => {
    // 6 persons and exactly 100,000,000 LAK: both verified conditions fail.
    expect(deriveSmeSize(production(6, 100_000_000, 5), VERIFIED_SHAPE, AS_OF)).toEqual({
      kind: 'undetermined',
      missing: allButMicroLabourAndAssets,
      missingInputs: [],
    });
    expect(deriveSmeSize(production(6, 100_000_001, 5), VERIFIED_SHAPE, AS_OF)).toMatchObject({ kind: 'undetermined' });
  });

  it('names missing enterprise figures as well as missing cells', () => {
    expect(deriveSmeSize(production(6, 100_000_000, null), VERIFIED_SHAPE, AS_OF)).toEqual({
      kind: 'undetermined',
      missing: allButMicroLabourAndAssets,
      missingInputs: ['income'],
    });
    expect(deriveSmeSize(production(null, null, null), VERIFIED_SHAPE, AS_OF)).toEqual({
      kind: 'undetermined',
      missing: allButMicroLabourAndAssets,
      missingInputs: ['labour', 'assets', 'income'],
    });
  });

  it('a missing figure blocks even a complete table unless another condition is met', () => {
    expect(deriveSmeSize(trade(null, HUGE, HUGE), FULL_TRADE, AS_OF)).toEqual({
      kind: 'undetermined',
      missing: [],
      missingInputs: ['labour'],
    });
    expect(deriveSmeSize(trade(null, 50, null), FULL_TRADE, AS_OF)).toEqual({ kind: 'size', size: 'micro', basis: ['assets'] });
    expect(deriveSmeSize(trade(null, 500, null), FULL_TRADE, AS_OF)).toEqual({
      kind: 'undetermined',
      missing: [],
      missingInputs: ['labour', 'income'],
    });
  });

  it('a sector without any cell is undetermined, naming its nine cells (other sectors do not count)', () => {
    const result = deriveSmeSize(
      { sector: 'services', averageLabour: 1, totalAssets: 1, annualIncome: 1 },
      [...FULL_TRADE, ...VERIFIED_SHAPE],
      AS_OF,
    );
    expect(result).toEqual({ kind: 'undetermined', missing: refsOf('services', ['micro', 'small', 'medium']), missingInputs: [] });
  });

  const withoutCell = (size: SmeThresholdSize, criterion: SmeCriterion) => FULL_TRADE.filter((c) => !(c.size === size && c.criterion === criterion));

  it('one empty small cell: small by another condition is decided, "not small" is not', () => {
    const table = withoutCell('small', 'income');
    expect(deriveSmeSize(trade(3, HUGE, HUGE), table, AS_OF)).toEqual({ kind: 'size', size: 'micro', basis: ['labour'] });
    expect(deriveSmeSize(trade(20, HUGE, HUGE), table, AS_OF)).toEqual({ kind: 'size', size: 'small', basis: ['labour'] });
    expect(deriveSmeSize(trade(60, 2000, 20000), table, AS_OF)).toEqual({
      kind: 'undetermined',
      missing: [ref('trade', 'small', 'income')],
      missingInputs: [],
    });
  });

  it('large needs all nine cells: one empty medium cell blocks it', () => {
    const table = withoutCell('medium', 'assets');
    expect(deriveSmeSize(trade(60, HUGE, HUGE), table, AS_OF)).toEqual({ kind: 'size', size: 'medium', basis: ['labour'] });
    expect(deriveSmeSize(trade(101, 5001, 50001), table, AS_OF)).toEqual({
      kind: 'undetermined',
      missing: [ref('trade', 'medium', 'assets')],
      missingInputs: [],
    });
  });

  it('an empty micro cell blocks only enterprises that meet no other micro condition, and lists later empty cells too', () => {
    const table = withoutCell('micro', 'labour').filter((c) => !(c.size === 'medium' && c.criterion === 'income'));
    expect(deriveSmeSize(trade(HUGE, 50, HUGE), table, AS_OF)).toEqual({ kind: 'size', size: 'micro', basis: ['assets'] });
    expect(deriveSmeSize(trade(3, 500, 5000), table, AS_OF)).toEqual({
      kind: 'undetermined',
      missing: [ref('trade', 'micro', 'labour'), ref('trade', 'medium', 'income')],
      missingInputs: [],
    });
  });
});

describe('deriveSmeSize — effective dates', () => {
  // invented: micro labour "at most 5" from 2017, "at most 10" from 2025-01-01
  const table = [...FULL_TRADE, ...cells('trade', { micro: { labour: [10, true] } }, '2025-01-01')];

  it.each([
    ['before the new cell', '2024-12-31T16:59:59Z', 'small'],
    ['midnight 1 January 2025 in Vientiane (UTC+7)', '2024-12-31T17:00:00Z', 'micro'],
    ['later', '2026-03-01T00:00:00Z', 'micro'],
  ])('8 persons, %s → %s', (_, at, size) => {
    expect(deriveSmeSize(trade(8, HUGE, HUGE), table, new Date(at))).toMatchObject({ kind: 'size', size });
  });

  it('a cell that is not in force yet counts as empty', () => {
    const future = cells('services', { micro: { labour: [5, true], assets: [100, false], income: [1000, true] } }, '2030-01-01');
    const input: SmeSizeInput = { sector: 'services', averageLabour: 1, totalAssets: 1, annualIncome: 1 };
    expect(deriveSmeSize(input, future, AS_OF)).toMatchObject({ kind: 'undetermined' });
    expect(deriveSmeSize(input, future, new Date('2030-01-01T00:00:00+07:00'))).toEqual({
      kind: 'size',
      size: 'micro',
      basis: ['labour', 'assets', 'income'],
    });
  });

  it('a later cell may also tighten a bound', () => {
    const tighter = [...FULL_TRADE, ...cells('trade', { micro: { assets: [50, false] } }, '2024-01-01')];
    expect(deriveSmeSize(trade(HUGE, 60, HUGE), tighter, new Date('2023-12-31T00:00:00Z'))).toMatchObject({ size: 'micro' });
    expect(deriveSmeSize(trade(HUGE, 60, HUGE), tighter, AS_OF)).toMatchObject({ size: 'small' });
  });

  it('refuses two cells of the same coordinates and date instead of picking one', () => {
    const twice = [...FULL_TRADE, ...cells('trade', { micro: { labour: [7, true] } })];
    expect(() => deriveSmeSize(trade(6, HUGE, HUGE), twice, AS_OF)).toThrow(/two SME threshold cells/);
  });
});

describe('helpers', () => {
  it('meetsCell honours inclusive and exclusive bounds', () => {
    expect(meetsCell(5, { upperBound: 5, upperInclusive: true })).toBe(true);
    expect(meetsCell(5, { upperBound: 5, upperInclusive: false })).toBe(false);
    expect(meetsCell(4, { upperBound: 5, upperInclusive: false })).toBe(true);
  });

  it('applicableCell picks the latest cell in force', () => {
    const table = [...cells('trade', { small: { labour: [50, true] } }), ...cells('trade', { small: { labour: [60, true] } }, '2020-01-01')];
    expect(applicableCell(table, ref('trade', 'small', 'labour'), '2019-12-31')?.upperBound).toBe(50);
    expect(applicableCell(table, ref('trade', 'small', 'labour'), '2020-01-01')?.upperBound).toBe(60);
    expect(applicableCell(table, ref('trade', 'small', 'labour'), '2017-01-15')).toBeUndefined();
  });

  it('emptySmeCells lists what staff still have to enter', () => {
    expect(emptySmeCells(FULL_TRADE, AS_OF)).toEqual([
      ...refsOf('commodity_production', ['micro', 'small', 'medium']),
      ...refsOf('services', ['micro', 'small', 'medium']),
    ]);
    expect(emptySmeCells([], AS_OF)).toHaveLength(27);
  });

  it('smeSizeVerdict keeps the size or "undetermined", without the basis or the missing cells', () => {
    expect(smeSizeVerdict(deriveSmeSize(trade(3, 1, 1), FULL_TRADE, AS_OF))).toEqual({ kind: 'size', size: 'micro' });
    const undetermined = deriveSmeSize(trade(3, 1, 1), [], AS_OF);
    expect(undetermined).toMatchObject({ kind: 'undetermined' });
    expect(smeSizeVerdict(undetermined)).toEqual({ kind: 'undetermined' });
    expect(smeSizeVerdict(null)).toBeNull();
  });

  it('vientianeDate is the calendar day in UTC+7', () => {
    expect(vientianeDate(new Date('2024-03-31T16:59:59Z'))).toBe('2024-03-31');
    expect(vientianeDate(new Date('2024-03-31T17:00:00Z'))).toBe('2024-04-01');
  });

  it('rejects negative or non-finite figures', () => {
    expect(() => deriveSmeSize(trade(-1, 1, 1), FULL_TRADE, AS_OF)).toThrow(RangeError);
    expect(() => deriveSmeSize(trade(Number.NaN, 1, 1), FULL_TRADE, AS_OF)).toThrow(RangeError);
  });
});
