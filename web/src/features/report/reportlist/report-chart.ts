import type { ReportDesign, ReportResult } from '@zoo/contract';
import type { ChartOption } from '../../../components/use-echarts';

/**
 * The ECharts option of a report page. With two group columns and the other one on the category axis, each value
 * of the other column becomes a series (year × protection class → one bar per class per year).
 */
export function chartOption(design: ReportDesign, result: ReportResult, label: (key: string) => string): ChartOption | undefined {
  const { type, x, y } = design.chart;
  if (type === 'none' || !x || !y.length || !result.records.length) return undefined;
  const rows = result.records;
  const split = design.groupBy.length === 2 && design.groupBy.includes(x) ? design.groupBy.find((k) => k !== x) : undefined;
  if (type === 'pie')
    return {
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [{ type: 'pie', radius: '60%', data: rows.map((r) => ({ name: `${r[x]}${split ? ` ${r[split]}` : ''}`, value: Number(r[y[0]!]) || 0 })) }],
    };
  const categories = [...new Set(rows.map((r) => String(r[x])))];
  const series = split
    ? [...new Set(rows.map((r) => String(r[split])))].flatMap((s) =>
        y.map((k) => ({
          type,
          name: y.length > 1 ? `${s} ${label(k)}` : s,
          data: categories.map((c) => Number(rows.find((r) => String(r[x]) === c && String(r[split]) === s)?.[k] ?? 0)),
        })),
      )
    : y.map((k) => ({ type, name: label(k), data: categories.map((c) => Number(rows.find((r) => String(r[x]) === c)?.[k] ?? 0)) }));
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 48, right: 24, top: 40, bottom: 40 },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value' },
    series,
  };
}
