import type { Language } from '@bansi/shared';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 52428800 → "50 MB" (binary multiples, as file managers show them), with the language's digits. */
export function formatBytes(bytes: number, lng: Language): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const number = new Intl.NumberFormat(lng === 'lo' ? 'lo-LA' : 'en-GB', {
    maximumFractionDigits: digits,
  }).format(value);
  return `${number} ${UNITS[unit]}`;
}
