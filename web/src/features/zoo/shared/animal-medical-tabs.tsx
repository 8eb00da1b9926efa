import { vetEndpoints, vetRoundEndpoints, type TimelineEntry } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useECharts, type ChartOption } from '../../../components/use-echarts';
import { useCan } from '../../../crud';
import { call } from '../../../lib/request';

const KIND_COLORS: Record<string, string> = {
  case: 'volcano',
  treatment: 'blue',
  administration: 'geekblue',
  anaesthesia: 'purple',
  lab: 'cyan',
  vaccination: 'green',
  weight: 'lime',
  quarantine: 'orange',
  necropsy: 'magenta',
  log: 'default',
  movement: 'gold',
  audit: 'default',
};

/** One entry's words: the server sends names and numbers; codes (movement type, health mark, action) are put into words here. */
function useEntryText() {
  const { t } = useTranslation();
  return (e: TimelineEntry): string => {
    switch (e.kind) {
      case 'movement':
        return t(`zooStockLog.kind.${e.title}`, { defaultValue: e.title });
      case 'log':
        return t('vetTimeline.health', { v: t(`basicLog.healths.${e.title}`, { defaultValue: e.title }) });
      case 'audit': {
        // Whose change: the animal record, or one of its medical records (a case edited, a lab result removed…).
        const whose = e.subject && e.subject !== 'animal' ? t(`vetTimeline.kinds.${e.subject}`) : t('vetTimeline.animalRecord');
        return `${t(`vetTimeline.audit.${e.title}`, { defaultValue: e.title })} · ${whose}`;
      }
      case 'quarantine':
        return t('vetTimeline.quarantineUntil', { day: e.title });
      case 'administration': {
        const [drug = '', slot = '', state = ''] = e.title.split(/ (?=#)| (?=\d+$)/);
        return `${drug} ${slot} ${t(`vetAdministration.states.${state}`, { defaultValue: state })}`;
      }
      default:
        return e.title;
    }
  };
}

/** 医疗: the animal's merged timeline (medical records, keeper logs, movements, changes), paged on the server. */
export function MedicalTimeline({ animalId }: { animalId: string }) {
  const { t } = useTranslation();
  const text = useEntryText();
  const [page, setPage] = useState({ current: 1, size: 20 });
  const q = useQuery({
    queryKey: ['vet', 'timeline', animalId, page.current, page.size],
    queryFn: () => call(vetRoundEndpoints.timeline, { query: { animalId, current: page.current, size: page.size } }),
  });
  const columns: TableColumnsType<TimelineEntry> = [
    {
      key: 'at',
      dataIndex: 'at',
      title: t('vetAdministration.dueDate'),
      width: 150,
      render: (v: string) => (v.endsWith(' 00:00:00') ? v.slice(0, 10) : v.slice(0, 16)),
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: '',
      width: 100,
      render: (v: string) => <Tag color={KIND_COLORS[v]}>{t(`vetTimeline.kinds.${v}`)}</Tag>,
    },
    {
      key: 'title',
      title: t('vetTimeline.medical'),
      render: (_v, e) => (
        <>
          <Typography.Text type={e.flag ? 'danger' : undefined} strong={Boolean(e.flag)}>
            {text(e)}
          </Typography.Text>
          {e.detail ? (
            <div>
              <Typography.Text type="secondary">{e.detail}</Typography.Text>
            </div>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <Table<TimelineEntry>
      size="small"
      rowKey={(e) => `${e.kind}-${e.id}`}
      data-testid="medical-timeline"
      loading={q.isFetching}
      columns={columns}
      dataSource={q.data?.records ?? []}
      locale={{ emptyText: t('vetTimeline.empty') }}
      scroll={{ x: 480 }}
      pagination={{
        current: page.current,
        pageSize: page.size,
        total: q.data?.total ?? 0,
        showSizeChanger: true,
        onChange: (current, size) => setPage({ current, size }),
      }}
    />
  );
}

/** The growth chart: the animal's weighings and, where entered, its species' reference curve placed by its birth date. */
export function GrowthChart({ animalId }: { animalId: string }) {
  const { t } = useTranslation();
  const canRef = useCan('vet_weight_view');
  const series = useQuery({ queryKey: ['vet', 'growth', animalId], queryFn: () => call(vetEndpoints.weightSeries, { query: { animalId } }) });
  const ref = useQuery({
    queryKey: ['vet', 'growth-ref', animalId],
    queryFn: () => call(vetRoundEndpoints.weightRefCurve, { query: { animalId } }),
    enabled: canRef,
  });
  const points = useMemo(() => series.data?.points ?? [], [series.data]);
  const refPoints = useMemo(() => ref.data?.points ?? [], [ref.data]);
  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 24, top: 36, bottom: 32 },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', name: 'kg', scale: true },
      series: [
        { name: t('vetTimeline.measured'), type: 'line', data: points.map((p) => [p.weighDate, p.weightKg]), symbolSize: 7, itemStyle: { color: '#1677ff' } },
        ...(refPoints.length
          ? [
              {
                name: t('vetTimeline.reference'),
                type: 'line' as const,
                data: refPoints.map((p) => [p.day, p.weightKg]),
                symbol: 'none',
                lineStyle: { type: 'dashed' as const, color: '#8c8c8c' },
                itemStyle: { color: '#8c8c8c' },
              },
            ]
          : []),
      ],
    }),
    [points, refPoints, t],
  );
  const el = useECharts<HTMLDivElement>(option);
  const rows = [...points].reverse();
  return (
    <div>
      {series.data && points.length === 0 ? <Empty description={t('vetWeight.noPoints')} /> : null}
      <div
        ref={el}
        data-testid="growth-chart"
        data-points={points.length}
        data-ref-points={refPoints.length}
        role="img"
        aria-label={t('vetWeight.chart')}
        style={{ width: '100%', height: 300, display: points.length ? 'block' : 'none' }}
      />
      {points.length ? (
        <Table
          size="small"
          data-testid="growth-weighings"
          rowKey={(p) => `${p.weighDate}-${p.weightKg}`}
          dataSource={rows}
          pagination={{ pageSize: 10 }}
          columns={[
            { key: 'd', dataIndex: 'weighDate', title: t('vetWeight.weighDate'), width: 120 },
            { key: 'kg', dataIndex: 'weightKg', title: t('vetWeight.weightKg'), width: 110 },
            { key: 'm', dataIndex: 'method', title: t('vetWeight.method'), width: 100, render: (v: number) => t(`vetWeight.methods.${v}`) },
            { key: 'b', dataIndex: 'bodyCondition', title: t('vetWeight.bodyCondition') },
          ]}
        />
      ) : null}
    </div>
  );
}

/** The animal detail's 医疗 and 体重 tabs, for roles holding the medical menus only. */
export function AnimalMedicalTabs({ animalId }: { animalId: string }) {
  const { t } = useTranslation();
  const canCases = useCan('vet_case_view');
  const canWeights = useCan('vet_weight_view');
  const items = [
    ...(canCases ? [{ key: 'medical', label: t('vetTimeline.medical'), children: <MedicalTimeline animalId={animalId} /> }] : []),
    ...(canWeights
      ? [
          {
            key: 'weight',
            label: t('vetTimeline.weight'),
            children: (
              <>
                <GrowthChart animalId={animalId} />
              </>
            ),
          },
        ]
      : []),
  ];
  if (!items.length) return null;
  return (
    <Card variant="borderless" data-testid="animal-medical-tabs">
      <Tabs items={items} destroyOnHidden />
    </Card>
  );
}
