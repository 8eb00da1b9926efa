import { ReportDesign, type ReportResult } from '@zoo/contract';
import { describe, expect, it } from 'vitest';
import { chartOption } from './report-chart';

const result = (records: ReportResult['records']): ReportResult => ({ columns: [], records, total: records.length, size: 20, current: 1, pages: 1 });

describe('report chart option', () => {
  it('splits the second group column into series', () => {
    const design = ReportDesign.parse({
      dataset: 'stock_annual',
      groupBy: ['year', 'protectionClass'],
      aggregates: [{ fn: 'sum', column: 'heads' }],
      chart: { type: 'bar', x: 'year', y: ['sum_heads'] },
    });
    const o = chartOption(
      design,
      result([
        { year: 2024, protectionClass: '国家一级', sum_heads: 5 },
        { year: 2024, protectionClass: '国家二级', sum_heads: 2 },
        { year: 2025, protectionClass: '国家一级', sum_heads: 7 },
      ]),
      (k) => k,
    ) as { xAxis: { data: string[] }; series: Array<{ name: string; data: number[] }> };
    expect(o.xAxis.data).toEqual(['2024', '2025']);
    expect(o.series.map((s) => [s.name, s.data])).toEqual([
      ['国家一级', [5, 7]],
      ['国家二级', [2, 0]],
    ]);
  });

  it('draws nothing without a chart type, and a pie of the first value column', () => {
    const none = ReportDesign.parse({ dataset: 'users', columns: ['account'] });
    expect(chartOption(none, result([{ account: 'a' }]), (k) => k)).toBeUndefined();
    const pie = ReportDesign.parse({
      dataset: 'users',
      groupBy: ['deptName'],
      aggregates: [{ fn: 'sum', column: 'users' }],
      chart: { type: 'pie', x: 'deptName', y: ['sum_users'] },
    });
    const o = chartOption(pie, result([{ deptName: '饲养部', sum_users: 3 }]), (k) => k) as { series: Array<{ data: unknown[] }> };
    expect(o.series[0]!.data).toEqual([{ name: '饲养部', value: 3 }]);
  });
});
