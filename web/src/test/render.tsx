import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createTestRouter } from '../app/router/create-router';
import { createQueryClient } from '../lib/query-client';

// The signed-in shell and home page are lazy chunks in the app. Loading them once here (as the route tree's
// static imports used to) keeps the first render of a test file within findBy's wait on a busy machine.
await Promise.all([import('../app/layout/main-layout'), import('../app/pages/wel-page')]);

/** The whole app (providers + real route tree) at a path. */
export function renderApp(path: string) {
  const router = createTestRouter(path);
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** One page with the real providers, outside the route tree (a test that waits on its queries passes the client). */
export function renderPage(ui: ReactElement, queryClient = createQueryClient()) {
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
}
