import { withJitlessZod } from '../../lib/zod-jitless';
import { lazyPage, type LazyPage } from './lazy-page';

const page = (load: Parameters<typeof lazyPage>[0]) => lazyPage(withJitlessZod(load));

/**
 * Server menu path → page. The one explicit list of screens: a menu path without an entry shows
 * the "功能建设中" placeholder; add a line here when a feature page lands.
 */
export const pageRegistry = {
  '/tool/datasource': page(() => import('../../features/tool/datasource/datasource.page')),
  '/tool/model': page(() => import('../../features/tool/model/model.page')),
  '/tool/code': page(() => import('../../features/tool/code/code.page')),
  '/system/param': page(() => import('../../features/system/param/param.page')),
  '/system/dept': page(() => import('../../features/system/dept/dept.page')),
  '/system/post': page(() => import('../../features/system/post/post.page')),
  '/system/menu': page(() => import('../../features/system/menu/menu.page')),
  '/system/topmenu': page(() => import('../../features/system/topmenu/topmenu.page')),
  '/system/dict': page(() => import('../../features/system/dict/dict.page')),
  '/system/dictbiz': page(() => import('../../features/system/dict/dictbiz.page')),
  '/authority/role': page(() => import('../../features/authority/role/role.page')),
  '/authority/datascope': page(() => import('../../features/authority/scope/datascope.page')),
  '/authority/apiscope': page(() => import('../../features/authority/scope/apiscope.page')),
  '/zoo/park': page(() => import('../../features/zoo/park/park.page')),
  '/zoo/venue': page(() => import('../../features/zoo/venue/venue.page')),
  '/zoo/cage': page(() => import('../../features/zoo/cage/cage.page')),
  '/zoo/admin/taxonomy': page(() => import('../../features/zoo/taxonomy/taxonomy.page')),
  '/zoo/admin/zoo': page(() => import('../../features/zoo/zoo-tenant/zoo-tenant.page')),
  '/zoo/admin/species': page(() => import('../../features/zoo/species/species.page')),
  '/zoo/species': page(() => import('../../features/zoo/species/zoo-species.page')),
  '/zoo/animal': page(() => import('../../features/zoo/animal/animal.page')),
  '/zoo/population': page(() => import('../../features/zoo/population/population.page')),
  '/zoo/stocklog': page(() => import('../../features/zoo/stocklog/stocklog.page')),
  '/zoo/transfer': page(() => import('../../features/zoo/transfer/transfer.page')),
  '/zoo/studbook': page(() => import('../../features/zoo/studbook/studbook.page')),
  // The round's first paint reads no schema (decision 0046): it loads zod itself for the parts that do.
  '/zoo/basiclog': lazyPage(() => import('../../features/zoo/basiclog/basiclog.page')),
  '/zoo/diet/plan': page(() => import('../../features/zoo/basiclog/diet-plan.page')),
  '/zoo/diet/intake': page(() => import('../../features/zoo/basiclog/diet-intake.page')),
  '/zoo/report': page(() => import('../../features/zoo/report/report.page')),
  '/zoo/feedback': page(() => import('../../features/zoo/feedback/feedback.page')),
  '/zoo/alarm': page(() => import('../../features/zoo/humiture-alarm/alarm.page')),
  '/zoo/vet/case': page(() => import('../../features/zoo/vet/case.page')),
  '/zoo/vet/treatment': page(() => import('../../features/zoo/vet/treatment.page')),
  '/zoo/vet/weight': page(() => import('../../features/zoo/vet/weight.page')),
  '/zoo/vet/lab': page(() => import('../../features/zoo/vet/lab.page')),
  '/zoo/vet/anaesthesia': page(() => import('../../features/zoo/vet/anaesthesia.page')),
  '/zoo/vet/vaccination': page(() => import('../../features/zoo/vet/vaccination.page')),
  '/zoo/vet/drug': page(() => import('../../features/zoo/vet/drug.page')),
  '/zoo/permit': page(() => import('../../features/zoo/permit/permit.page')),
  '/zoo/quality': page(() => import('../../features/zoo/quality/quality.page')),
  '/zoo/vet/quarantine': page(() => import('../../features/zoo/vet/quarantine.page')),
  '/zoo/vet/necropsy': page(() => import('../../features/zoo/vet/necropsy.page')),
  '/zoo/vet/home': page(() => import('../../features/zoo/vet/vet-home.page')),
  '/zoo/vet/administration': page(() => import('../../features/zoo/vet/administration.page')),
  '/zoo/vet/group-treatment': page(() => import('../../features/zoo/vet/group-treatment.page')),
  '/zoo/vet/weight-ref': page(() => import('../../features/zoo/vet/weight-ref.page')),
  '/zoo/vet/lab-ref': page(() => import('../../features/zoo/vet/lab-ref.page')),
  '/zoo/breeding/season': page(() => import('../../features/zoo/breeding/season.page')),
  '/zoo/breeding/oestrus': page(() => import('../../features/zoo/breeding/oestrus.page')),
  '/zoo/breeding/event': page(() => import('../../features/zoo/breeding/event.page')),
  '/zoo/breeding/semen': page(() => import('../../features/zoo/breeding/semen.page')),
  '/zoo/breeding/pregnancy': page(() => import('../../features/zoo/breeding/pregnancy.page')),
  '/zoo/breeding/litter': page(() => import('../../features/zoo/breeding/litter.page')),
  '/zoo/breeding/cub-log': page(() => import('../../features/zoo/breeding/cub-log.page')),
  '/zoo/breeding/contraception': page(() => import('../../features/zoo/breeding/contraception.page')),
  '/zoo/breeding/calendar': page(() => import('../../features/zoo/breeding/calendar.page')),
  '/system/tenant': page(() => import('../../features/system/tenant/tenant.page')),
  '/system/tenantpackage': page(() => import('../../features/system/tenantpackage/tenantpackage.page')),
  '/system/user': page(() => import('../../features/system/user/user.page')),
  '/system/client': page(() => import('../../features/system/client/client.page')),
  '/system/identity-provider': page(() => import('../../features/system/identity-provider/identity-provider.page')),
  '/base/region': page(() => import('../../features/base/region/region.page')),
  '/desk/notice': page(() => import('../../features/desk/notice/notice.page')),
  '/monitor/log/api': page(() => import('../../features/monitor/log/api.page')),
  '/monitor/log/error': page(() => import('../../features/monitor/log/error.page')),
  '/monitor/log/usual': page(() => import('../../features/monitor/log/usual.page')),
  '/monitor/audit': page(() => import('../../features/monitor/audit/audit.page')),
  '/monitor/partition-archive': page(() => import('../../features/monitor/partition-archive/partition-archive.page')),
  '/resource/oss': page(() => import('../../features/resource/oss/oss.page')),
  '/resource/sms': page(() => import('../../features/resource/sms/sms.page')),
  '/report/reportlist': page(() => import('../../features/report/reportlist/reportlist.page')),
  '/resource/attach': page(() => import('../../features/resource/attach/attach.page')),
  '/work/start': page(() => import('../../features/work/lists/start.page')),
  '/work/claim': page(() => import('../../features/work/lists/claim.page')),
  '/work/todo': page(() => import('../../features/work/lists/todo.page')),
  '/work/send': page(() => import('../../features/work/lists/send.page')),
  '/work/done': page(() => import('../../features/work/lists/done.page')),
  '/flow/model': page(() => import('../../features/flow/model/model.page')),
  '/flow/deploy': page(() => import('../../features/flow/deploy/deploy.page')),
  '/flow/manager': page(() => import('../../features/flow/manager/manager.page')),
  '/flow/follow': page(() => import('../../features/flow/follow/follow.page')),
} satisfies Record<string, LazyPage>;

export type RegisteredPath = keyof typeof pageRegistry;

const pages: Record<string, LazyPage> = pageRegistry;

/** Finds the page for a location; `/x/index` (top-level leaf form) falls back to `/x`. */
export function resolvePage(pathname: string): LazyPage | undefined {
  return pages[pathname] ?? pages[pathname.replace(/\/index$/, '')];
}
