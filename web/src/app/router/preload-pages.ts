import type { MenuNode } from '@zoo/contract';
import { flattenMenu } from './menu-paths';
import { resolvePage } from './page-registry';

/** Fetches the chunks of the user's menu pages in the background, so opening one is instant. */
export function preloadMenuPages(menu: readonly MenuNode[]): void {
  for (const entry of flattenMenu(menu)) resolvePage(entry.path)?.preload();
}
