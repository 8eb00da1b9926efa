import { basicLogEndpoints, stockReportEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Spin, Statistic } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../crud';
import { call } from '../../../lib/request';
import { PermitHomeCard } from '../shared/permit-home-card';

// The charts bring ECharts in their own chunk: the tiles show first.
const HomeCharts = lazy(() => import('./zoo-home-charts'));

interface Tile {
  key: string;
  title: string;
  value: ReactNode;
  suffix?: ReactNode;
  path: string;
}

/**
 * A zoo's home figures, each opening its screen: individuals and populations held, species, today's keeper-log
 * share of the caller's round, movements this month, transfers awaiting either side, open environment alarms; then
 * stock by class and the last twelve months' in/out.
 */
export function ZooHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canPermits = useCan('permit_view');
  const info = useQuery({ queryKey: ['zoo-home', 'info'], queryFn: () => call(stockReportEndpoints.info), staleTime: 30_000 });
  const percent = useQuery({ queryKey: ['zoo-home', 'percent'], queryFn: () => call(basicLogEndpoints.percent), staleTime: 30_000 });
  if (!info.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const d = info.data;
  const p = percent.data;
  const tiles: Tile[] = [
    { key: 'animals', title: t('zooHome.animals'), value: d.animals, path: '/zoo/animal' },
    {
      key: 'populations',
      title: t('zooHome.populations'),
      value: d.populations,
      suffix: <small>{t('zooHome.populationHeads', { n: d.populationHeads })}</small>,
      path: '/zoo/population',
    },
    { key: 'species', title: t('zooHome.species'), value: d.species, path: '/zoo/species' },
    {
      key: 'todayLog',
      title: t('zooHome.todayLog'),
      value: p ? `${p.percent}%` : '—',
      suffix: p ? <small>{t('zooHome.todayLogOf', { logged: p.logged, total: p.total })}</small> : undefined,
      path: '/zoo/basiclog',
    },
    { key: 'movements', title: t('zooHome.movements'), value: d.movementsThisMonth, path: '/zoo/stocklog' },
    {
      key: 'transfers',
      title: t('zooHome.transfers'),
      value: d.transfersIn + d.transfersOut,
      suffix: <small>{t('zooHome.transfersInOut', { in: d.transfersIn, out: d.transfersOut })}</small>,
      path: '/zoo/transfer',
    },
    { key: 'alarms', title: t('zooHome.alarms'), value: d.openAlarms, path: '/zoo/alarm' },
  ];
  return (
    <>
      <Row gutter={[16, 16]}>
        {tiles.map((x) => (
          <Col key={x.key} xs={12} sm={8} md={6} xl={4}>
            <Card size="small" hoverable onClick={() => void navigate(x.path)} data-testid={`home-tile-${x.key}`}>
              <Statistic title={x.title} value={x.value as never} suffix={x.suffix} />
            </Card>
          </Col>
        ))}
      </Row>
      {canPermits ? (
        <div style={{ marginTop: 16 }}>
          <PermitHomeCard />
        </div>
      ) : null}
      <Suspense fallback={<Spin />}>
        <HomeCharts stockByClass={d.stockByClass} movementsByMonth={d.movementsByMonth} />
      </Suspense>
    </>
  );
}
