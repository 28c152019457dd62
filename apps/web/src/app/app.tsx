import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './router';

const router = createBrowserRouter(routes);

/** Resolves once the first screen's lazy code has loaded: the app then mounts straight onto that screen. */
export function firstScreenLoaded(): Promise<void> {
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
