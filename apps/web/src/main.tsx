import '@fontsource/noto-sans-lao/lao-400.css';
import '@fontsource/noto-sans-lao/lao-700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstScreenLoaded } from './app/app';
import { initI18n } from './lib/i18n';

// The service worker (sw/sw.ts) once the page has loaded, so it never competes with the first visit.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}

const root = document.getElementById('root')!;
// The home page's HTML came prerendered (decision 285): it stays on screen until the app can show the same
// screen, then React replaces it in one commit — no spinner between, nothing moves. Other pages mount at
// once, so their spinner shows while their screen loads.
const prerendered = root.dataset.prerendered !== undefined;

void Promise.all([initI18n(), prerendered ? firstScreenLoaded() : null]).then(() => {
  delete root.dataset.prerendered;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // A deep link's "Loading…" (prerender.mjs, decision 286) lies over the page and takes no room: gone once the app has painted.
  requestAnimationFrame(() => setTimeout(() => document.getElementById('page-loading')?.remove()));
});
