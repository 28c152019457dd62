import { WebPaths, type LibraryCategory } from '@bansi/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../lib/deps';
import { escapeHtml } from '../../plugins/first-paint';
import { readerFirstPage } from './library.first-page';

const SCREENS: Record<LibraryCategory, { path: string; titleKey: string }> = {
  guide: { path: WebPaths.dashboard.guideBook, titleKey: 'dashboard.nav.guideBook' },
  law: { path: WebPaths.dashboard.lawBook, titleKey: 'dashboard.nav.lawBook' },
  license: { path: WebPaths.dashboard.license, titleKey: 'dashboard.nav.license' },
};

/**
 * The reading screens' first paint (decision 288): a picture of the first page of the document the screen
 * opens (made when the file was stored, decision 287), in the page, while the viewer and pdf.js are on their way.
 */
export function registerLibraryFirstPaints(app: FastifyInstance, deps: Deps) {
  for (const [category, screen] of Object.entries(SCREENS) as [LibraryCategory, (typeof SCREENS)[LibraryCategory]][]) {
    app.firstPaint.register(screen.path, async (request, lang) => {
      if (!request.principal?.companyId || request.principal.apiKey) return null;
      const page = await readerFirstPage(deps, category, lang);
      // `?doc=` opens another document than the screen's first: its picture is not the one made here.
      const asked = (request.query as { doc?: unknown } | undefined)?.doc;
      if (!page || (asked !== undefined && asked !== page.documentId)) return null;
      return {
        title: deps.t(lang, screen.titleKey),
        body:
          `<img data-testid="pdf-first-page-first-paint" src="data:image/webp;base64,${page.webp.toString('base64')}" ` +
          `width="${page.width}" height="${page.height}" alt="${escapeHtml(deps.t(lang, 'library.reader.firstPage'))}" ` +
          `style="display:block;width:100%;max-width:${page.width}px;height:auto;margin:0 auto;border:1px solid #dee2e6;box-shadow:0 1px 3px rgba(0,0,0,.1)">`,
        waiting: deps.t(lang, 'viewer.preparing'),
      };
    });
  }
}
