import { fileURLToPath } from 'node:url';
import { catalogVersions } from '@bansi/shared/catalog-files';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstVisitChunk } from './first-visit-chunk';
import { pdfjsAssets } from './pdfjs-assets';

const api = process.env.BANSI_API_URL ?? 'http://127.0.0.1:3000';
const firstVisit = firstVisitChunk(['src/app/routes/home.tsx']);

export default defineConfig({
  plugins: [react(), pdfjsAssets(), firstVisit.plugin],
  // Each catalog's version goes into its URL (lib/i18n.ts), so the browser keeps it until a word changes.
  define: { __LANG_VERSIONS__: JSON.stringify(catalogVersions(fileURLToPath(new URL('../../packages/shared/locales', import.meta.url)))) },
  // Hashed files live under /static/{js,css,media} so the API can cache them for a year.
  build: {
    outDir: 'dist',
    assetsDir: 'static',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
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
