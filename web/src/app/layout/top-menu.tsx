import { firstEndpoints } from '../../lib/request/first-endpoints';
import { useQuery } from '@tanstack/react-query';
import { Menu } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/request';
import { useSession } from '../../lib/session';
import { menuIcon } from '../../components/menu-icon';

const HOME = 'home';

/**
 * Top menu (contract §3.4): 首页 shows the whole menu; a top-menu item reloads the sidebar from
 * `routes?topMenuId`. Routing keeps using the whole menu, so open pages stay reachable.
 */
export function TopMenu({ color }: { color: string }) {
  const { t } = useTranslation();
  const setSideMenu = useSession((s) => s.setSideMenu);
  const [active, setActive] = useState(HOME);
  const { data: tops = [] } = useQuery({
    queryKey: ['shell', 'top-menu'],
    queryFn: () => call(firstEndpoints.topMenu),
    staleTime: 60_000,
  });
  if (!tops.length) return null;

  const choose = async (key: string) => {
    setActive(key);
    if (key === HOME) return setSideMenu(null);
    const forest = await call(firstEndpoints.menuRoutes, { query: { topMenuId: key } }).catch(() => undefined);
    if (forest) setSideMenu(forest);
  };

  return (
    <Menu
      mode="horizontal"
      data-testid="top-menu"
      selectedKeys={[active]}
      onClick={({ key }) => void choose(key)}
      style={{ background: 'transparent', borderBottom: 0, color, minWidth: 0, flex: '0 1 auto', lineHeight: '46px' }}
      items={[
        { key: HOME, label: t('shell.topHome') },
        ...tops.map((top) => ({ key: top.id, icon: menuIcon(top.source), label: <span translate="no">{top.name}</span> })),
      ]}
    />
  );
}
