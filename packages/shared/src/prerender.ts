import { LANGUAGE_STORAGE_KEY, LANGUAGES } from './i18n';

/**
 * The public pages prerendered at build time in each language (decisions 285, 290): path → the file's name,
 * dist/prerender/<name>.<lng>.html. A page with a form comes `inert` until the app has taken it over: what is
 * typed into the HTML's fields before then would be lost when React replaces them, so they take nothing.
 */
export const PRERENDERED_PAGES = {
  '/': { name: 'home', inert: false },
  '/login': { name: 'login', inert: true },
  '/register': { name: 'register', inert: true },
} as const satisfies Record<string, { name: string; inert: boolean }>;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

export const isPrerenderedPath = (path: string): path is PrerenderedPath => Object.hasOwn(PRERENDERED_PAGES, path);

/**
 * The one inline script of a prerendered page (decisions 285, 290), right after its `#root`; the API allows it by
 * its hash, so it never changes with a build.
 *
 * 1. When this browser chose another language than the page's (the choice kept, its cookie gone), it empties
 *    `#root` (and lets it take input): the app mounts from nothing in the chosen language, and the other one is
 *    never shown.
 * 2. It starts the app: the page names the app's module and its preloads in `<meta name="app-module">` and
 *    `<meta name="app-modulepreload">` (inert), and this script, which runs only once the stylesheet is in (a
 *    parser's script waits for the stylesheets before it), adds them. At 400 kbit/s the JavaScript otherwise
 *    shares the line with the CSS and the fonts, and the first paint waits for all three.
 */
export const PRERENDERED_PAGE_SCRIPT =
  `try{var l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)}),r=document.getElementById("root");` +
  `if(${JSON.stringify(LANGUAGES)}.indexOf(l)>=0&&l!==document.documentElement.lang){r.textContent="";r.removeAttribute("inert")}}catch(e){}` +
  `document.querySelectorAll('meta[name^="app-module"]').forEach(function(m){var e;` +
  `if(m.name==="app-module"){e=document.createElement("script");e.type="module";e.src=m.content}` +
  `else{e=document.createElement("link");e.rel="modulepreload";e.href=m.content}` +
  `e.crossOrigin="";document.head.appendChild(e)})`;
