import { RouterProvider, createBrowserRouter } from 'react-router';
import { sessionQueryOptions } from '../features/auth/api/get-session';
import { AppProviders, queryClient } from './providers';
import { routes } from './router';

// Created when this module loads: the current address's lazy screen starts loading beside the catalog.
export const router = createBrowserRouter(routes);
// The session too, where a guard waits for it before anything shows (the dashboard, the back office): on its way
// beside the catalog and the screen's code instead of after them (issue 29: one round trip less per page).
if (/^\/(dashboard|staff)(\/|$)/.test(window.location.pathname)) void queryClient.prefetchQuery(sessionQueryOptions());

/** Resolves once the router has loaded the current address's lazy screen, so the first render is that screen. */
export function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
