import type { DataOf } from '@zoo/contract';
import { studbookEndpoints } from '@zoo/contract';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useECharts, type ChartOption } from '../../../components/use-echarts';

type Graph = DataOf<typeof studbookEndpoints.pedigree>;
type Matrix = DataOf<typeof studbookEndpoints.heatmap>;
type Snapshots = DataOf<typeof studbookEndpoints.snapshots>;

const SEX_COLOUR: Record<number, string> = { 1: '#409EFF', 2: '#F56C9D', 3: '#909399' };

/**
 * The pedigree as a graph laid out by generation: the animal on the left, each generation of ancestors one column
 * further right (sires above dams within a column); UNK / WILD markers are grey, MULT candidates dashed.
 */
export function PedigreeChart({ graph }: { graph: Graph | undefined }) {
  const option = useMemo<ChartOption | undefined>(() => {
    if (!graph?.nodes.length) return undefined;
    const byGen = new Map<number, Graph['nodes']>();
    for (const n of graph.nodes) byGen.set(n.generation, [...(byGen.get(n.generation) ?? []), n]);
    const pos = new Map<string, [number, number]>();
    for (const [g, list] of byGen) list.forEach((n, i) => pos.set(n.id, [g * 220, (i - (list.length - 1) / 2) * 70]));
    return {
      animation: false,
      tooltip: {
        formatter: (p: { data?: { name?: string; f?: number } }) =>
          p.data?.name ? `${p.data.name}${p.data.f !== undefined ? `<br/>F = ${p.data.f}` : ''}` : '',
      },
      series: [
        {
          type: 'graph',
          layout: 'none',
          roam: true,
          label: { show: true, position: 'right', fontSize: 12 },
          edgeSymbol: ['none', 'arrow'],
          edgeSymbolSize: 6,
          data: graph.nodes.map((n) => ({
            id: n.id,
            name: n.kind === 'animal' ? `${n.label}${n.f ? ` (F ${n.f.toFixed(3)})` : ''}` : n.label,
            f: n.kind === 'animal' ? n.f : undefined,
            x: pos.get(n.id)![0],
            y: pos.get(n.id)![1],
            symbol: n.sex === 1 ? 'rect' : n.sex === 2 ? 'circle' : 'diamond',
            symbolSize: n.generation === 0 ? 22 : 16,
            itemStyle: { color: n.kind === 'animal' ? SEX_COLOUR[n.sex] : '#C0C4CC', opacity: n.alive || n.kind !== 'animal' ? 1 : 0.55 },
          })),
          links: graph.edges.map((e) => ({ source: e.from, target: e.to, lineStyle: { type: e.role.endsWith('mult') ? 'dashed' : 'solid', width: 1.2 } })),
        },
      ],
    };
  }, [graph]);
  const ref = useECharts(option);
  return (
    <>
      <div ref={ref} role="img" aria-label="pedigree" data-testid="studbook-pedigree-chart" style={{ height: 460, display: option ? undefined : 'none' }} />
      {option ? null : <Empty />}
    </>
  );
}

/** Kinship between the living animals (the lowest-MK ones first). */
export function KinshipHeatmap({ matrix }: { matrix: Matrix | undefined }) {
  const option = useMemo<ChartOption | undefined>(() => {
    if (!matrix?.ids.length) return undefined;
    const data: Array<[number, number, number]> = [];
    let max = 0;
    matrix.values.forEach((row, i) => row.forEach((v, j) => (data.push([j, i, v]), (max = Math.max(max, i === j ? 0 : v)))));
    return {
      animation: false,
      tooltip: { formatter: (p: { data: [number, number, number] }) => `${matrix.labels[p.data[1]]} × ${matrix.labels[p.data[0]]}<br/>f = ${p.data[2]}` },
      grid: { left: 120, right: 24, top: 16, bottom: 110 },
      xAxis: { type: 'category', data: matrix.labels, axisLabel: { rotate: 60, interval: 0 } },
      yAxis: { type: 'category', data: matrix.labels, axisLabel: { interval: 0 } },
      visualMap: {
        min: 0,
        max: Math.max(max, 0.0625),
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        inRange: { color: ['#f7fbff', '#6baed6', '#08306b'] },
      },
      series: [{ type: 'heatmap', data }],
    };
  }, [matrix]);
  const ref = useECharts(option);
  return (
    <>
      <div ref={ref} role="img" aria-label="kinship heatmap" data-testid="studbook-heatmap" style={{ height: 520, display: option ? undefined : 'none' }} />
      {option ? null : <Empty />}
    </>
  );
}

/** GD and FGE of the species over time (two axes). */
export function TrendChart({ snapshots }: { snapshots: Snapshots | undefined }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption | undefined>(() => {
    if (!snapshots?.length) return undefined;
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 56, top: 36, bottom: 40 },
      xAxis: { type: 'category', data: snapshots.map((s) => s.snapshotTime.slice(0, 16)) },
      yAxis: [
        { type: 'value', name: 'GD', min: (v: { min: number }) => Math.max(0, Math.floor(v.min * 100) / 100 - 0.01), max: 1 },
        { type: 'value', name: 'FGE' },
      ],
      series: [
        { name: t('studbook.gd'), type: 'line', data: snapshots.map((s) => s.gd), yAxisIndex: 0 },
        { name: t('studbook.fge'), type: 'line', data: snapshots.map((s) => s.fge), yAxisIndex: 1 },
      ],
    };
  }, [snapshots, t]);
  const ref = useECharts(option);
  return (
    <>
      <div ref={ref} role="img" aria-label="GD FGE" data-testid="studbook-trend" style={{ height: 320, display: option ? undefined : 'none' }} />
      {option ? null : <Empty description={t('studbook.noSnapshots')} />}
    </>
  );
}
