// Build time only (apps/web/prerender/prerender.mjs runs it under Node, decision 285): the public home page
// rendered to HTML in each language, so a visitor's first paint does not wait for the JavaScript. The browser's
// app then mounts over it (main.tsx) with the same tree, so nothing moves.
import { I18N_NAMESPACE, type Language } from '@bansi/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import bootEn from '@bansi/shared/locales/en/boot.json';
import bootLo from '@bansi/shared/locales/lo/boot.json';
import { cssVariablesResolver, theme } from './app/theme';
import { routes } from './app/router';

export async function renderHome(lng: Language, catalog: Record<string, unknown>): Promise<string> {
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
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  // The home screen is lazy: render once it has loaded, as the browser does before it mounts over this HTML.
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
  // No requests at build time: the API's data (book year, news, the footer) shows as the app's placeholders.
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  router.dispose();
  return html;
}
