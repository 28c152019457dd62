import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// By path: the config loader leaves workspace packages to Node, which does not run TypeScript.
import { catalogVersions } from '../../packages/shared/src/catalog-files';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstVisitChunk } from './first-visit-chunk';
import { pdfjsAssets } from './pdfjs-assets';
import { pdfjsLean } from './pdfjs-lean';
import { pureContracts } from './pure-contracts';

const api = process.env.BANSI_API_URL ?? 'http://127.0.0.1:3000';
const firstVisit = firstVisitChunk(['src/app/routes/home.tsx']);
const langVersions = JSON.stringify(catalogVersions(fileURLToPath(new URL('../../packages/shared/locales', import.meta.url))));

const app = defineConfig({
  plugins: [
    react(),
    pdfjsAssets(),
    pdfjsLean(),
    pureContracts(),
    firstVisit.plugin,
    // The service worker (sw/sw.ts, decision 160), built with this build's precache list. The manifests are
    // public/manifest.{lo,en}.webmanifest (one per language) and the page registers the worker (main.tsx).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['index.html', 'favicon.svg', 'static/**/*.{js,css,woff2}'],
        // Hashed names need no cache-busting: the worker's download is then the HTTP cache's copy.
        dontCacheBustURLsMatching: /^static\//,
        // The shell only: index.html, what it loads (the first visit's JavaScript and CSS) and the Lao font.
        // Every other chunk is cached when a screen first needs it, so a phone never downloads the whole app.
        manifestTransforms: [
          (entries) => {
            const html = readFileSync(fileURLToPath(new URL('dist/index.html', import.meta.url)), 'utf8');
            const shell = (url: string) =>
              !url.startsWith('static/') || html.includes(`/${url}"`) || /noto-sans-lao-lao-\d+-normal-[^/]+\.woff2$/.test(url);
            return { manifest: entries.filter((e) => shell(e.url)), warnings: [] };
          },
        ],
      },
    }),
  ],
  // Each catalog's version goes into its URL (lib/i18n.ts), so the browser keeps it until a word changes.
  define: { __LANG_VERSIONS__: langVersions },
  // Hashed files live under /static/{js,css,media} so the API can cache them for a year.
  build: {
    outDir: 'dist',
    assetsDir: 'static',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Every browser a Lao phone runs (Chrome/WebView ≥ 66, Safari ≥ 17) preloads modules itself: the polyfill
    // was 0.35 kB of the first visit's 150 (decision 116).
    //
    // A screen's chunk brings its own imports (decision 293): Vite's helper would add a <link rel="modulepreload"> for
    // each of the 30–60 files a dynamic import needs before running it, and on a phone inserting them (~2 ms each on
    // a desktop CPU, 90 ms for /dashboard) costs more main-thread time than the round trips they save (bench:mobile
    // /dashboard LCP 5.9 → 5.3 s; at 400 kbit/s the app's payment screen 11.1 → 8.0 s). The page's own preloads
    // (index.html: the framework) stay, and a screen's CSS is still loaded before it runs.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        // Libraries every page needs whole travel in one chunk: fewer requests, better compression
        // (-8 kB brotli on the first visit; `npm run bench:bundle`). Mantine's runtime (Box, styles API,
        // provider) joins them; its components stay split, or every screen's would load on the first visit.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|i18next-http-backend|@tanstack[\\/]query-core|@tanstack[\\/]react-query|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]/,
            },
            // zod serves the forms' resolvers only; on its own it stays out of the first visit's chunks.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // What the home page needs beyond the framework, in one file (first-visit-chunk.ts).
            { ...firstVisit.group, priority: 1 },
          ],
        },
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.css')) ? 'static/css/[name]-[hash][extname]' : 'static/media/[name]-[hash][extname]',
      },
    },
  },
  server: {
    proxy: { '/api': api, '/asset': api, '/healthz': api, '/readyz': api },
  },
});

// `vite build --ssr src/prerender.tsx`, the web build's second step (decision 285): the home page's tree for Node,
// which prerender/write-pages.mjs renders to HTML. Only what the tree needs: no service worker, no chunk plan.
const prerender = defineConfig({
  plugins: [react(), pureContracts()],
  define: { __LANG_VERSIONS__: langVersions },
  build: { outDir: 'prerender/dist', emptyOutDir: true, sourcemap: false, copyPublicDir: false },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? prerender : app));
