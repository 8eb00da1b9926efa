import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createTestRouter } from '../app/router/create-router';
import { createQueryClient } from '../lib/query-client';

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

/** One page with the real providers, outside the route tree. */
export function renderPage(ui: ReactElement) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
}
