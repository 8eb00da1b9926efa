import { Layout } from 'antd';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { watchAntdMarkup } from '../../lib/a11y-dom';
import { useFlowDiagram } from '../../lib/flow-diagram';
import { addI18nBundles } from '../../lib/i18n';
import { refreshMenuOnce, startTokenRefresh, useSession } from '../../lib/session';
import { featureBundles } from '../i18n-bundles';
import { LayoutHeader } from './layout-header';
import { LayoutSidebar } from './layout-sidebar';
import { lazyDialog } from './lazy-dialog';
import { LayoutTabs } from './layout-tabs';
import { PageErrorBoundary } from './page-error-boundary';
import { useShellUi } from './shell-ui';
import { useScreenTier } from './use-screen';

const SearchOverlay = lazyDialog('search', () => import('./search-overlay').then((m) => m.SearchOverlay));
const ErrorLogDialog = lazyDialog('logs', () => import('./error-log-dialog').then((m) => m.ErrorLogDialog));
const ThemeDialog = lazyDialog('theme', () => import('./theme-dialog').then((m) => m.ThemeDialog));
const LockDialog = lazyDialog('lock', () => import('./lock-dialog').then((m) => m.LockDialog));
const SwitchDialog = lazyDialog('switch', () => import('./switch-dialog').then((m) => m.SwitchDialog));
const RegisterDialog = lazyDialog('register', () => import('./register-dialog').then((m) => m.RegisterDialog));
const FlowDialog = lazyDialog('flow', () => import('./flow-dialog').then((m) => m.FlowDialog));

// Every screen renders inside this shell, so its chunk brings the features' labels (kept out of the login page).
addI18nBundles(featureBundles);

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
 * while the shell is up and hosts the shell dialogs.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    refreshMenuOnce().catch(() => undefined);
    return startTokenRefresh();
  }, []);
  useEffect(() => watchAntdMarkup(), []);
  const theme = useSession((s) => s.theme);
  const userId = useSession((s) => s.userInfo?.user_id);
  const show = useShellUi((s) => s.show);
  const tier = useScreenTier();
  useBodyTheme(theme);
  useEffect(() => {
    if (tier === 0) useSession.getState().setCollapse(true);
  }, [tier]);
  useEffect(() => {
    // A social login without a bound account (user_id -1) must register first (Saber's third register).
    if (userId === '-1') show('register');
  }, [userId, show]);
  // Screens ask for a diagram through the flow store; the shell opens its (lazily loaded) flow dialog.
  useEffect(() => useFlowDiagram.subscribe((s) => s.target && show('flow')), [show]);
  return (
    <Layout style={{ minHeight: '100vh' }} className={`zoo-shell ${theme}`}>
      <LayoutSidebar />
      <Layout style={{ minWidth: 0 }}>
        <LayoutHeader compact={tier <= 1} phone={tier === 0} />
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
