import { z } from 'zod';
import { endpoint } from '../endpoint';
import { optId } from '../fields';
import { dayIn } from './basic-log';
import { PROTECTION_CLASSES } from './species';

/**
 * Stock reports (存栏报表, `/blade-zoo/basic/*`): stock at any day reconstructed from the stock ledger, by species,
 * park, class or protection level; the movements of a period per species; its xlsx; and the zoo's home figures.
 * A day means its end: every movement dated that day or earlier counts.
 */

const optDay = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), dayIn(label).optional());

/** The filters every report takes: park (where the heads live), class (taxonomy rank 1), protection level. */
const ReportFilters = {
  parkId: optId('园区'),
  classId: optId('纲'),
  protectionClass: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: '保护级别取值不正确' })
      .refine((n) => (PROTECTION_CLASSES as readonly number[]).includes(n), '保护级别取值不正确')
      .optional(),
  ),
};

export const STOCK_GROUPS = ['species', 'park', 'class', 'protection'] as const;
export type StockGroup = (typeof STOCK_GROUPS)[number];

/** Heads of one group: individuals in stock plus the population heads, split by sex. */
export const StockFigures = z.object({
  individuals: z.number(),
  populationHeads: z.number(),
  male: z.number(),
  female: z.number(),
  unknown: z.number(),
  total: z.number(),
});
export const StockGroupRow = StockFigures.extend({ key: z.string(), name: z.string() });

export const StockAtQuery = z.object({
  date: optDay('统计日期'),
  groupBy: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(STOCK_GROUPS, { error: '统计维度取值不正确' }).default('species')),
  ...ReportFilters,
});

export const PeriodQuery = z
  .object({ from: optDay('开始日期'), to: optDay('结束日期'), ...ReportFilters })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '开始日期不能晚于结束日期', path: ['from'] });

/**
 * One species over a period: stock at the day before `from` (opening) and at `to` (closing), and the heads each
 * kind of movement brought in or took out; `other` is what moves between parks and reversals changed, so that
 * opening + in − out + other = closing.
 */
export const SpeciesStockRow = z.object({
  speciesId: z.string(),
  speciesName: z.string(),
  latinName: z.string(),
  className: z.string(),
  protectionClass: z.number(),
  opening: z.number(),
  born: z.number(),
  imported: z.number(),
  census: z.number(),
  exported: z.number(),
  died: z.number(),
  cancelled: z.number(),
  other: z.number(),
  closing: z.number(),
  individuals: z.number(),
  populationHeads: z.number(),
  male: z.number(),
  female: z.number(),
  unknown: z.number(),
});
export type SpeciesStockRow = z.output<typeof SpeciesStockRow>;

export const SpeciesStockTotals = SpeciesStockRow.omit({ speciesId: true, speciesName: true, latinName: true, className: true, protectionClass: true });

export const ZooHomeInfo = z.object({
  /** Individuals in stock now. */
  animals: z.number(),
  /** Populations holding heads now, and their heads. */
  populations: z.number(),
  populationHeads: z.number(),
  /** Species held now (individuals or population heads). */
  species: z.number(),
  /** Ledger rows dated this calendar month. */
  movementsThisMonth: z.number(),
  /** Transfers awaiting the other side: proposed to this zoo (in) and proposed by it (out). */
  transfersIn: z.number(),
  transfersOut: z.number(),
  /** Environment alarms still open (a cage's reading outside its species' comfort range). */
  openAlarms: z.number(),
  stockByClass: z.array(z.object({ key: z.string(), name: z.string(), total: z.number() })),
  /** The last twelve months, oldest first: heads in (birth, import) and out (export, death, deregistration). */
  movementsByMonth: z.array(z.object({ month: z.string(), in: z.number(), out: z.number() })),
});

const REPORT = { perm: 'stock_report' } as const;

export const stockReportEndpoints = {
  stock: endpoint({
    method: 'GET',
    path: '/blade-zoo/basic/stock',
    summary: '某日存栏 (按物种/园区/纲/保护级别)',
    access: REPORT,
    query: StockAtQuery,
    data: z.object({ date: z.string(), groupBy: z.enum(STOCK_GROUPS), rows: z.array(StockGroupRow), total: StockFigures }),
  }),
  speciesStock: endpoint({
    method: 'GET',
    path: '/blade-zoo/basic/species_stock',
    summary: '期间存栏变动 (按物种: 期初、出生、引进、输出、死亡、注销、期末)',
    access: REPORT,
    query: PeriodQuery,
    data: z.object({ from: z.string(), to: z.string(), rows: z.array(SpeciesStockRow), total: SpeciesStockTotals }),
  }),
  export: endpoint({
    method: 'GET',
    path: '/blade-zoo/basic/stock-report',
    summary: '导出存栏报表(xlsx)',
    access: { perm: 'stock_report_export' },
    download: true,
    query: PeriodQuery,
    data: z.unknown(),
    raw: true,
  }),
  info: endpoint({
    method: 'GET',
    path: '/blade-zoo/basic/info',
    summary: '动物园首页数据',
    access: 'login',
    data: ZooHomeInfo,
  }),
};
