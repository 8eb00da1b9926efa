import type { DeskCount } from '@zoo/contract';
import type { TFunction } from 'i18next';
import { Card, Col, Row, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DeskCounts } from './desk-counts';
import { countTitle, useDeskCounts, useNoticeCounts } from './desk-queries';
import { LatestNotices } from './latest-notices';
import { useECharts, type ChartOption } from '../../components/use-echarts';

const countsOption = (counts: DeskCount[], t: TFunction): ChartOption => ({
  tooltip: {},
  grid: { left: 40, right: 16, top: 16, bottom: 32 },
  xAxis: { type: 'category', data: counts.map((c) => countTitle(t, c)) },
  yAxis: { type: 'value', minInterval: 1 },
  series: [{ type: 'bar', data: counts.map((c) => c.count), itemStyle: { color: '#409EFF' } }],
});

/** /wel/dashboard: the figures as cards and a bar chart, notices by category as a pie, the latest notices. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const counts = useDeskCounts();
  const notices = useNoticeCounts();
  const bar = useMemo(() => (counts.data ? countsOption(counts.data, t) : undefined), [counts.data, t]);
  const pie = useMemo<ChartOption | undefined>(
    () =>
      notices.data
        ? {
            tooltip: { trigger: 'item' },
            legend: { bottom: 0 },
            series: [
              {
                type: 'pie',
                radius: ['35%', '60%'],
                center: ['50%', '45%'],
                // Empty categories would only crowd the labels.
                data: notices.data.categories.filter((c) => c.count > 0).map((c) => ({ name: c.categoryName, value: c.count })),
              },
            ],
          }
        : undefined,
    [notices.data],
  );
  const barRef = useECharts(bar);
  const pieRef = useECharts(pie);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <DeskCounts />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={t('desk.countsChart')} size="small">
            <div ref={barRef} role="img" aria-label={t('desk.countsChart')} style={{ height: 300 }} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('desk.noticeChart', { total: notices.data?.total ?? 0 })} size="small">
            <div ref={pieRef} role="img" aria-label={t('desk.noticeChartLabel')} style={{ height: 300 }} />
          </Card>
        </Col>
      </Row>
      <LatestNotices limit={8} />
    </Space>
  );
}
