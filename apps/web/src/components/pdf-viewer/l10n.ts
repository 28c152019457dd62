import type { TFunction } from 'i18next';

/**
 * pdf.js's viewer asks an L10n object to label what it draws (today: each page's landmark, "Page 3").
 * Ours answers from the app's own catalogs instead of pdf.js's Fluent files, which would be fetched
 * from the server and are not there.
 */
export function createPdfL10n(t: TFunction, lang: string) {
  const ids: Record<string, (args: Record<string, unknown>) => string> = {
    'pdfjs-page-landmark': (args) => t('viewer.pageLandmark', { page: String(args.page ?? '') }),
  };
  const label = (el: Element) => {
    const id = el.getAttribute('data-l10n-id');
    const make = id ? ids[id] : undefined;
    if (!make) return;
    let args: Record<string, unknown> = {};
    try {
      args = JSON.parse(el.getAttribute('data-l10n-args') ?? '{}') as Record<string, unknown>;
    } catch {
      /* no arguments */
    }
    el.setAttribute('aria-label', make(args));
  };
  const labelTree = (root: Element) => {
    if (root.hasAttribute('data-l10n-id')) label(root);
    root.querySelectorAll('[data-l10n-id]').forEach(label);
  };
  const observers = new Set<MutationObserver>();
  let paused = false;
  return {
    getLanguage: () => lang,
    getDirection: () => 'ltr',
    async get(id: string | string[], args: Record<string, unknown> | null = null, fallback?: string) {
      if (Array.isArray(id)) return id.map((one) => ids[one]?.({}) ?? '');
      return ids[id]?.(args ?? {}) ?? fallback ?? '';
    },
    async translate(element: Element) {
      labelTree(element);
      const observer = new MutationObserver((records) => {
        if (paused) return;
        for (const record of records) {
          record.addedNodes.forEach((node) => node instanceof Element && labelTree(node));
          if (record.type === 'attributes' && record.target instanceof Element) label(record.target);
        }
      });
      observer.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-l10n-id', 'data-l10n-args'] });
      observers.add(observer);
    },
    async translateOnce(element: Element) {
      labelTree(element);
    },
    async destroy() {
      observers.forEach((o) => o.disconnect());
      observers.clear();
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
    },
  };
}
