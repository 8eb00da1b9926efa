import { dietEndpoints, INTAKE_GROUPS, INTAKE_PERIODS, type IntakeRow } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Radio, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useECharts, type ChartOption } from '../../../components/use-echarts';
import { chinaDay } from '../../../lib/china-day';
import { call } from '../../../lib/request';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const LABEL = { animal: 'byAnimal', cage: 'byCage', species: 'bySpecies' } as const;

/**
 * /zoo/diet/intake — 采食统计: the share eaten per animal, enclosure or species by day or month, against the plan.
 * The chart draws intake per group over the periods; a period that deviates from the plan (amount > 10 % off, or
 * under 75 % eaten) is drawn as a red point and its row is red in the table. Missed feedings (planned on a past day,
 * never recorded) count as nothing eaten and have their own column.
 */
export default function DietIntakePage() {
  const { t } = useTranslation();
  const [by, setBy] = useState<(typeof INTAKE_GROUPS)[number]>('animal');
  const [period, setPeriod] = useState<(typeof INTAKE_PERIODS)[number]>('day');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [chinaDay().subtract(29, 'day'), chinaDay()]);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const q = useQuery({ queryKey: ['diet-intake', by, period, from, to], queryFn: () => call(dietEndpoints.intake, { query: { by, period, from, to } }) });
  const rows = useMemo(() => q.data ?? [], [q.data]);
  // The table reads newest first (a plan's missed days fill the older pages); the chart runs oldest to newest.
  const newestFirst = useMemo(() => [...rows].sort((a, b) => b.period.localeCompare(a.period)), [rows]);
  const option = useMemo((): ChartOption | undefined => {
    if (!rows.length) return undefined;
    const periods = [...new Set(rows.map((r) => r.period))].sort();
    const groups = [...new Map(rows.map((r) => [r.groupId, r.groupName])).entries()];
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => pct(Number(v)) },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 48, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: periods },
      yAxis: { type: 'value', min: 0, max: 1, axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` } },
      series: groups.map(([id, name]) => ({
        name: name || id,
        type: 'line',
        connectNulls: true,
        data: periods.map((p) => {
          const r = rows.find((x) => x.period === p && x.groupId === id);
          return r ? { value: r.intake, itemStyle: r.flagged ? { color: '#cf1322' } : undefined, symbolSize: r.flagged ? 10 : 6 } : null;
        }),
      })),
    };
  }, [rows]);
  const ref = useECharts<HTMLDivElement>(option);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap size={12}>
          <Space>
            <Typography.Text>{t('dietIntake.by')}</Typography.Text>
            <Radio.Group
              optionType="button"
              value={by}
              onChange={(e) => setBy(e.target.value)}
              options={INTAKE_GROUPS.map((g) => ({ value: g, label: t(`dietIntake.${LABEL[g]}`) }))}
            />
          </Space>
          <Space>
            <Typography.Text>{t('dietIntake.period')}</Typography.Text>
            <Radio.Group
              optionType="button"
              value={period}
              onChange={(e) => setPeriod(e.target.value)}
              options={INTAKE_PERIODS.map((p) => ({ value: p, label: t(`dietIntake.${p}`) }))}
            />
          </Space>
          <DatePicker.RangePicker
            aria-label={t('dietIntake.range')}
            value={range}
            allowClear={false}
            onChange={(v) => v?.[0] && v[1] && setRange([dayjs(v[0]), dayjs(v[1])])}
          />
        </Space>
      </Card>
      <Card size="small">
        {q.data && !rows.length ? <Empty description={t('dietIntake.empty')} /> : null}
        <div ref={ref} data-testid="intake-chart" style={{ width: '100%', height: 300, display: rows.length ? 'block' : 'none' }} />
        <Typography.Text type="secondary">{t('dietIntake.flagHint')}</Typography.Text>
      </Card>
      <Table<IntakeRow>
        size="small"
        rowKey={(r) => `${r.period}-${r.groupId}`}
        loading={q.isFetching}
        dataSource={newestFirst}
        scroll={{ x: 730 }}
        rowClassName={(r) => (r.flagged ? 'zoo-row-flagged' : '')}
        onRow={(r) => ({ style: r.flagged ? { background: '#fff1f0' } : undefined })}
        columns={[
          { title: t('dietIntake.period'), dataIndex: 'period', width: 110 },
          { title: t('dietIntake.group'), dataIndex: 'groupName' },
          { title: t('dietIntake.feedings'), dataIndex: 'feedings', width: 90 },
          { title: t('dietIntake.refused'), dataIndex: 'refused', width: 90 },
          {
            title: t('dietIntake.missed'),
            dataIndex: 'missed',
            width: 90,
            render: (v: number) => (v ? <Tag color="red">{v}</Tag> : v),
          },
          { title: t('dietIntake.intake'), dataIndex: 'intake', width: 90, render: (v: number) => pct(v) },
          {
            title: t('dietIntake.deviation'),
            dataIndex: 'deviation',
            width: 100,
            render: (v: number, r) => (r.flagged ? <Tag color="red">{pct(v)}</Tag> : pct(v)),
          },
          { title: t('dietIntake.cost'), dataIndex: 'cost', width: 120, render: (v: number | '') => (v === '' ? '—' : v.toFixed(2)) },
        ]}
      />
    </Space>
  );
}
