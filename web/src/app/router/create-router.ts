import { createBrowserRouter, createMemoryRouter } from 'react-router';
import { setNavigator } from '../../lib/navigation';
import { appRoutes } from './routes';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Wires the router into the request layer's 401 redirect. */
function register(router: AppRouter): AppRouter {
  setNavigator((to) => void router.navigate(to, { replace: true }));
  return router;
}

export const createAppRouter = (): AppRouter => register(createBrowserRouter(appRoutes));

/** Same routes in memory, for tests. */
export const createTestRouter = (initialPath: string): AppRouter => register(createMemoryRouter(appRoutes, { initialEntries: [initialPath] }));
