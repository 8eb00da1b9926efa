import { permitEndpoints, permitReportEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Progress, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../lib/request';

/** Expiry colours of the permit list: ≤ 7 days red, ≤ 30 orange, else gold (the card shows 60 days ahead). */
const colourOf = (days: number) => (days <= 7 ? 'red' : days <= 30 ? 'orange' : 'gold');

/**
 * The zoo home's compliance card (decision 0040): permits and licences expiring within 60 days, soonest first, and
 * each licensed species' stock against its approved quantity. Shown to holders of 许可证管理 only.
 */
export function PermitHomeCard() {
  const { t } = useTranslation();
  const expiring = useQuery({ queryKey: ['zoo-home', 'permits'], queryFn: () => call(permitEndpoints.expiring, { query: { days: 60 } }), staleTime: 60_000 });
  const quota = useQuery({ queryKey: ['zoo-home', 'quota'], queryFn: () => call(permitReportEndpoints.quota), staleTime: 60_000 });
  const soon = (expiring.data ?? []).slice(0, 5);
  const used = (quota.data ?? []).filter((q) => q.percent !== '').slice(0, 5);
  return (
    <Card
      size="small"
      title={t('zooPermitReport.home.title')}
      extra={<Link to="/zoo/permit">{t('zooPermitReport.home.open')}</Link>}
      data-testid="home-permits"
    >
      <Row gutter={[16, 8]}>
        <Col xs={24} md={12}>
          <Typography.Text strong>{t('zooPermitReport.home.expiring', { n: expiring.data?.length ?? 0 })}</Typography.Text>
          <List
            size="small"
            loading={expiring.isLoading}
            dataSource={soon}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('zooPermitReport.home.noneExpiring')} /> }}
            renderItem={(p) => (
              <List.Item>
                <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {t(`zooPermitPick.kinds.${p.kind}`)} {p.permitNo}
                </span>
                <Tag color={colourOf(Number(p.daysLeft))}>{t('zooPermit.daysLeft', { n: p.daysLeft })}</Tag>
              </List.Item>
            )}
          />
        </Col>
        <Col xs={24} md={12}>
          <Typography.Text strong>{t('zooPermitReport.home.quota')}</Typography.Text>
          <List
            size="small"
            loading={quota.isLoading}
            dataSource={used}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('zooPermitReport.home.noQuota')} /> }}
            renderItem={(q) => (
              <List.Item>
                <div style={{ width: '100%' }}>
                  <Typography.Text>{t('zooPermitReport.home.quotaOf', { name: q.speciesName, held: q.held, approved: q.approved })}</Typography.Text>
                  <Progress
                    percent={Math.min(100, Number(q.percent))}
                    format={() => `${q.percent}%`}
                    status={Number(q.percent) > 100 ? 'exception' : 'normal'}
                    size="small"
                    aria-label={q.speciesName}
                  />
                </div>
              </List.Item>
            )}
          />
        </Col>
      </Row>
    </Card>
  );
}
