import { Layout } from 'antd';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { refreshMenuOnce, startTokenRefresh } from '../../lib/session';
import { LayoutHeader } from './layout-header';
import { LayoutSidebar } from './layout-sidebar';
import { LayoutTabs } from './layout-tabs';

/**
 * The signed-in shell. Re-reads menu and buttons once per page load and runs the token refresh
 * timer while the shell is up.
 */
export function MainLayout() {
  useEffect(() => {
    refreshMenuOnce().catch(() => undefined);
    return startTokenRefresh();
  }, []);
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
