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

/**
 * The one inline script of the prerendered home page (decision 285), right after its `#root`: when this browser
 * chose another language than the page's (the choice kept, its cookie gone), it empties `#root`, so the app mounts
 * from nothing in the chosen language and the other one is never shown. The API allows it by its hash.
 */
export const PRERENDER_LANGUAGE_CHECK =
  `try{var l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)});` +
  `if(${JSON.stringify(LANGUAGES)}.indexOf(l)>=0&&l!==document.documentElement.lang)document.getElementById("root").textContent=""}catch(e){}`;
