// The web build's last step before compression (`npm run build -w @bansi/web`, decision 285): renders the public
// home page in Lao and English (src/prerender.tsx, built by `vite build --ssr`) into dist/index.lo.html and
// dist/index.en.html. The API sends one of them for `/` (plugins/web-app.ts) by the visitor's `bansi_lang` cookie,
// so the heading, the lead and the real links are in the first HTML and paint before any JavaScript has arrived.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const locales = join(web, '../../packages/shared/locales');
// React's production renderer (the development one warns about what the browser's app checks itself).
process.env.NODE_ENV ??= 'production';
const { renderHome } = await import(pathToFileURL(join(web, 'prerender/dist/prerender.js')).href);

/** locales/<lng>/<part>.json merged as `{ <part>: … }`: the catalog the browser reads (packages/shared/src/catalog-files.ts). */
function catalog(lng) {
  const out = {};
  for (const file of readdirSync(join(locales, lng))
    .filter((f) => f.endsWith('.json'))
    .sort())
    out[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(locales, lng, file), 'utf8'));
  return out;
}

const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const media = readdirSync(join(dist, 'static/media'));
// The heading is bold, the text regular: both Lao faces are on the first paint's path, so ask for them with the CSS.
const laoFonts = [400, 700]
  .map((weight) => media.find((f) => new RegExp(`^noto-sans-lao-lao-${weight}-normal-[^.]+\\.woff2$`).test(f)))
  .filter(Boolean)
  .map((f) => `<link rel="preload" href="/static/media/${f}" as="font" type="font/woff2" crossorigin />`);
if (laoFonts.length !== 2) throw new Error('prerender: the Lao fonts are not in dist/static/media');

// At 400 kbit/s the app's JavaScript (~150 kB) shares the line with the CSS and the fonts and made the first paint
// wait for ~3.3 s (docs/bench). Here the JavaScript starts once the CSS is in: a classic script after the stylesheet
// runs only then (the browser holds scripts for pending stylesheets) and adds the app's module and its preloads.
// Same-origin file, not inline: the CSP allows no inline script.
const head =
  /<script type="module" crossorigin src="([^"]+)"><\/script>\s*((?:<link rel="modulepreload" crossorigin href="[^"]+">\s*)*)(<link rel="stylesheet" crossorigin href="[^"]+">)/;
const found = head.exec(shell);
if (!found) throw new Error('prerender: dist/index.html does not load its module and stylesheet as expected');
const [whole, entry, preloads, stylesheet] = found;
const preloaded = [...preloads.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
const catalogUrls = Object.fromEntries(
  ['lo', 'en'].map((lng) => [
    lng,
    `/asset/lang/${lng}.json?v=${createHash('sha256')
      .update(JSON.stringify(catalog(lng)))
      .digest('base64url')
      .slice(0, 16)}`,
  ]),
);
const starter = `// Written by apps/web/prerender/prerender.mjs: the prerendered home page loads the app once its CSS is in.
{
for (const href of ${JSON.stringify(preloaded)}) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
const catalog = document.createElement('link');
catalog.rel = 'preload';
catalog.as = 'fetch';
catalog.crossOrigin = '';
catalog.href = ${JSON.stringify(catalogUrls)}[document.documentElement.lang];
document.head.append(catalog);
const script = document.createElement('script');
script.type = 'module';
script.crossOrigin = '';
script.src = ${JSON.stringify(entry)};
document.head.append(script);
}
`;
const starterName = `static/js/start-${createHash('sha256').update(starter).digest('base64url').slice(0, 8)}.js`;
writeFileSync(join(dist, starterName), starter);

// The deep links a phone opens first, in the app's own language (decision 286): the page the server sends for
// them asks at once for the translation catalog and for the screen's chunks, which the app would otherwise ask
// for one after another once the framework has run (the payment screen's QR waited 4 s for them at 400 kbit/s).
// Paths as in packages/shared/src/paths.ts (WebPaths); source files as in apps/web/src/app/router.tsx.
const FIRST_SCREENS = {
  '/dashboard': ['src/app/layouts/dashboard-layout.tsx', 'src/app/routes/dashboard-overview.tsx'],
  '/dashboard/service-payment': ['src/app/layouts/dashboard-layout.tsx', 'src/features/payments/routes/service-payment.tsx'],
  '/dashboard/guide-book': ['src/app/layouts/dashboard-layout.tsx', 'src/features/library/routes/guide-book.tsx'],
};
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
rmSync(join(dist, '.vite'), { recursive: true, force: true });
const inShell = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
/** The JavaScript files a screen's modules load statically, not already in the shell. */
function chunksOf(sources) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  sources.forEach(visit);
  return [...files].filter((f) => !inShell.has(f));
}
/** The translation catalog's URL as lib/i18n.ts asks for it (its version as vite.config.ts computes it). */
const catalogUrl = (lng) =>
  `/asset/lang/${lng}.json?v=${createHash('sha256')
    .update(JSON.stringify(catalog(lng)))
    .digest('base64url')
    .slice(0, 16)}`;
const catalogPreload = (lng) => `<link rel="preload" href="${catalogUrl(lng)}" as="fetch" crossorigin />`;
/** What a page shows until the app mounts (main.tsx removes it): its language's "Loading…", over the page, taking no room. */
const pageLoading = (lng) =>
  `<p id="page-loading" role="status" data-testid="page-loading" style="position:fixed;inset:96px 0 auto;margin:0;text-align:center;font:16px/1.5 system-ui,sans-serif;color:#495057">${catalog(lng).common.loading}</p>`;
const pages = { lo: {}, en: {} };
for (const lng of ['lo', 'en']) {
  const variants = { '*': [], ...Object.fromEntries(Object.entries(FIRST_SCREENS).map(([path, sources]) => [path, chunksOf(sources)])) };
  for (const [path, chunks] of Object.entries(variants)) {
    const name = `page.${lng}${path === '*' ? '' : path.replaceAll('/', '.')}.html`;
    const links = [catalogPreload(lng), ...chunks.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)];
    writeFileSync(
      join(dist, name),
      shell
        .replace('<html lang="lo">', `<html lang="${lng}">`)
        .replace('/manifest.lo.webmanifest', `/manifest.${lng}.webmanifest`)
        // The stylesheet moves below the progress: a stylesheet in the body holds back only what follows it, so
        // the words "Loading…" paint as soon as the HTML is in, not after the CSS (which shares the slow line with
        // the app's JavaScript). The app's scripts still wait for it.
        .replace(`    ${stylesheet}\n`, '')
        // The CSS's own body margin, so the words do not move when the CSS comes.
        .replace('</head>', `  ${links.join('\n    ')}\n    <style>body{margin:0}</style>\n  </head>`)
        // Before #root: Mantine's theme variables (a <style> the app renders in #root) must come after its CSS.
        .replace('<div id="root"></div>', `${pageLoading(lng)}\n    ${stylesheet}\n    <div id="root"></div>`),
    );
    pages[lng][path] = name;
  }
}
writeFileSync(join(dist, 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);

for (const lng of ['lo', 'en']) {
  const cat = catalog(lng);
  const body = await renderHome(lng, cat);
  if (!body.includes('<h1')) throw new Error(`prerender: the ${lng} home page has no heading`);
  let html = shell
    .replace(whole, `${stylesheet}\n    <script src="/${starterName}"></script>`)
    .replace('<html lang="lo">', `<html lang="${lng}" data-mantine-color-scheme="light">`)
    .replace('/manifest.lo.webmanifest', `/manifest.${lng}.webmanifest`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${lng}">${body}</div>`);
  // The fonts before the stylesheet: the preload scanner asks for them at once, beside the CSS. English too: the
  // Lao face is the first of the font stack for every letter (no unicode-range), so its ascent places the English
  // text in its line; arriving after the first paint, it moved every line by 3–5 px (seen in first-paint.spec.ts).
  // (Not the catalog: on this page it is the app's, and asked with the CSS it held the first paint back by 0.7 s;
  // the starter asks for it with the app's JavaScript.)
  html = html.replace('</title>', `</title>\n    ${laoFonts.join('\n    ')}`);
  if (!html.includes('data-prerendered')) throw new Error('prerender: dist/index.html has no empty #root');
  writeFileSync(join(dist, `index.${lng}.html`), html);
}
