import { useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { BuildingPage } from '../pages/building-page';
import { LazyElement } from './lazy-element';
import { menuName } from './menu-name';
import { findMenu } from './menu-paths';
import { resolvePage } from './page-registry';

/**
 * Element of the layout's catch-all: the registered page for this path, or the placeholder for
 * menu screens not built yet. The guard has already sent unknown paths to /404.
 */
export function MenuPage() {
  const { pathname } = useLocation();
  const menu = useSession((s) => s.menu);
  const Page = resolvePage(pathname);
  if (!Page) {
    const node = findMenu(menu, pathname)?.node;
    return <BuildingPage name={node && menuName(node)} />;
  }
  return <LazyElement page={Page} />;
}
