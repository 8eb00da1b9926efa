import type { MenuNode } from '@zoo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchListRoute } from '../../crud/list-prefetch';
import { flattenMenu } from './menu-paths';
import { resolvePage } from './page-registry';

/**
 * Fetches the page chunks of the submenus the user has open (opening a group is the sign they will pick one
 * of its screens), so the click that follows is instant. Not the whole menu up front: that was 0.6 MB of
 * JavaScript on the home page for screens most sessions never open (issue 13).
 */
export function preloadOpenGroups(menu: readonly MenuNode[], openKeys: readonly string[]): void {
  if (!openKeys.length) return;
  const open = new Set(openKeys);
  for (const group of flattenMenu(menu)) {
    if (!open.has(group.path) || !group.node.children?.length) continue;
    for (const entry of flattenMenu(group.node.children)) resolvePage(entry.path)?.preload();
  }
}

/** A screen about to be opened (pointer or focus on its menu item): its code, and its list if it was shown before. */
export function warmRoute(path: string, client: QueryClient): void {
  resolvePage(path)?.preload();
  prefetchListRoute(path, client);
}
