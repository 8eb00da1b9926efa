import { z } from 'zod';
import { Id, PageQuery, TenantRecord } from '../common';
import { endpoint } from '../endpoint';
import { optText, reqText } from '../fields';
import { defineCrud } from '../resource';
import {
  AGG_FNS,
  aggAllowed,
  CHART_TYPES,
  columnOf,
  datasetOf,
  FILTER_OPS,
  groupable,
  OPS_BY_TYPE,
  type AggFn,
  type Dataset,
  type DatasetColumn,
  type FilterOp,
} from './datasets';

/**
 * 报表列表 (contract §5.17) plus what Saber took from its external report server: a report is a saved design over
 * one data set of the catalogue (./datasets.ts). Every part of a design is a key from that catalogue or an
 * allow-listed operator, checked here, so a design that passes validation can only produce SQL the server wrote.
 */

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const isDay = (s: string) => {
  const m = DAY_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
};

const Scalar = z.union([z.string().max(100, '筛选值不能超过100个字符'), z.number()]);
export const ReportFilter = z.object({
  column: z.string({ error: '请选择筛选列' }).max(64),
  op: z.string({ error: '请选择筛选条件' }).max(16),
  value: z.union([Scalar, z.array(Scalar).max(50, '筛选值最多50个')], { error: '请输入筛选值' }),
});
export const ReportAgg = z.object({ fn: z.string({ error: '请选择汇总方式' }).max(16), column: z.string({ error: '请选择汇总列' }).max(64) });
export const ReportSort = z.object({
  column: z.string({ error: '请选择排序列' }).max(64),
  dir: z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).default('asc'),
});
export const ReportChart = z.object({
  type: z.enum(CHART_TYPES, { error: '图表类型只能是 none、bar、line 或 pie' }).default('none'),
  x: z.string().max(64).default(''),
  y: z.array(z.string().max(64)).max(5, '图表最多5个数值列').default([]),
});

/** The key an aggregate is output under (`sum_heads`). */
export const aggKey = (a: { fn: string; column: string }) => `${a.fn}_${a.column}`;

/** The columns a design outputs: the group keys then the aggregates when grouped, else the chosen columns. */
export interface OutColumn {
  key: string;
  type: DatasetColumn['type'];
  zh: string;
  en: string;
  dict?: string;
}
export function outputColumns(ds: Dataset, d: { columns: string[]; groupBy: string[]; aggregates: Array<{ fn: string; column: string }> }): OutColumn[] {
  const plain = (k: string): OutColumn => {
    const c = columnOf(ds, k)!;
    return { key: c.key, type: c.type, zh: c.zh, en: c.en, ...(c.dict ? { dict: c.dict } : {}) };
  };
  if (!d.groupBy.length) return d.columns.map(plain);
  const aggs = d.aggregates.map((a): OutColumn => {
    const c = columnOf(ds, a.column)!;
    const fn = a.fn as AggFn;
    const numeric = fn === 'count' || fn === 'sum' || fn === 'avg';
    const names = { count: ['计数', 'Count'], sum: ['合计', 'Sum'], avg: ['平均', 'Avg'], min: ['最小', 'Min'], max: ['最大', 'Max'] }[fn];
    return {
      key: aggKey(a),
      type: numeric ? (fn === 'avg' ? 'number' : 'int') : c.type,
      zh: `${c.zh}(${names[0]})`,
      en: `${names[1]} of ${c.en}`,
      ...(!numeric && c.dict ? { dict: c.dict } : {}),
    };
  });
  return [...d.groupBy.map(plain), ...aggs];
}

const INT_MAX = 2_147_483_647;
/** Why one filter value is wrong for its column, or null. */
function badValue(c: DatasetColumn, op: FilterOp, v: string | number): string | null {
  const s = typeof v === 'number' ? String(v) : v.trim();
  if (s === '') return `请输入「${c.zh}」的筛选值`;
  const t = c.type === 'dict' ? (c.dictKeys === 'text' ? 'text' : 'int') : c.type;
  if (t === 'int' && !(/^-?\d{1,10}$/.test(s) && Math.abs(Number(s)) <= INT_MAX)) return `「${c.zh}」的筛选值应为整数`;
  if (t === 'number' && !/^-?\d{1,12}(\.\d{1,6})?$/.test(s)) return `「${c.zh}」的筛选值应为数字`;
  if (t === 'date' && !isDay(s)) return `「${c.zh}」的筛选值应为日期 yyyy-MM-dd`;
  if (t === 'text' && op !== 'like' && s.length > 100) return `「${c.zh}」的筛选值不能超过100个字符`;
  return null;
}

/** Catalogue rules a design must meet; each refusal is a Chinese message naming what is wrong. */
function checkDesign(d: z.output<typeof DesignShape>, ctx: z.RefinementCtx): void {
  let bad = false;
  const fail = (message: string, path: (string | number)[] = []) => {
    bad = true;
    ctx.addIssue({ code: 'custom', message, path });
  };
  const ds = datasetOf(d.dataset);
  if (!ds) return fail(`未知的数据集: ${d.dataset}`, ['dataset']);
  const known = (k: string, path: (string | number)[]) => {
    const c = columnOf(ds, k);
    if (!c) fail(`数据集「${ds.zh}」没有列: ${k}`, path);
    return c;
  };
  for (const p of ds.params) {
    const v = d.params[p.key];
    if ((v === undefined || v === '') && p.required) fail(`请选择${p.zh}`, ['params', p.key]);
    else if (v !== undefined && v !== '' && !isDay(v)) fail(`${p.zh}格式应为 yyyy-MM-dd`, ['params', p.key]);
  }
  const { from, to } = d.params;
  if (from && to && isDay(from) && isDay(to)) {
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days < 0) fail('开始日期不能晚于结束日期', ['params', 'to']);
    else if (days > 366) fail('日期范围不能超过366天', ['params', 'to']);
  }
  for (const k of Object.keys(d.params)) if (!ds.params.some((p) => p.key === k)) fail(`数据集「${ds.zh}」没有参数: ${k}`, ['params', k]);
  d.columns.forEach((k, i) => known(k, ['columns', i]));
  if (new Set(d.columns).size !== d.columns.length) fail('显示列不能重复', ['columns']);
  d.filters.forEach((f, i) => {
    const c = known(f.column, ['filters', i, 'column']);
    if (!(FILTER_OPS as readonly string[]).includes(f.op)) return fail(`不支持的筛选条件: ${f.op}`, ['filters', i, 'op']);
    if (!c) return;
    const op = f.op as FilterOp;
    if (!OPS_BY_TYPE[c.type].includes(op)) return fail(`「${c.zh}」不能使用筛选条件: ${op}`, ['filters', i, 'op']);
    const values = Array.isArray(f.value) ? f.value : [f.value];
    if (op === 'in' ? !Array.isArray(f.value) || values.length === 0 : Array.isArray(f.value))
      return fail(op === 'in' ? `请选择「${c.zh}」的筛选值` : `「${c.zh}」只能有一个筛选值`, ['filters', i, 'value']);
    for (const v of values) {
      const why = badValue(c, op, v);
      if (why) return fail(why, ['filters', i, 'value']);
    }
  });
  d.groupBy.forEach((k, i) => {
    const c = known(k, ['groupBy', i]);
    if (c && !groupable(c)) fail(`「${c.zh}」不能作为分组列`, ['groupBy', i]);
  });
  d.aggregates.forEach((a, i) => {
    const c = known(a.column, ['aggregates', i, 'column']);
    if (!(AGG_FNS as readonly string[]).includes(a.fn)) return fail(`不支持的汇总方式: ${a.fn}`, ['aggregates', i, 'fn']);
    if (c && !aggAllowed(a.fn as AggFn, c)) fail(`「${c.zh}」不是数值列,不能${a.fn === 'sum' ? '合计' : '求平均'}`, ['aggregates', i, 'fn']);
  });
  // The rules below read the output columns: only once every key and function above is known.
  if (bad) return;
  const grouped = d.groupBy.length > 0;
  if (!grouped && d.columns.length === 0) return fail('请至少选择一个显示列', ['columns']);
  if (grouped && d.aggregates.length === 0) return fail('分组报表请至少添加一个汇总列', ['aggregates']);
  if (!grouped && d.aggregates.length > 0) return fail('汇总列需要先选择分组列', ['groupBy']);
  if (new Set(d.aggregates.map(aggKey)).size !== d.aggregates.length) return fail('汇总列不能重复', ['aggregates']);
  const out = outputColumns(ds, d);
  const outKey = (k: string) => out.find((c) => c.key === k);
  d.sort.forEach((s, i) => {
    if (!outKey(s.column)) fail(`排序列「${s.column}」不在报表的输出列中`, ['sort', i, 'column']);
  });
  if (d.chart.type !== 'none') {
    if (!outKey(d.chart.x)) fail('请选择图表的分类列(报表的输出列之一)', ['chart', 'x']);
    if (d.chart.y.length === 0) fail('请选择图表的数值列', ['chart', 'y']);
    d.chart.y.forEach((k, i) => {
      const c = outKey(k);
      if (!c || (c.type !== 'int' && c.type !== 'number')) fail(`图表数值列「${k}」应为报表中的数值列`, ['chart', 'y', i]);
    });
  }
}

const DesignShape = z.object({
  dataset: z.string({ error: '请选择数据集' }).trim().min(1, '请选择数据集').max(64),
  params: z.record(z.string().max(32), z.string().max(20)).default({}),
  columns: z.array(z.string().max(64)).max(30, '显示列最多30个').default([]),
  filters: z.array(ReportFilter).max(10, '筛选条件最多10个').default([]),
  groupBy: z.array(z.string().max(64)).max(3, '分组列最多3个').default([]),
  aggregates: z.array(ReportAgg).max(10, '汇总列最多10个').default([]),
  sort: z.array(ReportSort).max(3, '排序列最多3个').default([]),
  chart: ReportChart.default({ type: 'none', x: '', y: [] }),
});
export const ReportDesign = DesignShape.superRefine(checkDesign);
export type ReportDesign = z.output<typeof ReportDesign>;
export type ReportDesignIn = z.input<typeof ReportDesign>;

export const ReportRecord = z.object({
  ...TenantRecord,
  name: z.string().meta({ title: '报表名称' }),
  remark: z.string().meta({ title: '备注' }),
  dataset: z.string().meta({ title: '数据集' }),
  datasetName: z.string().meta({ title: '数据集名称' }),
  /** The design (detail only: the list carries no content, contract §5.17). */
  design: z.unknown().optional(),
});
export type ReportRecord = z.output<typeof ReportRecord>;

export const report = defineCrud({
  name: 'report_list',
  base: '/blade-report/report/rest',
  title: '报表',
  record: ReportRecord,
  input: z.object({
    id: Id.optional(),
    name: reqText('报表名称', 50),
    remark: optText('备注', 500),
    design: ReportDesign,
  }),
  filters: z.object({ name: z.string().optional(), dataset_equal: z.string().optional() }),
  access: { list: { perm: 'report_list' }, detail: { perm: 'report_list' } },
});

export const ReportCell = z.union([z.string(), z.number()]);
export const ReportColumnOut = z.object({ key: z.string(), type: z.string(), zh: z.string(), en: z.string(), dict: z.string().optional() });
/** One page of a design's result; dictionary columns carry their labels, numbers stay numbers. */
export const ReportResult = z.object({
  columns: z.array(ReportColumnOut),
  records: z.array(z.record(z.string(), ReportCell)),
  total: z.number(),
  size: z.number(),
  current: z.number(),
  pages: z.number(),
});
export type ReportResult = z.output<typeof ReportResult>;

export const REPORT_FORMATS = ['xlsx', 'pdf'] as const;

export const reportEndpoints = {
  /** Runs a design (saved or not) in the caller's tenant and answers one page of rows. */
  preview: endpoint({
    method: 'POST',
    path: '/blade-report/report/rest/preview',
    summary: '报表预览',
    access: { perm: 'report_list' },
    body: z.object({
      design: ReportDesign,
      current: PageQuery.shape.current,
      size: z.coerce.number().int().min(1, '每页条数不正确').max(500, '每页最多500条').default(50),
    }),
    data: ReportResult,
  }),
  /** A saved report's whole result as xlsx or PDF (token in the Blade-Auth query parameter, like the other downloads). */
  export: endpoint({
    method: 'GET',
    path: '/blade-report/report/rest/export',
    download: true,
    summary: '导出报表',
    access: { perm: 'report_list_export' },
    query: z.object({ id: Id, format: z.enum(REPORT_FORMATS, { error: '导出格式只能是 xlsx 或 pdf' }).default('xlsx') }),
    data: z.unknown(),
    raw: true,
  }),
};
