// Zod-free: the web's first load and the API's e-mails and PDFs read it (docs/decisions/070).
import type { Language } from './i18n';

export const TIME_ZONE = 'Asia/Vientiane';

/** The Intl locale of each language (numbers and dates); English keeps the British style the portal has always printed. */
export const INTL_LOCALES: Record<Language, string> = { lo: 'lo-LA', en: 'en-GB' };

// Browsers built without Lao ICU data (Debian's Chromium, some WebViews) format 'lo-LA' numbers as English
// ("LAK 4,000,000"). Where Intl lacks Lao, Lao numbers are grouped here the way Node and ICU-full browsers
// print them ("₭4.000.000", "1.234.567,5"), so a screen, a PDF and an e-mail agree everywhere.
const INTL_HAS_LAO = Intl.NumberFormat.supportedLocalesOf([INTL_LOCALES.lo]).length > 0;
const LAO_SEPARATORS = { group: '.', decimal: ',' } as const;

// Each Intl formatter is made once per locale and options and then reused: making one loads locale and time-zone
// data (~0.1–1 ms), and a screen's list of dates and amounts made one per value (9 ms of the home page's first
// render on a desktop CPU, four times that on a phone).
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}
const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  kept(`number ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  kept(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

/** The digit-grouping and decimal marks of the language (Lao: 1.234.567,5; English: 1,234,567.5). */
export function numberSeparators(lng: Language): { group: string; decimal: string } {
  if (lng === 'lo' && !INTL_HAS_LAO) return LAO_SEPARATORS;
  const parts = numberFormat(INTL_LOCALES[lng]).formatToParts(1234567.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  return { group, decimal: decimal === group ? (group === '.' ? ',' : '.') : decimal };
}

/** A whole number with the language's digit grouping (counts, character limits). */
export function formatInteger(n: number, lng: Language): string {
  if (lng === 'lo' && !INTL_HAS_LAO) return groupDigits(Math.round(n), LAO_SEPARATORS.group);
  return numberFormat(INTL_LOCALES[lng], { maximumFractionDigits: 0 }).format(n);
}

function groupDigits(n: number, group: string): string {
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return n < 0 ? `-${digits}` : digits;
}

/**
 * LAK in whole kip with the language's digit grouping (DESIGN §3): "₭1.234.567" (lo), "LAK 1,234,567" (en).
 * The sign leads in both languages ("-₭12.600.000", "-LAK 12,600,000"): ICU puts Lao's after the ₭.
 */
export function formatLak(amount: number, lng: Language): string {
  const whole = Math.round(Math.abs(amount));
  const sign = amount < 0 && whole !== 0 ? '-' : '';
  if (lng === 'lo' && !INTL_HAS_LAO) return `${sign}₭${groupDigits(whole, LAO_SEPARATORS.group)}`;
  return sign + numberFormat(INTL_LOCALES[lng], { style: 'currency', currency: 'LAK', maximumFractionDigits: 0 }).format(whole);
}

// Chromium builds without Lao calendar data print Lao dates as "2026 M11 22", so Lao dates are put
// together here from numeric parts and the Lao month names (Node and ICU-full browsers agree with these).
const LAO_MONTHS = ['ມັງກອນ', 'ກຸມພາ', 'ມີນາ', 'ເມສາ', 'ພຶດສະພາ', 'ມິຖຸນາ', 'ກໍລະກົດ', 'ສິງຫາ', 'ກັນຍາ', 'ຕຸລາ', 'ພະຈິກ', 'ທັນວາ'];

function vientianeParts(date: Date) {
  const parts = dateTimeFormat('en-GB', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: TIME_ZONE,
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: Number(get('day')), month: Number(get('month')), year: get('year'), time: `${get('hour')}:${get('minute')}` };
}

export function formatDate(iso: string, lng: Language): string {
  const date = new Date(iso);
  if (lng === 'lo') {
    const { day, month, year } = vientianeParts(date);
    return `${day} ${LAO_MONTHS[month - 1]} ${year}`;
  }
  return dateTimeFormat(INTL_LOCALES[lng], { dateStyle: 'medium', timeZone: TIME_ZONE }).format(date);
}

export function formatDateTime(iso: string, lng: Language): string {
  const date = new Date(iso);
  if (lng === 'lo') return `${formatDate(iso, lng)}, ${vientianeParts(date).time}`;
  return dateTimeFormat(INTL_LOCALES[lng], { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(date);
}

/**
 * "2026-11-27T15:43:29.084Z" → "2026-11-27 22:43": the time in Vientiane (UTC+7 all year), as a spreadsheet reads
 * a date and time in every locale. CSV exports and printed stamps use it; '' for an empty value.
 */
export function vientianeStamp(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const local = new Date(at + 7 * 3600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}

/** "08:00" → "8 AM" (en) or "08:00" (lo), for opening hours. */
export function formatClock(hhmm: string, lng: Language): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const date = new Date(Date.UTC(2000, 0, 1, h, m));
  return dateTimeFormat(INTL_LOCALES[lng], {
    hour: 'numeric',
    minute: m ? '2-digit' : undefined,
    hour12: lng === 'en',
    timeZone: 'UTC',
  }).format(date);
}
