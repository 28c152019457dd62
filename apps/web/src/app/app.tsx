import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './router';

// Created when this module loads: the current address's lazy screen starts loading beside the catalog.
export const router = createBrowserRouter(routes);

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
