import { Card, Col, Empty, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useECharts, type ChartOption } from '../../../components/use-echarts';

export interface Slice {
  name: string;
  total: number;
}
export interface MonthBar {
  month: string;
  in: number;
  out: number;
}

const pieOption = (slices: readonly Slice[]): ChartOption => ({
  animation: false,
  tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
  legend: { bottom: 0, type: 'scroll' },
  // A smaller ring leaves the outside labels room in a third of the screen (they were cut to "爬...").
  series: [
    { type: 'pie', radius: ['28%', '52%'], center: ['50%', '45%'], label: { overflow: 'none' }, data: slices.map((s) => ({ name: s.name, value: s.total })) },
  ],
});

const barOption = (slices: readonly Slice[]): ChartOption => ({
  animation: false,
  tooltip: { trigger: 'axis' },
  grid: { left: 48, right: 16, top: 16, bottom: 40 },
  xAxis: { type: 'category', data: slices.map((s) => s.name), axisLabel: { interval: 0, rotate: slices.length > 6 ? 30 : 0 } },
  yAxis: { type: 'value', minInterval: 1 },
  series: [{ type: 'bar', data: slices.map((s) => s.total), itemStyle: { color: '#409EFF' } }],
});

/** A pie (share) or bar (compare) of one figure per group; an empty set shows the empty state, not a blank box. */
export function SliceChart({ title, slices, kind, testId }: { title: string; slices: readonly Slice[]; kind: 'pie' | 'bar'; testId: string }) {
  const option = useMemo(() => (kind === 'pie' ? pieOption(slices) : barOption(slices)), [kind, slices]);
  const ref = useECharts(slices.length ? option : undefined);
  return (
    <Card size="small" title={title}>
      {/* The chart's box stays mounted (the chart binds to it once); the empty state covers it while there is nothing. */}
      <div ref={ref} role="img" aria-label={title} data-testid={testId} style={{ height: 280, display: slices.length ? undefined : 'none' }} />
      {slices.length ? null : <Empty style={{ height: 248 }} />}
    </Card>
  );
}

/** Heads in and out per month (grouped bars). */
export function MonthChart({ title, months }: { title: string; months: readonly MonthBar[] }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0, right: 0 },
      grid: { left: 48, right: 16, top: 32, bottom: 32 },
      xAxis: { type: 'category', data: months.map((m) => m.month) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('stockReport.in'), type: 'bar', data: months.map((m) => m.in), itemStyle: { color: '#52c41a' } },
        { name: t('stockReport.out'), type: 'bar', data: months.map((m) => m.out), itemStyle: { color: '#fa8c16' } },
      ],
    }),
    [months, t],
  );
  const ref = useECharts(option);
  return (
    <Card size="small" title={title}>
      <div ref={ref} role="img" aria-label={title} data-testid="chart-months" style={{ height: 280 }} />
    </Card>
  );
}

/** The report screen's three charts: by class, by park, by protection level (stock at the end of the period). */
export default function StockCharts({ byClass, byPark, byProtection }: { byClass: Slice[]; byPark: Slice[]; byProtection: Slice[] }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <SliceChart title={t('stockReport.byClass')} slices={byClass} kind="pie" testId="chart-class" />
      </Col>
      <Col xs={24} lg={8}>
        <SliceChart title={t('stockReport.byPark')} slices={byPark} kind="bar" testId="chart-park" />
      </Col>
      <Col xs={24} lg={8}>
        <SliceChart title={t('stockReport.byProtection')} slices={byProtection} kind="pie" testId="chart-protection" />
      </Col>
    </Row>
  );
}
