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
  '/zoo/park': lazyPage(() => import('../../features/zoo/park/park.page')),
  '/zoo/venue': lazyPage(() => import('../../features/zoo/venue/venue.page')),
  '/zoo/cage': lazyPage(() => import('../../features/zoo/cage/cage.page')),
  '/zoo/admin/taxonomy': lazyPage(() => import('../../features/zoo/taxonomy/taxonomy.page')),
  '/zoo/admin/zoo': lazyPage(() => import('../../features/zoo/zoo-tenant/zoo-tenant.page')),
  '/zoo/admin/species': lazyPage(() => import('../../features/zoo/species/species.page')),
  '/zoo/species': lazyPage(() => import('../../features/zoo/species/zoo-species.page')),
  '/zoo/animal': lazyPage(() => import('../../features/zoo/animal/animal.page')),
  '/zoo/population': lazyPage(() => import('../../features/zoo/population/population.page')),
  '/zoo/stocklog': lazyPage(() => import('../../features/zoo/stocklog/stocklog.page')),
  '/zoo/basiclog': lazyPage(() => import('../../features/zoo/basiclog/basiclog.page')),
  '/zoo/feedback': lazyPage(() => import('../../features/zoo/feedback/feedback.page')),
  '/system/tenant': lazyPage(() => import('../../features/system/tenant/tenant.page')),
  '/system/tenantpackage': lazyPage(() => import('../../features/system/tenantpackage/tenantpackage.page')),
  '/system/user': lazyPage(() => import('../../features/system/user/user.page')),
  '/system/client': lazyPage(() => import('../../features/system/client/client.page')),
  '/base/region': lazyPage(() => import('../../features/base/region/region.page')),
  '/desk/notice': lazyPage(() => import('../../features/desk/notice/notice.page')),
  '/monitor/log/api': lazyPage(() => import('../../features/monitor/log/api.page')),
  '/monitor/log/error': lazyPage(() => import('../../features/monitor/log/error.page')),
  '/monitor/log/usual': lazyPage(() => import('../../features/monitor/log/usual.page')),
  '/monitor/audit': lazyPage(() => import('../../features/monitor/audit/audit.page')),
  '/resource/oss': lazyPage(() => import('../../features/resource/oss/oss.page')),
  '/resource/sms': lazyPage(() => import('../../features/resource/sms/sms.page')),
  '/resource/attach': lazyPage(() => import('../../features/resource/attach/attach.page')),
} satisfies Record<string, LazyPage>;

export type RegisteredPath = keyof typeof pageRegistry;

const pages: Record<string, LazyPage> = pageRegistry;

/** Finds the page for a location; `/x/index` (top-level leaf form) falls back to `/x`. */
export function resolvePage(pathname: string): LazyPage | undefined {
  return pages[pathname] ?? pages[pathname.replace(/\/index$/, '')];
}
