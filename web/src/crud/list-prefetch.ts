import type { QueryClient } from '@tanstack/react-query';

type Prefetch = (client: QueryClient) => Promise<void>;

/**
 * Route → how to fetch the first page its list screen opens with. A list screen registers itself when it is
 * shown; a pointer resting on its menu item or tab afterwards refreshes that page in the background, so coming
 * back shows the list at once, and current (decision 0048). First visits are served by the page chunk preloaded
 * with its menu group.
 */
const byRoute = new Map<string, Prefetch>();

export function rememberListRoute(route: string, prefetch: Prefetch): void {
  byRoute.set(route, prefetch);
}

/** Refreshes the route's first list page unless it was fetched within the last few seconds. */
export function prefetchListRoute(route: string, client: QueryClient): void {
  void byRoute
    .get(route)?.(client)
    .catch(() => undefined);
}
