import '@fontsource/noto-sans-lao/lao-400.css';
import '@fontsource/noto-sans-lao/lao-700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, router } from './app/app';
import { watchFirstPaint } from './lib/first-paint';
import { i18next, initI18n } from './lib/i18n';

// The service worker (sw/sw.ts) once the page has loaded, so it never competes with the first visit.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}

void initI18n().then(() => {
  watchFirstPaint(i18next.language, (onPath) => router.subscribe((state) => onPath(state.location.pathname)));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
