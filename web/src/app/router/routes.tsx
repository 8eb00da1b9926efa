import { Navigate, type RouteObject } from 'react-router';
import { MainLayout } from '../layout/main-layout';
import { LoginPage } from '../login/login-page';
import { IframePage } from '../pages/iframe-page';
import { LockPage } from '../pages/lock-page';
import { RouteError } from '../pages/route-error';
import { ForbiddenPage, NotFoundPage, ServerErrorPage } from '../pages/status-page';
import { WelPage } from '../pages/wel-page';
import { LazyElement } from './lazy-element';
import { lazyPage } from './lazy-page';
import { MenuPage } from './menu-page';
import { RouteGuard } from './route-guard';
import { handle, HOME_PATH, type RouteHandle } from './route-meta';

const publicPage = (label: string) => handle({ isAuth: false, isTab: false, label });
const tabPage = (label: string, menu = true) => handle({ isAuth: true, isTab: true, menu, label });
const dynamic: RouteHandle = { dynamic: true };
const infoPage = lazyPage(() => import('../../features/info/info.page'));
const dashboardPage = lazyPage(() => import('../../features/dashboard/dashboard.page'));
const dictHorizontal = lazyPage(() => import('../../features/system/dict/dict-horizontal.page'));
const dictVertical = lazyPage(() => import('../../features/system/dict/dict-vertical.page'));
const cageDetail = lazyPage(() => import('../../features/zoo/cage-detail/cage-detail.page'));
const speciesDist = lazyPage(() => import('../../features/zoo/species/species-dist.page'));
const animalDetail = lazyPage(() => import('../../features/zoo/animal/animal-detail.page'));
const animalLog = lazyPage(() => import('../../features/zoo/basiclog/animal-log.page'));
const basicLogDetail = lazyPage(() => import('../../features/zoo/basiclog/basiclog-detail.page'));
const cageHumiture = lazyPage(() => import('../../features/zoo/humiture/humiture.page'));

/** The whole route tree; static routes here, menu routes resolved by the catch-all. */
export const appRoutes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage />, handle: publicPage('route.login') },
      { path: '/lock', element: <LockPage />, handle: publicPage('route.lock') },
      { path: '/403', element: <ForbiddenPage />, handle: publicPage('route.p403') },
      { path: '/404', element: <NotFoundPage />, handle: publicPage('route.p404') },
      { path: '/500', element: <ServerErrorPage />, handle: publicPage('route.p500') },
      { path: '/myiframe/*', element: <IframePage />, handle: publicPage('route.iframe') },
      {
        path: '/',
        element: <MainLayout />,
        handle: handle({ isAuth: true }),
        children: [
          { index: true, element: <Navigate to={HOME_PATH} replace /> },
          { path: 'wel', element: <Navigate to={HOME_PATH} replace /> },
          { path: 'wel/index', element: <WelPage />, handle: tabPage('route.home') },
          { path: 'wel/dashboard', element: <LazyElement page={dashboardPage} />, handle: tabPage('route.dashboard', false) },
          { path: 'info/index', element: <LazyElement page={infoPage} />, handle: tabPage('route.info', false) },
          { path: 'dict-horizontal/index', element: <LazyElement page={dictHorizontal} />, handle: tabPage('dict.horizontal', false) },
          { path: 'dict-vertical/index', element: <LazyElement page={dictVertical} />, handle: tabPage('dict.vertical', false) },
          { path: 'cage/detail/:cageId', element: <LazyElement page={cageDetail} />, handle: tabPage('cageDetail.title', false) },
          { path: 'zoo/admin/species/dist/:id', element: <LazyElement page={speciesDist} />, handle: tabPage('zooSpeciesDist.title', false) },
          { path: 'animal/detail/:id', element: <LazyElement page={animalDetail} />, handle: tabPage('zooAnimalDetail.title', false) },
          { path: 'cage/humiture/:cageId', element: <LazyElement page={cageHumiture} />, handle: tabPage('humiture.title', false) },
          { path: 'animal/log/:id', element: <LazyElement page={animalLog} />, handle: tabPage('basicLog.calendarTitle', false) },
          { path: 'basiclog/detail/:id', element: <LazyElement page={basicLogDetail} />, handle: tabPage('basicLog.detailTitle', false) },
          { path: '*', element: <MenuPage />, handle: dynamic },
        ],
      },
    ],
  },
];
