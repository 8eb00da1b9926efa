import { useQueryClient } from '@tanstack/react-query';
import { ConfigProvider, Drawer, Empty, Layout, Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { flattenMenu } from '../router/menu-paths';
import { preloadOpenGroups, warmRoute } from '../router/preload-pages';
import { visibleMenu } from './menu-match';
import { ancestorKeys, toMenuItems } from './menu-items';
import { collapsesAfterChoice, SIDER_WIDTH } from './screen';
import { readableSider } from '../theme/tokens';
import { isLightBackground, themeOf } from './themes';
import { useOpenMenu } from './use-open-menu';
import { useScreenTier } from './use-screen';

/**
 * The server menu tree (or the top menu's part of it), role-filtered; external items open in a new
 * window or the iframe route. Width follows the screen tier; small screens collapse after a choice.
 */
export function LayoutSidebar() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const openMenu = useOpenMenu();
  const fullMenu = useSession((s) => s.menu);
  const sideMenu = useSession((s) => s.sideMenu);
  const roleName = useSession((s) => s.userInfo?.role_name);
  const collapsed = useSession((s) => s.isCollapse);
  const setCollapse = useSession((s) => s.setCollapse);
  const theme = themeOf(useSession((s) => s.theme));
  const tier = useScreenTier();
  const menu = useMemo(() => visibleMenu(sideMenu ?? fullMenu, roleName), [sideMenu, fullMenu, roleName]);
  const language = i18n.language;
  // Labels follow the language (menuName), so the items are rebuilt when it changes.
  const client = useQueryClient();
  // A pointer resting on a screen's item loads its code and refreshes its list before the click (decision 0048).
  const items = useMemo(() => toMenuItems(menu, true, (key) => warmRoute(key, client)), [menu, language, client]); // eslint-disable-line react-hooks/exhaustive-deps
  const entries = useMemo(() => flattenMenu(menu), [menu]);
  const ancestors = useMemo(() => ancestorKeys(menu, pathname), [menu, pathname]);
  // Opening the current item's ancestors on navigation, while keeping what the user opened.
  const [openKeys, setOpenKeys] = useState(ancestors);
  const [seen, setSeen] = useState(ancestors);
  if (seen !== ancestors) {
    setSeen(ancestors);
    setOpenKeys((prev) => [...new Set([...prev, ...ancestors])]);
  }

  useEffect(() => {
    // After first paint, so page chunks never compete with the shell itself.
    const timer = setTimeout(() => preloadOpenGroups(menu, openKeys), 300);
    return () => clearTimeout(timer);
  }, [menu, openKeys]);

  const onClick = (key: string) => {
    const entry = entries.find((e) => e.path === key);
    if (!entry) return;
    openMenu(entry);
    if (collapsesAfterChoice(tier)) setCollapse(true);
  };

  const sider = useMemo(() => readableSider(theme.sider), [theme]);
  const light = isLightBackground(sider.background);
  const phone = tier === 0;
  // A drawer's menu is never the collapsed icon strip: it is either open in full or not there.
  const isCollapsed = collapsed && !phone;
  const title = (
    <div
      style={{
        color: sider.color,
        background: sider.logoBg,
        fontWeight: 600,
        height: 48,
        lineHeight: '48px',
        padding: '0 16px',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
      }}
    >
      {isCollapsed ? t('app.shortTitle').slice(0, 1) : t('app.shortTitle')}
    </div>
  );
  const body = menu.length ? (
    <ConfigProvider
      theme={{
        components: {
          Menu: {
            darkItemBg: sider.background,
            darkSubMenuItemBg: 'rgba(0,0,0,.15)',
            darkPopupBg: sider.background,
            darkItemColor: sider.color,
            darkItemSelectedBg: sider.activeBg,
            darkItemSelectedColor: sider.activeColor,
            itemBg: sider.background,
            subMenuItemBg: sider.background,
            itemColor: sider.color,
            itemSelectedBg: sider.activeBg,
            itemSelectedColor: sider.activeColor,
          },
        },
      }}
    >
      <Menu
        theme={light ? 'light' : 'dark'}
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        style={{ borderInlineEnd: 0 }}
        // Inline-collapsed menus manage their own popups; controlling openKeys there misbehaves.
        {...(isCollapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => onClick(key)}
      />
    </ConfigProvider>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span style={{ color: sider.color }}>{t('layout.menuTip')}</span>} />
  );
  if (phone)
    // On a phone the menu slides over the page (a modal drawer: focus stays in it, Esc closes it) instead of
    // taking 190 of 390 px beside it.
    return (
      <Drawer
        open={!collapsed}
        onClose={() => setCollapse(true)}
        placement="left"
        size={SIDER_WIDTH[0] + 40}
        closable={false}
        title={null}
        data-testid="shell-sider"
        aria-label={t('layout.menu')}
        styles={{ body: { padding: 0, background: sider.background } }}
      >
        <nav aria-label={t('layout.menu')}>
          {title}
          {body}
        </nav>
      </Drawer>
    );
  return (
    <Layout.Sider
      collapsible
      trigger={null}
      collapsed={isCollapsed}
      collapsedWidth={64}
      width={SIDER_WIDTH[tier]}
      theme={light ? 'light' : 'dark'}
      data-testid="shell-sider"
      // Long menus scroll inside the sidebar instead of stretching the page.
      style={{ overflow: 'auto', height: '100vh', position: 'sticky', top: 0, background: sider.background }}
    >
      <nav aria-label={t('layout.menu')}>
        {title}
        {body}
      </nav>
    </Layout.Sider>
  );
}
