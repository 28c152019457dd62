// Bundles the API's own code and @bansi/shared (TypeScript source) into dist/; npm packages stay
// external and load from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/cli.ts'],
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
