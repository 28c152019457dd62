import { LANGUAGE_STORAGE_KEY, LANGUAGES } from './i18n';

/**
 * The one inline script of the prerendered home page (decision 285), right after its `#root`; the API allows it by
 * its hash, so it never changes with a build.
 *
 * 1. When this browser chose another language than the page's (the choice kept, its cookie gone), it empties
 *    `#root`: the app mounts from nothing in the chosen language, and the other one is never shown.
 * 2. It starts the app: the page names the app's module and its preloads in `<meta name="app-module">` and
 *    `<meta name="app-modulepreload">` (inert), and this script, which runs only once the stylesheet is in (a
 *    parser's script waits for the stylesheets before it), adds them. At 400 kbit/s the JavaScript otherwise
 *    shares the line with the CSS and the fonts, and the first paint waits for all three.
 */
export const PRERENDERED_HOME_SCRIPT =
  `try{var l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)});` +
  `if(${JSON.stringify(LANGUAGES)}.indexOf(l)>=0&&l!==document.documentElement.lang)document.getElementById("root").textContent=""}catch(e){}` +
  `document.querySelectorAll('meta[name^="app-module"]').forEach(function(m){var e;` +
  `if(m.name==="app-module"){e=document.createElement("script");e.type="module";e.src=m.content}` +
  `else{e=document.createElement("link");e.rel="modulepreload";e.href=m.content}` +
  `e.crossOrigin="";document.head.appendChild(e)})`;
