import type { DataOf, humitureEndpoints } from '@zoo/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useECharts, type ChartOption } from '../../../components/use-echarts';

type History = DataOf<typeof humitureEndpoints.history>;
type Bucket = History['buckets'][number];

interface Props {
  history: History;
  kind: 'temp' | 'humidity';
  testId: string;
}

/**
 * One measure over time: max, mean and min per bucket, the comfort band shaded green, buckets that left the band
 * marked red on their max.
 */
export function HumitureChart({ history, kind, testId }: Props) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => {
    const pick = (b: Bucket) => (kind === 'temp' ? [b.tempMin, b.tempMean, b.tempMax] : [b.humidityMin, b.humidityMean, b.humidityMax]);
    const [lo, hi] = kind === 'temp' ? [history.comfort.tempMin, history.comfort.tempMax] : [history.comfort.humidityMin, history.comfort.humidityMax];
    const times = history.buckets.map((b) => b.time.slice(5, 16));
    const band = lo !== '' || hi !== '' ? [[{ yAxis: lo === '' ? -1000 : lo, name: t('humiture.comfort') }, { yAxis: hi === '' ? 1000 : hi }]] : [];
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0, right: 0, data: [t('humiture.max'), t('humiture.mean'), t('humiture.min'), t('humiture.breach')] },
      grid: { left: 48, right: 24, top: 48, bottom: 32 },
      xAxis: { type: 'category', data: times },
      yAxis: { type: 'value', name: t(kind === 'temp' ? 'humiture.temperature' : 'humiture.humidity'), scale: true },
      series: [
        {
          name: t('humiture.max'),
          type: 'line',
          data: history.buckets.map((b) => pick(b)[2]),
          symbol: 'none',
          lineStyle: { color: '#f5222d', width: 1 },
          itemStyle: { color: '#f5222d' },
        },
        {
          name: t('humiture.mean'),
          type: 'line',
          data: history.buckets.map((b) => pick(b)[1]),
          symbol: 'none',
          lineStyle: { color: '#1677ff', width: 2 },
          itemStyle: { color: '#1677ff' },
          markArea: {
            silent: true,
            itemStyle: { color: 'rgba(82, 196, 26, 0.15)' },
            label: { position: 'insideTopLeft', color: '#389e0d' },
            data: band as never,
          },
        },
        {
          name: t('humiture.min'),
          type: 'line',
          data: history.buckets.map((b) => pick(b)[0]),
          symbol: 'none',
          lineStyle: { color: '#13c2c2', width: 1 },
          itemStyle: { color: '#13c2c2' },
        },
        {
          name: t('humiture.breach'),
          type: 'scatter',
          symbolSize: 9,
          itemStyle: { color: '#cf1322' },
          // Only the buckets whose own readings left the band: the side that left it.
          data: history.buckets.map((b) => {
            const [mn, , mx] = pick(b);
            if (!b.breach) return null;
            if (hi !== '' && mx > hi) return mx;
            if (lo !== '' && mn < lo) return mn;
            return null;
          }),
        },
      ],
    };
  }, [history, kind, t]);
  const ref = useECharts<HTMLDivElement>(option);
  return <div ref={ref} data-testid={testId} style={{ width: '100%', height: 300 }} />;
}
