import { Layout } from 'antd';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { refreshMenuOnce, startTokenRefresh, useSession } from '../../lib/session';
import { preloadMenuPages } from '../router/preload-pages';
import { ErrorLogDialog } from './error-log-dialog';
import { FlowDialog } from './flow-dialog';
import { LayoutHeader } from './layout-header';
import { LayoutSidebar } from './layout-sidebar';
import { LayoutTabs } from './layout-tabs';
import { LockDialog } from './lock-dialog';
import { PageErrorBoundary } from './page-error-boundary';
import { RegisterDialog } from './register-dialog';
import { SearchOverlay } from './search-overlay';
import { useShellUi } from './shell-ui';
import { SwitchDialog } from './switch-dialog';
import { ThemeDialog } from './theme-dialog';
import { useScreenTier } from './use-screen';

/** Puts the theme name on <body> (as Saber does), so global styles and tests can see it. */
function useBodyTheme(theme: string) {
  useEffect(() => {
    document.body.dataset.theme = theme;
    document.body.classList.add(theme);
    return () => {
      document.body.classList.remove(theme);
      delete document.body.dataset.theme;
    };
  }, [theme]);
}

/**
 * The signed-in shell. Re-reads menu and buttons once per page load, runs the token refresh timer
 * while the shell is up, preloads the chunks of the menu's pages and hosts the shell dialogs.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    refreshMenuOnce().catch(() => undefined);
    return startTokenRefresh();
  }, []);
  const menu = useSession((s) => s.menu);
  const theme = useSession((s) => s.theme);
  const userId = useSession((s) => s.userInfo?.user_id);
  const show = useShellUi((s) => s.show);
  const tier = useScreenTier();
  useBodyTheme(theme);
  useEffect(() => {
    // After first paint, so page chunks never compete with the shell itself.
    const timer = setTimeout(() => preloadMenuPages(menu), 1000);
    return () => clearTimeout(timer);
  }, [menu]);
  useEffect(() => {
    if (tier === 0) useSession.getState().setCollapse(true);
  }, [tier]);
  useEffect(() => {
    // A social login without a bound account (user_id -1) must register first (Saber's third register).
    if (userId === '-1') show('register');
  }, [userId, show]);
  return (
    <Layout style={{ minHeight: '100vh' }} className={`zoo-shell ${theme}`}>
      <LayoutSidebar />
      <Layout style={{ minWidth: 0 }}>
        <LayoutHeader compact={tier <= 1} />
        <LayoutTabs />
        <Layout.Content style={{ margin: 12, minWidth: 0 }}>
          <PageErrorBoundary key={pathname}>
            <Outlet />
          </PageErrorBoundary>
        </Layout.Content>
      </Layout>
      <SearchOverlay />
      <ErrorLogDialog />
      <ThemeDialog />
      <LockDialog />
      <SwitchDialog />
      <RegisterDialog />
      <FlowDialog />
    </Layout>
  );
}
