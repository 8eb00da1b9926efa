import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '../../components/lang-switch';
import { useSession } from '../../lib/session';
import { UserMenu } from './user-menu';

/** Top bar: collapse toggle, product title, tenant, language, user menu. */
export function LayoutHeader() {
  const { t } = useTranslation();
  const collapsed = useSession((s) => s.isCollapse);
  const setCollapse = useSession((s) => s.setCollapse);
  const tenant = useSession((s) => s.tenantName || s.tenantId);
  return (
    <Layout.Header
      style={{ background: '#fff', padding: '0 16px', display: 'flex', alignItems: 'center', gap: 12, borderBottom: '1px solid #f0f0f0' }}
    >
      <Button
        type="text"
        aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={() => setCollapse(!collapsed)}
      />
      <Typography.Title level={5} style={{ margin: 0, flex: 1, whiteSpace: 'nowrap', overflow: 'hidden' }}>
        {t('app.title')}
      </Typography.Title>
      <Space size="middle">
        {tenant ? <Typography.Text type="secondary">{`${t('layout.tenant')}: ${tenant}`}</Typography.Text> : null}
        <LangSwitch />
        <UserMenu />
      </Space>
    </Layout.Header>
  );
}
