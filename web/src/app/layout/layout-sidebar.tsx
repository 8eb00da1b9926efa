import { Empty, Layout, Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { flattenMenu, menuTarget } from '../router/menu-paths';
import { ancestorKeys, toMenuItems } from './menu-items';

/** The server menu tree; external items open in a new window or the iframe route. */
export function LayoutSidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = useSession((s) => s.menu);
  const collapsed = useSession((s) => s.isCollapse);
  const items = useMemo(() => toMenuItems(menu), [menu]);
  const entries = useMemo(() => flattenMenu(menu), [menu]);
  const ancestors = useMemo(() => ancestorKeys(menu, pathname), [menu, pathname]);
  // Opening the current item's ancestors on navigation, while keeping what the user opened.
  const [openKeys, setOpenKeys] = useState(ancestors);
  const [seen, setSeen] = useState(ancestors);
  if (seen !== ancestors) {
    setSeen(ancestors);
    setOpenKeys((prev) => [...new Set([...prev, ...ancestors])]);
  }

  const onClick = (key: string) => {
    const entry = entries.find((e) => e.path === key);
    if (!entry) return;
    const target = menuTarget(entry);
    if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
    else navigate(target.to);
  };

  return (
    <Layout.Sider
      collapsible
      trigger={null}
      collapsed={collapsed}
      width={220}
      theme="dark"
      // Long menus scroll inside the sidebar instead of stretching the page.
      style={{ overflow: 'auto', height: '100vh', position: 'sticky', top: 0 }}
    >
      <div style={{ color: '#fff', fontWeight: 600, padding: '16px', whiteSpace: 'nowrap', overflow: 'hidden' }}>
        {collapsed ? '🐼' : t('app.shortTitle')}
      </div>
      {menu.length ? (
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[pathname]}
          // Inline-collapsed menus manage their own popups; controlling openKeys there misbehaves.
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={({ key }) => onClick(key)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span style={{ color: '#aaa' }}>{t('layout.menuTip')}</span>} />
      )}
    </Layout.Sider>
  );
}
