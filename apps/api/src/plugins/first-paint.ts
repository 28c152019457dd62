import { isLanguage, type Language } from '@bansi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LANGUAGE_COOKIE } from '../lib/i18n';

/**
 * What a screen shows before the web app has loaded (decision 288): a few kilobytes of HTML the server
 * puts into the page it sends for that screen's address, so a phone on a slow network sees the one thing
 * it came for — the invoice's LAO QR, the guide's first page — seconds before the app's JavaScript has
 * arrived. The app removes it once its own screen shows the same thing (apps/web/src/lib/first-paint.ts).
 */
export interface FirstPaint {
  /** the page's heading, in the page's language */
  title: string;
  /** trusted HTML (the provider escapes what it takes from data with `escapeHtml`) */
  body: string;
  /** what the page says it is waiting for (default: "Loading…") */
  waiting?: string;
}

/** The language the page is drawn in: the app's choice this browser keeps (its cookie), else the account's. */
export function pageLanguage(request: FastifyRequest): Language | null {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  return request.principal?.language ?? null;
}

/** Draws the first paint of one web address for this request; null when there is nothing to draw (not signed in, no data). */
export type FirstPaintProvider = (request: FastifyRequest, lang: Language) => Promise<FirstPaint | null>;

declare module 'fastify' {
  interface FastifyInstance {
    firstPaint: {
      /** A module names the web address (WebPaths) whose first paint it draws. */
      register(webPath: string, provider: FirstPaintProvider): void;
      /** The first paint's HTML for this request's address, or null. A provider's failure only costs the first paint. */
      draw(request: FastifyRequest, webPath: string): Promise<string | null>;
    };
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

// Styled inline: the page's stylesheet is still on its way when this is shown. The box covers the app
// underneath (which mounts there meanwhile) until the app's screen is ready, so nothing jumps. It shows only
// after half a second: on a repeat visit (the app in the browser's cache) the app's screen is there before.
const STYLE = `#first-paint{position:fixed;inset:0;z-index:1000;overflow:auto;background:#fff;color:#212529;font-family:"Noto Sans Lao","Noto Sans",system-ui,sans-serif;animation:fp-show 0s linear .5s both}
@keyframes fp-show{from{visibility:hidden}to{visibility:visible}}
#first-paint .fp-bar{height:56px;display:flex;align-items:center;padding:0 16px;border-bottom:1px solid #dee2e6;font-weight:700;color:#1971c2}
#first-paint .fp-main{max-width:960px;margin:0 auto;padding:16px}
#first-paint h1{font-size:1.5rem;margin:0 0 8px}
#first-paint .fp-dim{color:#868e96;font-size:.875rem;margin:0}
#first-paint .fp-big{font:700 1.75rem/1.3 "Noto Sans Mono",ui-monospace,monospace;margin:0 0 8px}
#first-paint .fp-mono{font:600 1.125rem/1.4 "Noto Sans Mono",ui-monospace,monospace;margin:0 0 8px}
#first-paint .fp-row{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}
#first-paint .fp-wait{display:flex;align-items:center;gap:8px;margin:16px 0;color:#495057;font-size:.875rem}
#first-paint .fp-wait::before{content:"";width:14px;height:14px;border:2px solid #a5d8ff;border-top-color:#1971c2;border-radius:50%;animation:fp-spin .8s linear infinite}
@keyframes fp-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){#first-paint .fp-wait::before{animation:none}}`;

export default fp(async function firstPaint(app: FastifyInstance) {
  const providers = new Map<string, FirstPaintProvider>();
  app.decorate('firstPaint', {
    register(webPath, provider) {
      if (providers.has(webPath)) throw new Error(`two first paints for ${webPath}`);
      providers.set(webPath, provider);
    },
    async draw(request, webPath) {
      const provider = providers.get(webPath);
      const lang = provider && pageLanguage(request);
      if (!provider || !lang) return null;
      try {
        const paint = await provider(request, lang);
        if (!paint) return null;
        return (
          `<div id="first-paint" data-path="${escapeHtml(webPath)}" data-lang="${lang}" lang="${lang}" aria-busy="true">` +
          `<style>${STYLE}</style><div class="fp-bar">${escapeHtml(app.t(lang, 'common.appName'))}</div>` +
          `<main class="fp-main"><h1>${escapeHtml(paint.title)}</h1>` +
          `<p class="fp-wait" role="status" data-testid="first-paint-progress">${escapeHtml(paint.waiting ?? app.t(lang, 'common.loading'))}</p>` +
          `${paint.body}</main></div>`
        );
      } catch (err) {
        request.log.warn({ err, webPath }, 'first paint failed; the page is sent without it');
        return null;
      }
    },
  });
});
