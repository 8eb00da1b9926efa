import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { guard } from './guard';
import { pageName } from './page-name';
import { useRouteMeta } from './use-route-meta';

/** Root element of the route tree: applies the guard and keeps the document title in step. */
export function RouteGuard() {
  const { t } = useTranslation();
  const { pathname, search, meta } = useRouteMeta();
  const token = useSession((s) => s.token);
  const isLock = useSession((s) => s.isLock);
  const target = guard({ path: pathname, meta, token, isLock });
  const name = pageName(meta, pathname, t);

  useEffect(() => {
    document.title = `${name} - ${t('app.title')}`;
  }, [name, t]);

  // A menu item reached by another name keeps its query on the way to its own route.
  if (target && target !== pathname) return <Navigate to={target === meta?.canonical ? `${target}${search}` : target} replace />;
  return <Outlet />;
}
