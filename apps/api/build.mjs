// Bundles the API's own code and @bansi/shared (TypeScript source) into dist/; npm packages stay
// external and load from node_modules at run time.
import { build } from 'esbuild';

await build({
  // Worker threads: notes PDFs (modules/notes/notes.pdf-pool.ts) load dist/notes-pdf-worker.js, SQLite
  // search (modules/content/content.search-pool.ts) dist/content-search-worker.js, a library document's first page
  // (modules/library/library.first-page.pool.ts) dist/library-first-page-worker.js.
  entryPoints: {
    server: 'src/server.ts',
    cli: 'src/cli.ts',
    'notes-pdf-worker': 'src/modules/notes/notes.pdf.worker.ts',
    'content-search-worker': 'src/modules/content/content.search.worker.ts',
    'library-first-page-worker': 'src/modules/library/library.first-page.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages-but-workspace',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@bansi/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
