import { useEffect } from 'react';

/**
 * The screen the server drew into the page before the app loaded (apps/api/src/plugins/first-paint.ts,
 * decision 288): the payment screen's LAO QR, the guide's first page. It covers the app while the app mounts
 * underneath; the app's screen removes it once it shows the same thing itself, so the reader sees it once.
 */
const element = () => document.getElementById('first-paint');

/** Removes the first paint and hands the page to the app (the server sends the app's root inert while it covers it). */
export function releaseFirstPaint() {
  element()?.remove();
  const root = document.getElementById('root');
  root?.removeAttribute('inert');
  root?.removeAttribute('aria-hidden');
}

/** The screen calls this with `true` once it shows what the first paint showed (or an error, or nothing to show). */
export function useReleaseFirstPaint(done: boolean) {
  useEffect(() => {
    if (done) releaseFirstPaint();
  }, [done]);
}

/** However the app gets on, a first paint never stays longer than this after the app has mounted. */
const AT_MOST_MS = 20_000;

/**
 * At start: a first paint in another language than the app's, or for another address, goes at once; it goes
 * when the reader moves to another screen (a sign-in redirect too), and at the latest AT_MOST_MS after mounting.
 */
export function watchFirstPaint(lang: string, subscribe: (onPath: (pathname: string) => void) => () => void) {
  const paint = element();
  if (!paint) return;
  if (paint.dataset.lang !== lang || paint.dataset.path !== window.location.pathname) return releaseFirstPaint();
  const stop = subscribe((pathname) => {
    if (pathname !== paint.dataset.path) finish();
  });
  const timer = window.setTimeout(() => finish(), AT_MOST_MS);
  function finish() {
    stop();
    window.clearTimeout(timer);
    releaseFirstPaint();
  }
}
