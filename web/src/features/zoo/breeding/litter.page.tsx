import { breedingCubEndpoints, breedLitter, INCUBATOR } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useECharts, type ChartOption } from '../../../components/use-echarts';
import { CrudPage, crudKeys, useRowDialog, type RowOf } from '../../../crud';
import { UserText } from '../../../components/user-text';
import { call } from '../../../lib/request';
import { litterPage } from './breeding-cubs.crud';
import { PaternityDialog } from './paternity-dialog';
import { EggDialog } from './egg-dialog';

type Row = RowOf<typeof litterPage.crud>;
type Cub = { id: string; localNo: string; animalName: string };

/**
 * A litter's cubs: weights (the veterinary weight records, in grams) against the species' reference growth curve,
 * daily milk intake, a cub losing weight or falling behind the curve flagged.
 */
function Growth({ id }: { id: string }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: [...crudKeys.lists(breedLitter.name), 'growth', id], queryFn: () => call(breedingCubEndpoints.growth, { query: { id } }) });
  const cubs = useMemo(() => q.data?.cubs ?? [], [q.data]);
  const curve = useMemo(() => q.data?.curve ?? [], [q.data]);
  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 56, top: 40, bottom: 32 },
      xAxis: { type: 'time' },
      yAxis: [
        { type: 'value', name: t('breedLitter.grams'), scale: true },
        { type: 'value', name: t('breedLitter.ml') },
      ],
      series: [
        ...(curve.length
          ? [
              {
                name: t('breedLitter.reference'),
                type: 'line' as const,
                data: curve.map((p) => [p.day, p.grams]),
                lineStyle: { type: 'dashed' as const },
                symbol: 'none',
              },
            ]
          : []),
        ...cubs.map((c) => ({
          name: `${c.name} ${t('breedLitter.weight')}`,
          type: 'line' as const,
          data: c.weights.map((w) => [w.day, w.grams]),
          symbolSize: 6,
        })),
        ...cubs.map((c) => ({ name: `${c.name} ${t('breedLitter.milk')}`, type: 'bar' as const, yAxisIndex: 1, data: c.feeds.map((f) => [f.day, f.ml]) })),
      ],
    }),
    [cubs, curve, t],
  );
  const ref = useECharts<HTMLDivElement>(option);
  return (
    <div>
      {cubs
        .filter((c) => c.losing)
        .map((c) => (
          <Alert key={c.id} type="warning" showIcon message={t('breedLitter.losing', { name: c.name })} style={{ marginBottom: 8 }} />
        ))}
      {cubs
        .filter((c) => c.behind)
        .map((c) => (
          <Alert
            key={`behind-${c.id}`}
            type="warning"
            showIcon
            data-testid="cub-behind"
            message={
              <>
                <UserText>{c.name}</UserText> {t('breedLitter.behind', { pct: c.percentOfCurve, threshold: q.data?.behindPercent })}
              </>
            }
            style={{ marginBottom: 8 }}
          />
        ))}
      {q.data && cubs.some((c) => c.weights.length) && !curve.length ? (
        <Typography.Paragraph type="secondary">{t('breedLitter.noCurve')}</Typography.Paragraph>
      ) : null}
      <Typography.Text type="secondary">{cubs.map((c) => t('breedLitter.swaps', { name: c.name, n: c.swaps })).join(' · ')}</Typography.Text>
      {q.data && !cubs.some((c) => c.weights.length) ? <Empty description={t('breedLitter.noWeights')} /> : null}
      <div ref={ref} data-testid="growth-chart" style={{ width: '100%', height: 280 }} />
    </div>
  );
}

/** /zoo/breeding/litter — 产仔与育幼: litters (each booked as the ledger's birth movement) and a litter's growth. */
export default function LitterPage() {
  const { t } = useTranslation();
  const [id, setId] = useState('');
  const list = useQuery({
    queryKey: [...crudKeys.lists(breedLitter.name), 'pick'],
    queryFn: () => call(breedLitter.endpoints.list, { query: { current: 1, size: 100 } }),
  });
  const litters = (list.data as { records?: Array<{ id: string; damName: string; birthDate: string; liveBorn: number }> } | undefined)?.records ?? [];
  const paternity = useRowDialog<Row>('breed_litter_edit', t('breedPaternity.paternity'), (row, close) => (
    <PaternityDialog litter={{ id: row.id, cubs: row.cubs as Cub[] }} onClose={close} />
  ));
  const eggs = useRowDialog<Row>('breed_litter_view', t('breedEgg.eggs'), (row, close) => (
    <EggDialog litter={{ id: row.id, cubs: row.cubs as Cub[] }} onClose={close} />
  ));
  // A bird's clutch (incubator rearing or egg counts) has its eggs; a litter with live-born young its paternity.
  const isClutch = (row: Row) => row.rearing === INCUBATOR || row.eggsLaid !== '';
  return (
    <>
      <CrudPage
        def={litterPage}
        rowActions={(row, ctx) => (
          <>
            {row.liveBorn ? paternity.action(row, ctx) : null}
            {isClutch(row) ? eggs.action(row, ctx) : null}
          </>
        )}
        header={
          <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
            <Space wrap>
              <Typography.Text>{t('breedLitter.growth')}</Typography.Text>
              <Select
                allowClear
                aria-label={t('breedLitter.growth')}
                placeholder={t('breedLitter.pickLitter')}
                style={{ minWidth: 240 }}
                value={id || undefined}
                options={litters.filter((l) => l.liveBorn).map((l) => ({ value: l.id, label: `${l.damName} · ${l.birthDate} · ${l.liveBorn}` }))}
                onChange={(v) => setId(v ?? '')}
              />
            </Space>
            {id ? <Growth id={id} /> : null}
          </Space>
        }
      />
      {paternity.dialog}
      {eggs.dialog}
    </>
  );
}
