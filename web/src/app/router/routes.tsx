import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../login/login-page';
import { RouteError } from '../pages/route-error';
import { LazyElement } from './lazy-element';
import { withJitlessZod } from '../../lib/zod-jitless';
import { lazyPage } from './lazy-page';
import { resolvePage } from './page-registry';
import { RouteGuard } from './route-guard';
import { handle, HOME_PATH, type RouteHandle } from './route-meta';

const publicPage = (label: string) => handle({ isAuth: false, isTab: false, label });
const tabPage = (label: string, menu = true) => handle({ isAuth: true, isTab: true, menu, label });
const dynamic: RouteHandle = { dynamic: true };
// Only the login page is in the first download (issue 13: ≤ 280 KB over the wire); the signed-in shell and
// every other screen arrive as their own chunks.
const mainLayout = lazyPage(() => import('../layout/main-layout').then((m) => ({ default: m.MainLayout })));
const welPage = lazyPage(() => import('../pages/wel-page').then((m) => ({ default: m.WelPage })));
const lockPage = lazyPage(() => import('../pages/lock-page').then((m) => ({ default: m.LockPage })));
const iframePage = lazyPage(() => import('../pages/iframe-page').then((m) => ({ default: m.IframePage })));
const forbiddenPage = lazyPage(() => import('../pages/status-page').then((m) => ({ default: m.ForbiddenPage })));
const notFoundPage = lazyPage(() => import('../pages/status-page').then((m) => ({ default: m.NotFoundPage })));
const serverErrorPage = lazyPage(() => import('../pages/status-page').then((m) => ({ default: m.ServerErrorPage })));
const ssoAuthorizePage = lazyPage(withJitlessZod(() => import('../pages/sso-authorize-page').then((m) => ({ default: m.SsoAuthorizePage }))));
const menuPage = lazyPage(() => import('./menu-page').then((m) => ({ default: m.MenuPage })));
const infoPage = lazyPage(withJitlessZod(() => import('../../features/info/info.page')));
const dashboardPage = lazyPage(withJitlessZod(() => import('../../features/dashboard/dashboard.page')));
const dictHorizontal = lazyPage(withJitlessZod(() => import('../../features/system/dict/dict-horizontal.page')));
const dictVertical = lazyPage(withJitlessZod(() => import('../../features/system/dict/dict-vertical.page')));
const cageDetail = lazyPage(withJitlessZod(() => import('../../features/zoo/cage-detail/cage-detail.page')));
const speciesDist = lazyPage(withJitlessZod(() => import('../../features/zoo/species/species-dist.page')));
const animalDetail = lazyPage(withJitlessZod(() => import('../../features/zoo/animal/animal-detail.page')));
const animalLog = lazyPage(withJitlessZod(() => import('../../features/zoo/basiclog/animal-log.page')));
const basicLogDetail = lazyPage(withJitlessZod(() => import('../../features/zoo/basiclog/basiclog-detail.page')));
// The spec's /code route (code base) is the code generator outside the menu.
const codePage = lazyPage(withJitlessZod(() => import('../../features/tool/code/code.page')));
const leaveForm = lazyPage(withJitlessZod(() => import('../../features/work/leave/leave-form.page')));
const leaveHandle = lazyPage(withJitlessZod(() => import('../../features/work/leave/leave-handle.page')));
const leaveDetail = lazyPage(withJitlessZod(() => import('../../features/work/leave/leave-detail.page')));
const stockHandle = lazyPage(withJitlessZod(() => import('../../features/work/stock/stock-handle.page')));
const stockDetail = lazyPage(withJitlessZod(() => import('../../features/work/stock/stock-detail.page')));
const cageHumiture = lazyPage(withJitlessZod(() => import('../../features/zoo/humiture/humiture.page')));
const cageMonitor = lazyPage(withJitlessZod(() => import('../../features/zoo/monitor/monitor.page')));

/**
 * Loads the shell and the menu screen at `pathname` (when it is one) before the router renders them; settles when
 * they have arrived or failed.
 */
export function preloadMenuRoute(pathname: string): Promise<void> {
  const page = resolvePage(pathname);
  if (!page) return Promise.resolve();
  return Promise.all([mainLayout.loaded(), menuPage.loaded(), page.loaded()]).then(() => undefined);
}

/** The whole route tree; static routes here, menu routes resolved by the catch-all. */
export const appRoutes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage />, handle: publicPage('route.login') },
      { path: '/lock', element: <LazyElement page={lockPage} />, handle: publicPage('route.lock') },
      { path: '/403', element: <LazyElement page={forbiddenPage} />, handle: publicPage('route.p403') },
      { path: '/404', element: <LazyElement page={notFoundPage} />, handle: publicPage('route.p404') },
      { path: '/500', element: <LazyElement page={serverErrorPage} />, handle: publicPage('route.p500') },
      { path: '/oauth/authorize', element: <LazyElement page={ssoAuthorizePage} />, handle: publicPage('sso.title') },
      { path: '/myiframe/*', element: <LazyElement page={iframePage} />, handle: publicPage('route.iframe') },
      {
        path: '/',
        element: <LazyElement page={mainLayout} />,
        handle: handle({ isAuth: true }),
        children: [
          { index: true, element: <Navigate to={HOME_PATH} replace /> },
          { path: 'wel', element: <Navigate to={HOME_PATH} replace /> },
          { path: 'wel/index', element: <LazyElement page={welPage} />, handle: tabPage('route.home') },
          { path: 'wel/dashboard', element: <LazyElement page={dashboardPage} />, handle: tabPage('route.dashboard', false) },
          { path: 'info/index', element: <LazyElement page={infoPage} />, handle: tabPage('route.info', false) },
          { path: 'dict-horizontal/index', element: <LazyElement page={dictHorizontal} />, handle: tabPage('dict.horizontal', false) },
          { path: 'dict-vertical/index', element: <LazyElement page={dictVertical} />, handle: tabPage('dict.vertical', false) },
          { path: 'cage/detail/:cageId', element: <LazyElement page={cageDetail} />, handle: tabPage('cageDetail.title', false) },
          { path: 'zoo/admin/species/dist/:id', element: <LazyElement page={speciesDist} />, handle: tabPage('zooSpeciesDist.title', false) },
          { path: 'animal/detail/:id', element: <LazyElement page={animalDetail} />, handle: tabPage('zooAnimalDetail.tab', false) },
          { path: 'cage/humiture/:cageId', element: <LazyElement page={cageHumiture} />, handle: tabPage('humiture.title', false) },
          { path: 'cage/monitor/:cageId', element: <LazyElement page={cageMonitor} />, handle: tabPage('monitor.title', false) },
          { path: 'animal/log/:id', element: <LazyElement page={animalLog} />, handle: tabPage('basicLog.calendarTitle', false) },
          { path: 'basiclog/detail/:id', element: <LazyElement page={basicLogDetail} />, handle: tabPage('basicLog.detailTitle', false) },
          { path: 'code', element: <LazyElement page={codePage} />, handle: tabPage('code.title', false) },
          { path: 'work/process/leave/form/:processDefinitionId', element: <LazyElement page={leaveForm} />, handle: tabPage('leave.formTitle', false) },
          {
            path: 'work/process/leave/handle/:taskId/:processInstanceId/:businessId',
            element: <LazyElement page={leaveHandle} />,
            handle: tabPage('leave.handleTitle', false),
          },
          {
            path: 'work/process/leave/detail/:processInstanceId/:businessId',
            element: <LazyElement page={leaveDetail} />,
            handle: tabPage('leave.detailTitle', false),
          },
          {
            path: 'work/process/stock/handle/:taskId/:processInstanceId/:businessId',
            element: <LazyElement page={stockHandle} />,
            handle: tabPage('stockApproval.handleTitle', false),
          },
          {
            path: 'work/process/stock/detail/:processInstanceId/:businessId',
            element: <LazyElement page={stockDetail} />,
            handle: tabPage('stockApproval.detailTitle', false),
          },
          { path: '*', element: <LazyElement page={menuPage} />, handle: dynamic },
        ],
      },
    ],
  },
];
