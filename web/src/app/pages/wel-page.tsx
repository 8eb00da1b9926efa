import { SmileOutlined } from '@ant-design/icons';
import { Card, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DeskCounts } from '../../features/dashboard/desk-counts';
import { LatestNotices } from '../../features/dashboard/latest-notices';
import { website } from '../../lib/website';
import { useSession } from '../../lib/session';
import { withJitlessZod } from '../../lib/zod-jitless';

// A zoo's figures bring the report contract and zod with them: loaded only for a zoo, not on every home page.
// The home's cards read through the contract: zod loads with them, switched to jitless first (lib/zod-jitless.ts).
const ZooHome = lazy(withJitlessZod(() => import('../../features/zoo/report/zoo-home').then((m) => ({ default: m.ZooHome }))));
// The 数据质量 card: its own chunk, shown to holders of the menu.
const QualityCard = lazy(withJitlessZod(() => import('../../features/zoo/quality/quality-card').then((m) => ({ default: m.QualityCard }))));

/**
 * /wel/index, the first page after login: a zoo sees its stock figures and charts; the platform (tenant 000000,
 * no zoo of its own) keeps the dashboard counts.
 */
export function WelPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const tenantName = useSession((s) => s.tenantName);
  const tenantId = useSession((s) => s.tenantId);
  const name = user?.real_name || user?.nick_name || user?.user_name || '';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Space orientation="vertical" size="small">
          <Typography.Title level={3} style={{ margin: 0 }}>
            <SmileOutlined /> {t('wel.greeting', { name })}
          </Typography.Title>
          <Typography.Text>{t('wel.tenant', { tenant: tenantName || tenantId })}</Typography.Text>
          {user?.role_name ? <Typography.Text type="secondary">{t('wel.role', { role: user.role_name })}</Typography.Text> : null}
          <Typography.Paragraph type="secondary">{t('wel.intro')}</Typography.Paragraph>
        </Space>
      </Card>
      {tenantId && tenantId !== website.tenantId ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
          <ZooHome />
        </Suspense>
      ) : (
        <DeskCounts />
      )}
      {tenantId && tenantId !== website.tenantId ? (
        <Suspense fallback={null}>
          <QualityCard />
        </Suspense>
      ) : null}
      <LatestNotices />
    </Space>
  );
}
