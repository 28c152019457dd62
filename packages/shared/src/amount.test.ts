import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX, editAmount, formatAmountInput, parseAmount } from './amount';
import type { Language } from './i18n';

const LANGS: Language[] = ['lo', 'en'];
const digitsOf = (s: string) => s.replace(/[\u0ED0-\u0ED9]/g, (d) => String(d.charCodeAt(0) - 0x0ed0)).replace(/\D/g, '');
const significant = (s: string) => digitsOf(s).replace(/^0+(?=\d)/, '');

describe('parseAmount', () => {
  it.each([
    // the cases: a fraction is refused in both languages, never glued into a larger figure
    ['87500000.50', 'lo', { ok: false, error: 'amount_fraction' }],
    ['87500000.50', 'en', { ok: false, error: 'amount_fraction' }],
    ['1234,5', 'lo', { ok: false, error: 'amount_fraction' }],
    ['1234,5', 'en', { ok: false, error: 'amount_fraction' }],
    ['1.234.567,00', 'lo', { ok: false, error: 'amount_fraction' }],
    ['1.234.567,00', 'en', { ok: false, error: 'amount_fraction' }],
    ['1,234,567.00', 'lo', { ok: false, error: 'amount_fraction' }],
    ['1,234,567.00', 'en', { ok: false, error: 'amount_fraction' }],
    // a grouped whole number is read exactly, the screen's way or (when it cannot be a fraction) the other way
    ['1.234.567', 'lo', { ok: true, value: 1234567 }],
    ['1.234.567', 'en', { ok: true, value: 1234567 }],
    ['1,234,567', 'en', { ok: true, value: 1234567 }],
    ['1,234,567', 'lo', { ok: true, value: 1234567 }],
    ['87500000', 'lo', { ok: true, value: 87500000 }],
    // one mark and three digits is the screen's grouping, or else a fraction
    ['1.234', 'lo', { ok: true, value: 1234 }],
    ['1.234', 'en', { ok: false, error: 'amount_fraction' }],
    ['1,234', 'en', { ok: true, value: 1234 }],
    ['1,234', 'lo', { ok: false, error: 'amount_fraction' }],
    ['12.34.567', 'lo', { ok: false, error: 'amount_fraction' }],
    ['1.234.', 'lo', { ok: false, error: 'amount_fraction' }],
    // decoration the portal prints itself, Lao digits, empty
    ['₭ 1.234.567', 'lo', { ok: true, value: 1234567 }],
    ['LAK 1,234,567', 'en', { ok: true, value: 1234567 }],
    ['໑໒໓໔', 'lo', { ok: true, value: 1234 }],
    ['', 'lo', { ok: true, value: null }],
    ['  ', 'en', { ok: true, value: null }],
    ['007', 'en', { ok: true, value: 7 }],
    ['abc', 'en', { ok: false, error: 'amount_invalid' }],
    ['1e6', 'en', { ok: false, error: 'amount_invalid' }],
    ['-', 'en', { ok: false, error: 'amount_invalid' }],
    // sign and size
    ['-12.600.000', 'lo', { ok: false, error: 'amount_negative' }],
    ['-0', 'lo', { ok: true, value: 0 }],
    ['1.000.000.000.000.000', 'lo', { ok: true, value: AMOUNT_MAX }],
    ['1000000000000001', 'en', { ok: false, error: 'amount_too_large' }],
    ['9007199254740993', 'en', { ok: false, error: 'amount_too_large' }],
    ['99999999999999999999999', 'en', { ok: false, error: 'amount_too_large' }],
  ] as const)('reads %j in %s as %j', (text, lng, expected) => {
    expect(parseAmount(text, lng)).toEqual(expected);
  });

  it('reads a sign only on a line that allows it, the same way in both languages', () => {
    expect(parseAmount('-12.600.000', 'lo', { allowNegative: true })).toEqual({ ok: true, value: -12_600_000 });
    expect(parseAmount('−12,600,000', 'en', { allowNegative: true })).toEqual({ ok: true, value: -12_600_000 });
    expect(parseAmount('-LAK 12,600,000', 'en', { allowNegative: true })).toEqual({ ok: true, value: -12_600_000 });
  });

  it('keeps to a smaller maximum when the field has one', () => {
    expect(parseAmount('101', 'en', { max: 100 })).toEqual({ ok: false, error: 'amount_too_large' });
    expect(parseAmount('100', 'en', { max: 100 })).toEqual({ ok: true, value: 100 });
  });
});

describe('formatAmountInput', () => {
  it.each([
    [1234567, 'lo', '1.234.567'],
    [1234567, 'en', '1,234,567'],
    [-12_600_000, 'lo', '-12.600.000'],
    [-12_600_000, 'en', '-12,600,000'],
    [0, 'en', '0'],
    [null, 'lo', ''],
  ] as const)('shows %s in %s as %j', (value, lng, expected) => {
    expect(formatAmountInput(value, lng)).toBe(expected);
  });
});

describe('the stored value is never one the person did not see (properties)', () => {
  // What a person can type or paste: digits (Latin and Lao), both marks, signs, spaces, currency marks, stray letters.
  const typed = fc
    .array(fc.constantFrom(...'0123456789012345678901234567890123456789.,.,-−  ₭໑໕x'.split(''), 'LAK', 'ກີບ', '\u00A0'), { maxLength: 24 })
    .map((parts) => parts.join(''));
  const lang = fc.constantFrom<Language>(...LANGS);
  const whole = fc.integer({ min: -AMOUNT_MAX, max: AMOUNT_MAX });

  it('any text is refused, or read as exactly the digits it shows', () => {
    fc.assert(
      fc.property(typed, lang, fc.boolean(), (text, lng, allowNegative) => {
        const read = parseAmount(text, lng, { allowNegative });
        if (!read.ok) return;
        if (read.value === null) {
          expect(digitsOf(text)).toBe('');
          return;
        }
        expect(Number.isSafeInteger(read.value)).toBe(true);
        expect(significant(formatAmountInput(read.value, lng))).toBe(significant(text));
        if (!allowNegative) expect(read.value).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 5000 },
    );
  });

  it('typing and pasting, edit by edit: a refused edit keeps the value before it, an accepted one shows exactly its digits', () => {
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('key' as const), at: fc.nat(), key: fc.constantFrom(...'0123456789.,-'.split('')) }),
      fc.record({ kind: fc.constant('paste' as const), text: typed }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 30 }), lang, fc.boolean(), (edits, lng, allowNegative) => {
        let state = { text: '', accepted: true };
        let stored: number | null = null;
        for (const e of edits) {
          const at = 'at' in e ? e.at % (state.text.length + 1) : 0;
          const raw =
            e.kind === 'paste'
              ? e.text
              : e.kind === 'key'
                ? state.text.slice(0, at) + e.key + state.text.slice(at)
                : state.text.slice(0, at) + state.text.slice(at + 1);
          const next = editAmount(state, raw, lng, { allowNegative });
          if (next.parse.ok) {
            stored = next.parse.value;
            expect(significant(next.text)).toBe(significant(raw));
            expect(next.text).toBe(formatAmountInput(stored, lng));
          } else {
            expect(next.text).toBe(raw);
          }
          state = { text: next.text, accepted: next.parse.ok };
        }
        // what the field shows when it is not refusing is the stored value, digit for digit
        if (state.accepted) expect(state.text).toBe(formatAmountInput(stored, lng));
      }),
      { numRuns: 2000 },
    );
  });

  it('the screen shows a value that reads back as the same value, in both languages', () => {
    fc.assert(
      fc.property(whole, lang, (value, lng) => {
        expect(parseAmount(formatAmountInput(value, lng), lng, { allowNegative: true })).toEqual({
          ok: true,
          value: Object.is(value, -0) ? 0 : value,
        });
      }),
    );
  });

  it('a number pasted from the other language is read exactly or refused, never as another number', () => {
    fc.assert(
      fc.property(whole, lang, (value, lng) => {
        const other: Language = lng === 'lo' ? 'en' : 'lo';
        const read = parseAmount(formatAmountInput(value, other), lng, { allowNegative: true });
        if (read.ok) expect(read.value).toBe(Object.is(value, -0) ? 0 : value);
        else expect(read.error).toBe('amount_fraction');
      }),
    );
  });

  it('a figure with a fractional part, written either way, is always refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 99 }), lang, lang, (int, cents, written, screen) => {
        const text = new Intl.NumberFormat(written === 'lo' ? 'de-DE' : 'en-GB', { minimumFractionDigits: 2, useGrouping: int % 2 === 0 }).format(
          int + cents / 100,
        );
        expect(parseAmount(text, screen).ok).toBe(false);
      }),
    );
  });
});

describe('editAmount (typing into the field)', () => {
  const typeInto = (keys: string, lng: Language) => {
    let state = { text: '', accepted: true };
    let last = parseAmount('', lng);
    for (const key of keys) {
      const next = editAmount(state, state.text + key, lng);
      state = { text: next.text, accepted: next.parse.ok };
      last = next.parse;
    }
    return { shown: state.text, read: last };
  };

  it.each([
    ['87500000', 'lo', '87.500.000', { ok: true, value: 87_500_000 }],
    ['87500000', 'en', '87,500,000', { ok: true, value: 87_500_000 }],
    // the mark the person types is theirs: a fraction stays on screen, refused, never glued on
    ['87500000.50', 'lo', '87.500.000.50', { ok: false, error: 'amount_fraction' }],
    ['87500000.50', 'en', '87,500,000.50', { ok: false, error: 'amount_fraction' }],
    ['1234,5', 'lo', '1.234,5', { ok: false, error: 'amount_fraction' }],
    ['1234,5', 'en', '1,234,5', { ok: false, error: 'amount_fraction' }],
  ] as const)('typing %j key by key in %s shows %j', (keys, lng, shown, read) => {
    expect(typeInto(keys, lng)).toEqual({ shown, read });
  });

  it('regroups when a digit is typed in the middle or deleted', () => {
    expect(editAmount({ text: '1.234', accepted: true }, '1.2934', 'lo')).toEqual({ parse: { ok: true, value: 12934 }, text: '12.934' });
    expect(editAmount({ text: '12,345', accepted: true }, '12,45', 'en')).toEqual({ parse: { ok: true, value: 1245 }, text: '1,245' });
  });

  it('reads a paste over the whole field as written', () => {
    expect(editAmount({ text: '5', accepted: true }, '1,234,567.00', 'en').parse).toEqual({ ok: false, error: 'amount_fraction' });
    expect(editAmount({ text: '', accepted: true }, '1.234.567', 'en')).toEqual({ parse: { ok: true, value: 1234567 }, text: '1,234,567' });
  });
});
