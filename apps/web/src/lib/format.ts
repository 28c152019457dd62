import type { Language } from '@bansi/shared';

const locales: Record<Language, string> = { lo: 'lo-LA', en: 'en-GB' };
export const TIME_ZONE = 'Asia/Vientiane';

/** LAK, no decimals, with the language's digit grouping (DESIGN §3). */
export function formatLak(amount: number, lng: Language): string {
  return new Intl.NumberFormat(locales[lng], { style: 'currency', currency: 'LAK', maximumFractionDigits: 0 }).format(amount);
}

export function formatDate(iso: string, lng: Language): string {
  return new Intl.DateTimeFormat(locales[lng], { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(iso));
}

export function formatDateTime(iso: string, lng: Language): string {
  return new Intl.DateTimeFormat(locales[lng], { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(iso));
}

/** "08:00" → "8 AM" (en) or "08:00" (lo), for opening hours. */
export function formatClock(hhmm: string, lng: Language): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const date = new Date(Date.UTC(2000, 0, 1, h, m));
  return new Intl.DateTimeFormat(locales[lng], {
    hour: 'numeric',
    minute: m ? '2-digit' : undefined,
    hour12: lng === 'en',
    timeZone: 'UTC',
  }).format(date);
}
