import { Layout } from 'antd';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { refreshMenuOnce, startTokenRefresh, useSession } from '../../lib/session';
import { preloadMenuPages } from '../router/preload-pages';
import { LayoutHeader } from './layout-header';
import { LayoutSidebar } from './layout-sidebar';
import { LayoutTabs } from './layout-tabs';

/**
 * The signed-in shell. Re-reads menu and buttons once per page load, runs the token refresh timer
 * while the shell is up and preloads the chunks of the menu's pages.
 */
export function MainLayout() {
  useEffect(() => {
    refreshMenuOnce().catch(() => undefined);
    return startTokenRefresh();
  }, []);
  const menu = useSession((s) => s.menu);
  useEffect(() => {
    // After first paint, so page chunks never compete with the shell itself.
    const timer = setTimeout(() => preloadMenuPages(menu), 1000);
    return () => clearTimeout(timer);
  }, [menu]);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <LayoutSidebar />
      <Layout>
        <LayoutHeader />
        <LayoutTabs />
        <Layout.Content style={{ margin: 12, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
