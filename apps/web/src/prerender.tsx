// Build time only (decisions 285, 290): the public pages of PRERENDERED_PAGES rendered to HTML in each language by react-dom/server, with
// the app's own routes, layout, providers and catalogs. `vite build --ssr src/prerender.tsx` bundles it for Node;
// prerender/write-pages.mjs puts the markup into dist/index.html's #root. The browser's app later mounts over it
// (main.tsx) with the same tree: the data the API gives shows as the same placeholders until it arrives.
import { I18N_NAMESPACE, PRERENDERED_PAGE_SCRIPT, PRERENDERED_PAGES, type Language, type PrerenderedPath } from '@bansi/shared';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import bootEn from '@bansi/shared/locales/en/boot.json';
import bootLo from '@bansi/shared/locales/lo/boot.json';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

export { PRERENDERED_PAGE_SCRIPT, PRERENDERED_PAGES };

/** The markup of the page at `path` in `lng`, from its catalog (every locales/<lng>/<part>.json as `{ <part>: … }`). */
export async function renderPage(path: PrerenderedPath, lng: Language, catalog: Record<string, unknown>): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    ns: [I18N_NAMESPACE, 'boot'],
    defaultNS: I18N_NAMESPACE,
    resources: { [lng]: { [I18N_NAMESPACE]: catalog, boot: lng === 'en' ? bootEn : bootLo } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // query() loads the page's lazy route, as the browser's router does before the app mounts over this HTML.
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered ${context.status}`);
  if (context.errors) throw new Error(`prerender: ${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppProviders>
          {/* No hydration data: the app starts its own router (createRoot, not hydrateRoot). */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </I18nextProvider>
    </StrictMode>,
  );
}

export { LANGUAGES } from '@bansi/shared';
export { loadCatalogs } from '@bansi/shared/catalog-files';
