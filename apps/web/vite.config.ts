import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.BANSI_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  // Hashed files live under /static/{js,css,media} so the API can cache them for a year.
  build: {
    outDir: 'dist',
    assetsDir: 'static',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
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
