// Serves pdf.js's own resources from the app (no CDN): character maps, the standard 14 fonts, the
// JPEG 2000 fallback decoder and ICC profiles, under /static/pdfjs-<version>/ — versioned, so they can be
// cached for a year like the other hashed files. In `vite` (dev) they are served from node_modules.
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const root = dirname(require.resolve('pdfjs-dist/package.json'));
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const DIRS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'];

/** The URL prefix the viewer reads them from (the viewer computes the same from pdf.js's version). */
export const PDFJS_ASSET_BASE = `static/pdfjs-${version}`;

export function pdfjsAssets(): Plugin {
  return {
    name: 'bansi-pdfjs-assets',
    configureServer(server) {
      server.middlewares.use(`/${PDFJS_ASSET_BASE}/`, (req, res, next) => {
        const rel = normalize(decodeURIComponent((req.url ?? '').split('?')[0] ?? '')).replace(/^[/\\]+/, '');
        const [dir] = rel.split(/[/\\]/);
        const file = join(root, rel);
        if (!dir || !DIRS.includes(dir) || !file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('content-type', file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const dir of DIRS) {
        for (const name of readdirSync(join(root, dir))) {
          this.emitFile({ type: 'asset', fileName: `${PDFJS_ASSET_BASE}/${dir}/${name}`, source: readFileSync(join(root, dir, name)) });
        }
      }
    },
  };
}
