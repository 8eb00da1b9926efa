import { Layout } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigationType, useOutlet } from 'react-router';
import { watchAntdMarkup } from '../../lib/a11y-dom';
import { useFlowDiagram } from '../../lib/flow-diagram';
import { addI18nBundles } from '../../lib/i18n';
import { refreshMenuOnce, startTokenRefresh, useSession } from '../../lib/session';
import { featureBundles } from '../i18n-bundles';
import { useRouteMeta } from '../router/use-route-meta';
import { keepScreens, KeptScreens, type KeptScreen } from './kept-screens';
import { LayoutHeader } from './layout-header';
import { LayoutSidebar } from './layout-sidebar';
import { lazyDialog } from './lazy-dialog';
import { LayoutTabs } from './layout-tabs';
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
 * The screens of the open tabs stay mounted, hidden, so that going back to a tab only shows it again instead of
 * mounting its whole screen (~200 ms of React and antd for a list, decision 0048). A page that is not a tab (a
 * redirect) is a kept screen of its own for the time it is shown.
 */
function usePageArea(): { kept: readonly KeptScreen[]; active: string } {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { meta } = useRouteMeta();
  const outlet = useOutlet();
  const tags = useSession((s) => s.tags);
  const open = useMemo(() => new Set(tags.map((t) => t.value)), [tags]);
  const isTab = meta?.isTab === true;
  const active = isTab ? location.pathname : `\0${location.pathname}`;
  const [kept, setKept] = useState<readonly KeptScreen[]>([]);
  const visit = { key: active, place: { location, navigationType }, element: outlet };
  // The last non-tab page is dropped on the next render: it is in no tab.
  const next = keepScreens(kept, visit, open);
  if (next !== kept) setKept(next);
  return { kept: next, active };
}

/**
 * The signed-in shell. Re-reads menu and buttons once per page load, runs the token refresh timer
 * while the shell is up and hosts the shell dialogs.
 */
export function MainLayout() {
  const page = usePageArea();
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
          <KeptScreens kept={page.kept} active={page.active} />
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
