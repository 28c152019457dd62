import '@fontsource/noto-sans-lao/lao-400.css';
import '@fontsource/noto-sans-lao/lao-700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { type ReactNode, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App, router, routerReady } from './app/app';
import { watchFirstPaint } from './lib/first-paint';
import { i18next, initI18n } from './lib/i18n';

// The service worker (sw/sw.ts) once the page has loaded, so it never competes with the first visit.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  // The prerendered home starts this script itself, late (decision 285): the page may have loaded already.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}

const root = document.getElementById('root')!;
// A public page's HTML came prerendered in the visitor's language (decisions 285, 290: the home page, log-in,
// registration): it stays until the app can show the same screen, then React's first commit replaces it — no
// spinner between, nothing moves — and a form's page, inert until then, takes input. An empty #root (any other
// page, or the page's own check found another language chosen) mounts at once, spinner first.
const prerendered = root.firstElementChild !== null;

/** Lets the prerendered page's replacement take input, in the commit that puts it in place (before it is painted). */
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    if (prerendered) root.removeAttribute('inert');
  }, []);
  return children;
}

void Promise.all([initI18n(), prerendered ? routerReady() : null]).then(() => {
  watchFirstPaint(i18next.language, (onPath) => router.subscribe((state) => onPath(state.location.pathname)));
  createRoot(root).render(
    <StrictMode>
      <TakeOver>
        <App />
      </TakeOver>
    </StrictMode>,
  );
});
