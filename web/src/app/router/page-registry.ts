import { lazyPage, type LazyPage } from './lazy-page';

/**
 * Server menu path → page. The one explicit list of screens: a menu path without an entry shows
 * the "功能建设中" placeholder; add a line here when a feature page lands.
 */
export const pageRegistry = {
  '/system/param': lazyPage(() => import('../../features/system/param/param.page')),
  '/system/dept': lazyPage(() => import('../../features/system/dept/dept.page')),
  '/system/post': lazyPage(() => import('../../features/system/post/post.page')),
  '/system/menu': lazyPage(() => import('../../features/system/menu/menu.page')),
  '/system/topmenu': lazyPage(() => import('../../features/system/topmenu/topmenu.page')),
  '/system/dict': lazyPage(() => import('../../features/system/dict/dict.page')),
  '/system/dictbiz': lazyPage(() => import('../../features/system/dict/dictbiz.page')),
  '/authority/role': lazyPage(() => import('../../features/authority/role/role.page')),
  '/authority/datascope': lazyPage(() => import('../../features/authority/scope/datascope.page')),
  '/authority/apiscope': lazyPage(() => import('../../features/authority/scope/apiscope.page')),
} satisfies Record<string, LazyPage>;

export type RegisteredPath = keyof typeof pageRegistry;

const pages: Record<string, LazyPage> = pageRegistry;

/** Finds the page for a location; `/x/index` (top-level leaf form) falls back to `/x`. */
export function resolvePage(pathname: string): LazyPage | undefined {
  return pages[pathname] ?? pages[pathname.replace(/\/index$/, '')];
}
