import { BgColorsOutlined, BugOutlined, EllipsisOutlined, LockOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Layout, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '../../components/lang-switch';
import { useErrorLog, useSession } from '../../lib/session';
import { website } from '../../lib/website';
import { ColourPicker } from './colour-picker';
import { FullscreenButton } from './fullscreen-button';
import { HeaderSearch } from './header-search';
import { NoticePopover } from './notice-popover';
import { OfflineStatus } from './offline-status';
import { useShellUi } from './shell-ui';
import { themeOf } from './themes';
import { TopMenu } from './top-menu';
import { useLock } from './use-lock';
import { UserMenu } from './user-menu';

function IconButton({ label, icon, color, onClick }: { label: string; icon: ReactNode; color: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" style={{ color }} aria-label={label} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

/**
 * Top bar (spec §2 Shell): collapse toggle, top menu, search, tenant, colour, error log, lock,
 * theme, language, notices, full screen, user menu. Colours follow the chosen theme.
 */
export function LayoutHeader({ compact = false, phone = false }: { compact?: boolean; phone?: boolean }) {
  const { t } = useTranslation();
  const collapsed = useSession((s) => s.isCollapse);
  const setCollapse = useSession((s) => s.setCollapse);
  const tenant = useSession((s) => s.tenantName || s.tenantId);
  const theme = themeOf(useSession((s) => s.theme));
  const logCount = useErrorLog((s) => s.logs.length);
  const show = useShellUi((s) => s.show);
  const { lock } = useLock();
  const color = theme.header.color;
  return (
    <Layout.Header
      className="zoo-header"
      data-testid="shell-header"
      style={{
        background: theme.header.background,
        color,
        height: 48,
        lineHeight: '48px',
        padding: '0 12px',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        borderBottom: '1px solid rgba(0,0,0,.06)',
      }}
    >
      <Button
        type="text"
        style={{ color }}
        aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={() => setCollapse(!collapsed)}
      />
      {compact ? null : (
        <Typography.Text strong style={{ color, whiteSpace: 'nowrap' }}>
          {t('app.shortTitle')}
        </Typography.Text>
      )}
      <div style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        <TopMenu color={color} />
      </div>
      <Space size={4} align="center" style={{ lineHeight: 'normal' }}>
        <OfflineStatus color={color} />
        {compact ? null : <HeaderSearch />}
        <IconButton label={t('shell.findMenu')} color={color} icon={<SearchOutlined />} onClick={() => show('search')} />
        {tenant && !compact ? (
          <Typography.Text style={{ color, opacity: 0.85, whiteSpace: 'nowrap' }} data-testid="tenant-name">
            {tenant}
          </Typography.Text>
        ) : null}
        {phone ? (
          // 390 px hold the menu toggle, search, language, notices and the user: the rest waits under 更多.
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'logs', icon: <BugOutlined />, label: logCount ? `${t('shell.errorLog')} (${logCount})` : t('shell.errorLog') },
                { key: 'lock', icon: <LockOutlined />, label: t('shell.lock') },
                { key: 'theme', icon: <BgColorsOutlined />, label: t('shell.theme') },
              ],
              onClick: ({ key }) => (key === 'lock' ? lock() : show(key as 'logs' | 'theme')),
            }}
          >
            <Button type="text" style={{ color }} aria-label={t('crud.more')} aria-haspopup="menu" icon={<EllipsisOutlined />} data-testid="header-more" />
          </Dropdown>
        ) : (
          <>
            <ColourPicker />
            <Badge count={logCount} overflowCount={website.logBadgeMax} size="small" offset={[-4, 8]}>
              <IconButton label={t('shell.errorLog')} color={color} icon={<BugOutlined />} onClick={() => show('logs')} />
            </Badge>
            <IconButton label={t('shell.lock')} color={color} icon={<LockOutlined />} onClick={lock} />
            <IconButton label={t('shell.theme')} color={color} icon={<BgColorsOutlined />} onClick={() => show('theme')} />
          </>
        )}
        <LangSwitch />
        <NoticePopover color={color} />
        {phone ? null : <FullscreenButton color={color} />}
        <UserMenu color={color} compact={phone} />
      </Space>
    </Layout.Header>
  );
}
