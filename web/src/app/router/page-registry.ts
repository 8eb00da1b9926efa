import { lazyPage, type LazyPage } from './lazy-page';

/**
 * Server menu path → page. The one explicit list of screens: a menu path without an entry shows
 * the "功能建设中" placeholder; add a line here when a feature page lands.
 */
export const pageRegistry = {
  '/system/param': lazyPage(() => import('../../features/system/param/param.page')),
} satisfies Record<string, LazyPage>;

export type RegisteredPath = keyof typeof pageRegistry;

const pages: Record<string, LazyPage> = pageRegistry;

/** Finds the page for a location; `/x/index` (top-level leaf form) falls back to `/x`. */
export function resolvePage(pathname: string): LazyPage | undefined {
  return pages[pathname] ?? pages[pathname.replace(/\/index$/, '')];
}
