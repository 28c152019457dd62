/** Languages of the product: Lao is the default and the fallback. */
export const LANGUAGES = ['lo', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'lo';
/** i18next namespace of every catalog, served at /asset/{namespace}/{lng}.json */
export const I18N_NAMESPACE = 'lang';
/** localStorage key that keeps the chosen language */
export const LANGUAGE_STORAGE_KEY = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Staff-written content has a Lao and an English field; English falls back to Lao when empty. */
export function localized(lo: string, en: string | null | undefined, lang: Language): string {
  return lang === 'en' && en && en.trim() !== '' ? en : lo;
}
