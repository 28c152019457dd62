// Zod-free: the amount input on the web's first load reads it (docs/decisions/070, 145).
import { formatInteger, numberSeparators } from './format';
import type { Language } from './i18n';

/**
 * The largest amount anyone may enter or send, in whole kip (10^15: a thousand trillion kip is far above
 * any Lao balance sheet, and every integer up to it is exact in a JSON number).
 */
export const AMOUNT_MAX = 1_000_000_000_000_000;

/** Why a typed amount was refused; the same codes the API's amount schema answers (errors.amount.<code>). */
export const AMOUNT_ERRORS = ['amount_fraction', 'amount_negative', 'amount_too_large', 'amount_invalid'] as const;
export type AmountError = (typeof AMOUNT_ERRORS)[number];

export type AmountParse = { ok: true; value: number | null } | { ok: false; error: AmountError };

export interface AmountRules {
  /** a line that may be below zero (an allowance, depreciation, accumulated losses); default false */
  allowNegative?: boolean;
  /** default AMOUNT_MAX */
  max?: number;
}

const LAO_DIGITS = /[\u0ED0-\u0ED9]/g;
// Spaces of every width, the currency marks the portal prints and the unit beside the field.
const DECORATION = /[\s\u00A0\u202F\u2009₭]|LAK|ກີບ/gi;
const MINUS = /^[-\u2212]/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a person typed or pasted into an amount field, read exactly or refused; never rounded, truncated
 * or glued together. Read: plain digits ("87500000"), digits grouped the screen's way ("1.234.567" in Lao,
 * "1,234,567" in English), and digits grouped the other language's way when that cannot be a fraction
 * (two or more marks: "1,234,567" in Lao). Refused: anything with a fractional part, even ",00"
 * (whole kip only), malformed grouping ("87500000.50" in Lao, "1234,5" in English), a sign where the line
 * allows none, more than `max`. Empty text is "not entered" (null).
 */
export function parseAmount(text: string, lng: Language, rules: AmountRules = {}): AmountParse {
  const { allowNegative = false, max = AMOUNT_MAX } = rules;
  let s = text.replace(LAO_DIGITS, (d) => String(d.charCodeAt(0) - 0x0ed0)).replace(DECORATION, '');
  if (s === '') return { ok: true, value: null };
  const negative = MINUS.test(s);
  if (negative) s = s.slice(1);
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return { ok: false, error: 'amount_invalid' };
  const { group, decimal } = numberSeparators(lng);
  const own = new RegExp(`^\\d{1,3}(${escape(group)}\\d{3})+$`);
  const other = new RegExp(`^\\d{1,3}(${escape(decimal)}\\d{3}){2,}$`);
  let digits: string;
  if (/^\d+$/.test(s)) digits = s;
  else if (own.test(s)) digits = s.split(group).join('');
  else if (other.test(s)) digits = s.split(decimal).join('');
  else return { ok: false, error: 'amount_fraction' };
  digits = digits.replace(/^0+(?=\d)/, '');
  // Compared as text first: a number past 2^53 would already be rounded.
  if (digits.length > String(Math.floor(max)).length || Number(digits) > max) return { ok: false, error: 'amount_too_large' };
  const value = Number(digits);
  if (negative && value !== 0 && !allowNegative) return { ok: false, error: 'amount_negative' };
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

/** An amount as the input shows it: grouped the language's way, no currency mark ("-12.600.000", "1,234,567"). */
export function formatAmountInput(value: number | null, lng: Language): string {
  if (value === null) return '';
  const grouped = formatInteger(Math.abs(value), lng);
  return value < 0 ? `-${grouped}` : grouped;
}

/**
 * One edit of an amount field, as the input applies it: digits typed into (or deleted from) a figure the field
 * grouped itself are grouped again ("1.234" + "5" → "12.345"); anything else — a typed mark, a paste, a refused
 * text being edited — is read exactly as written, so a fraction can never be glued into a larger figure.
 * `text` is what the field shows next: the grouped figure when read, the person's own text when refused.
 */
export function editAmount(
  before: { text: string; accepted: boolean },
  after: string,
  lng: Language,
  rules: AmountRules = {},
): { parse: AmountParse; text: string } {
  let p = 0;
  while (p < before.text.length && p < after.length && before.text[p] === after[p]) p++;
  let q = 0;
  while (q < before.text.length - p && q < after.length - p && before.text[before.text.length - 1 - q] === after[after.length - 1 - q]) q++;
  const inserted = after.slice(p, after.length - q);
  const { group } = numberSeparators(lng);
  const digitsOnly = before.accepted && /^[\d\u0ED0-\u0ED9]*$/.test(inserted);
  const parse = parseAmount(digitsOnly ? after.split(group).join('') : after, lng, rules);
  return { parse, text: parse.ok ? formatAmountInput(parse.value, lng) : after };
}
