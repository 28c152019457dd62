// The web build's step after `vite build --ssr src/prerender.tsx` (decisions 285, 290): each page of PRERENDERED_PAGES
// (the home page, log-in, registration) rendered in each language into dist/prerender/<name>.<lng>.html —
// dist/index.html with the page's markup inside #root, the page's language, title (and the home page's description),
// and its one inline script (packages/shared/src/prerender.ts). The API sends one of them for the page's path by the
// visitor's `bansi_lang` cookie (plugins/web-app.ts), so its heading, text and form paint once the HTML and the CSS
// are in, before any JavaScript has run.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
// React's production renderer, as in the browser's build.
process.env.NODE_ENV ??= 'production';
const bundle = join(web, 'prerender/dist/prerender.js');
const { renderPage, loadCatalogs, LANGUAGES, PRERENDERED_PAGES, PRERENDERED_PAGE_SCRIPT } = await import(pathToFileURL(bundle).href);

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `shell` with `from` replaced by `to`; a build whose index.html no longer holds `from` stops here. */
function replace(shell, from, to) {
  const found = typeof from === 'string' ? shell.includes(from) : from.test(shell);
  if (!found) throw new Error(`prerender: dist/index.html has no ${from}`);
  return shell.replace(from, typeof to === 'string' ? () => to : to);
}

const shell = readFileSync(join(dist, 'index.html'), 'utf8');
// Both Lao faces, asked for beside the CSS: the heading is bold, the text regular, and Lao is the first face of
// the font stack for every letter (English too), so a face arriving after the first paint would move the lines.
const media = readdirSync(join(dist, 'static/media'));
const fonts = [400, 700].map((weight) => {
  const file = media.find((f) => new RegExp(`^noto-sans-lao-lao-${weight}-normal-[^.]+\\.woff2$`).test(f));
  if (!file) throw new Error(`prerender: no Lao ${weight} font in dist/static/media`);
  return `<link rel="preload" href="/static/media/${file}" as="font" type="font/woff2" crossorigin />`;
});

const catalogs = loadCatalogs(join(web, '../../packages/shared/locales'));
const out = join(dist, 'prerender');
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
for (const [path, { name, inert }] of Object.entries(PRERENDERED_PAGES)) {
  for (const lng of LANGUAGES) {
    const { common, home } = catalogs[lng];
    const body = await renderPage(path, lng, catalogs[lng]);
    // The page's one heading names it, in the tab too (as PageTitle and usePageMeta set it once the app runs).
    const heading = [...body.matchAll(/<h1[^>]*>([^<]+)<\/h1>/g)].map((m) => m[1]);
    if (heading.length !== 1) throw new Error(`prerender: the ${lng} page ${path} has ${heading.length} headings`);
    if (path === '/' && heading[0] !== escape(home.title)) throw new Error(`prerender: the ${lng} home page has no heading`);
    const title = `${heading[0]} · ${escape(common.appName)}`;
    let html = shell;
    // Mantine's colours are scoped by the colour scheme's attribute, which the app would set only once it runs.
    html = replace(html, '<html lang="lo">', `<html lang="${lng}" data-mantine-color-scheme="light">`);
    html = replace(html, '/manifest.lo.webmanifest', `/manifest.${lng}.webmanifest`);
    html = replace(html, /<title>[^<]*<\/title>/, `<title>${title}</title>\n    ${fonts.join('\n    ')}`);
    if (path === '/') {
      const description = home.lead.replace(/\s+/g, ' ').trim().slice(0, 200);
      html = replace(html, /<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escape(description)}" />`);
    }
    // The app's JavaScript waits for the stylesheet: named here, inert, and started by the page's script (which runs
    // only once the CSS is in), so at 400 kbit/s the CSS and the fonts have the line to themselves.
    html = replace(html, /<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src) => `<meta name="app-module" content="${src}" />`);
    html = html.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href) => `<meta name="app-modulepreload" content="${href}" />`);
    if (/<script type="module"|rel="modulepreload"/.test(html))
      throw new Error('prerender: dist/index.html loads its JavaScript in an unexpected way');
    html = replace(
      html,
      '<div id="root"></div>',
      `<div id="root"${inert ? ' inert' : ''}>${body}</div>\n    <script>${PRERENDERED_PAGE_SCRIPT}</script>`,
    );
    writeFileSync(join(out, `${name}.${lng}.html`), html);
  }
}
rmSync(join(web, 'prerender/dist'), { recursive: true, force: true });
