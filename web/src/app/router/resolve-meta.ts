import type { MenuNode } from '@zoo/contract';
import { menuName } from './menu-name';
import { findMenu } from './menu-paths';
import { resolvePage } from './page-registry';
import type { RouteHandle, RouteMeta } from './route-meta';

/**
 * The meta of the deepest route that declares one. For the layout's catch-all it is derived:
 * a menu path or a registered page is a tab route; anything else is unknown (→ 404). Without a
 * token the menu is not known yet, so such paths are treated as protected and lead to /login.
 */
export function resolveMeta(handles: readonly unknown[], pathname: string, menu: readonly MenuNode[], token: string): RouteMeta | undefined {
  const last = [...handles].reverse().find((h): h is RouteHandle => {
    const rh = h as RouteHandle | undefined;
    return Boolean(rh?.meta || rh?.dynamic);
  });
  if (!last) return undefined;
  if (!last.dynamic) return last.meta;
  if (!token) return { isAuth: true };
  const entry = findMenu(menu, pathname);
  if (entry) return { isAuth: true, isTab: true, title: menuName(entry.node), canonical: entry.path !== pathname ? entry.path : undefined };
  if (resolvePage(pathname)) return { isAuth: true, isTab: true };
  return undefined;
}
