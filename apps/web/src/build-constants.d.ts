/** Set by vite.config.ts at build time: each catalog's version (catalogVersion), by language code. */
declare const __LANG_VERSIONS__: Record<string, string>;
