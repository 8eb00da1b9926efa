import { QUALITY_CHECKS, qualityHistory } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useECharts, type ChartOption } from '../../../components/use-echarts';
import { call } from '../../../lib/request';
import { chinaDay } from '../../../lib/china-day';

type Kept = { day: string; check: string; count: number };

/** Each check's kept count per day over the last 30 days (one line per check; a lazy chunk with ECharts). */
export default function QualityTrend({ version, labels }: { version: string; labels: Record<string, string> }) {
  const { t } = useTranslation();
  const from = chinaDay().subtract(29, 'day').format('YYYY-MM-DD');
  const history = useQuery({
    queryKey: ['quality', 'history', from, version],
    queryFn: () => call(qualityHistory.endpoints.list, { query: { current: 1, size: 1000, day_datege: from } }),
  });
  const kept = useMemo(() => ((history.data as { records?: Kept[] } | undefined)?.records ?? []).slice(), [history.data]);
  const option = useMemo<ChartOption | undefined>(() => {
    if (!kept.length) return undefined;
    const days = [...new Set(kept.map((k) => k.day))].sort();
    const at = new Map(kept.map((k) => [`${k.day}|${k.check}`, k.count]));
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', bottom: 0 },
      grid: { left: 40, right: 16, top: 16, bottom: 56 },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: QUALITY_CHECKS.map((c) => ({ name: labels[c], type: 'line', data: days.map((d) => at.get(`${d}|${c}`) ?? null), connectNulls: true })),
    };
  }, [kept, labels]);
  const ref = useECharts(option);
  return (
    <Card size="small" title={t('quality.trend')}>
      <div ref={ref} role="img" aria-label={t('quality.trend')} data-testid="quality-trend" style={{ height: 260, display: option ? undefined : 'none' }} />
      {option ? null : <Empty description={t('quality.noTrend')} style={{ height: 228 }} />}
    </Card>
  );
}
