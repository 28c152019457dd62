/** Per-project options of the browser tests (set in playwright.config.ts). */
export type Lang = 'lo' | 'en';

export interface E2eOptions {
  /** The language a test starts in: stored as localStorage.lang before the app's first script runs. */
  lang: Lang;
}
