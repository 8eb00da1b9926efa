import { DashboardOutlined, DownOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { website } from '../../lib/website';
import { useShellUi } from './shell-ui';
import { useLogout } from './use-logout';

/** Avatar + name: dashboard, personal info, dept/role switch (switchMode only), logout. */
export function UserMenu({ color, compact = false }: { color?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const show = useShellUi((s) => s.show);
  const user = useSession((s) => s.userInfo);
  const name = user?.nick_name || user?.user_name || '';
  const items = [
    { key: '/wel/dashboard', icon: <DashboardOutlined />, label: t('layout.dashboard') },
    { key: '/info/index', icon: <UserOutlined />, label: t('layout.userInfo') },
    ...(website.switchMode ? [{ key: 'switch', icon: <SwapOutlined />, label: t('shell.switchDept') }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
  ];
  const onClick = (key: string) => {
    if (key === 'logout') logout();
    else if (key === 'switch') show('switch');
    else navigate(key);
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onClick(key) }}>
      {/* A real button: Enter and Space open the menu as a click does. On a phone the avatar stands for the name. */}
      <Button type="text" style={{ color, paddingInline: 4 }} data-testid="user-menu" aria-label={compact ? name : undefined} aria-haspopup="menu">
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} alt="" />
        {compact ? null : <span>{name}</span>}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
