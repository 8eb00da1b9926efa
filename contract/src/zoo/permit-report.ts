import { z } from 'zod';
import { endpoint } from '../endpoint';
import { dictInt, optText, reqId } from '../fields';
import { dayIn } from './basic-log';
import { CITES_APPENDICES, IUCN_CATEGORIES, PROTECTION_AUTHORITIES, PROTECTION_CLASSES } from './species';

/**
 * Compliance reports and lists of issue 32 (decision 0040): the annual inventory of state-protected animals for the
 * forestry (or fisheries) authority, the CITES annual report of the zoo's trade, the to-do list of protected
 * individuals without a 专用标识 or microchip, the quota use of the breeding licence, and the dated history of a
 * species' protection status. Everything lives under `/zoo-permit/`.
 */

export const YearQuery = z.object({
  year: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v === '' ? undefined : v),
    z.number({ error: '请输入年份(如 2025)' }).int('年份必须是整数').min(1990, '年份不能早于1990').max(2100, '年份不能晚于2100'),
  ),
});

/**
 * One species of the annual inventory: stock on 1 Jan (end of 31 Dec of the year before), the heads each kind of
 * movement brought in or took out during the year (net of reversals booked in the year), stock on 31 Dec.
 * `difference` = closing − (opening + in − out): 0 when the year reconciles with the ledger.
 */
/** A population of the species at the end of the year: heads without identifiers, and its members' identifiers. */
export const InventoryPopulation = z.object({
  populationId: z.string(),
  /** Its name, else its cage's code. */
  populationName: z.string(),
  /** Heads counted in the population (the ledger's): they have no identifiers. */
  heads: z.number(),
  /** Individuals held that were members of the population (种群成员): each counted as an individual, not a head. */
  memberCount: z.number(),
  members: z.string(),
});
export type InventoryPopulation = z.output<typeof InventoryPopulation>;

export const InventoryRow = z.object({
  speciesId: z.string(),
  speciesName: z.string(),
  latinName: z.string(),
  /** Protection class, authority and CITES appendix in force on 31 Dec of the year (status history). */
  protectionClass: z.number(),
  protectionAuthority: z.number(),
  citesAppendix: z.string(),
  licenceNo: z.string(),
  opening: z.number(),
  born: z.number(),
  imported: z.number(),
  transferredIn: z.number(),
  census: z.number(),
  exported: z.number(),
  transferredOut: z.number(),
  died: z.number(),
  cancelled: z.number(),
  closing: z.number(),
  difference: z.number(),
  male: z.number(),
  female: z.number(),
  unknown: z.number(),
  /** Numbers of the permits the year's movements of the species used. */
  permitNos: z.string(),
  /** Identifiers (local number with its 专用标识, else microchip) of the individuals held on 31 Dec, members of a population aside. */
  identifiers: z.string(),
  /** Individuals held on 31 Dec (those listed in `identifiers` and the populations' members). */
  individuals: z.number(),
  /** Heads held in populations on 31 Dec, listed per population. */
  populationHeads: z.number(),
  populations: z.array(InventoryPopulation),
  /** Closing stock the listing does not account for: closing − individuals − population heads; must be 0. */
  unlisted: z.number(),
});
export type InventoryRow = z.output<typeof InventoryRow>;

export const InventoryReport = z.object({ year: z.number(), from: z.string(), to: z.string(), rows: z.array(InventoryRow), reconciled: z.boolean() });

/** One trade record of the CITES annual report (Guidelines for the preparation and submission of CITES annual reports). */
export const CitesTradeRow = z.object({
  /** E export / re-export, I import. */
  direction: z.enum(['E', 'I']),
  date: z.string(),
  appendix: z.string(),
  latinName: z.string(),
  speciesName: z.string(),
  /** Description of specimens (term code of the guidelines): LIV for live animals. */
  term: z.string(),
  quantity: z.number(),
  unit: z.string(),
  /** Country (or institution) of import for exports, of export for imports. */
  partner: z.string(),
  origin: z.string(),
  permitNo: z.string(),
  purposeCode: z.string(),
  sourceCode: z.string(),
  remark: z.string(),
});
export type CitesTradeRow = z.output<typeof CitesTradeRow>;

/** A protected individual in stock without a current 专用标识 or microchip; `overdue` after the zoo's N days. */
export const MarkingTodoRow = z.object({
  animalId: z.string(),
  localNo: z.string(),
  animalName: z.string(),
  speciesName: z.string(),
  protectionClass: z.number(),
  /** Birth date, else the date it came in ("" when unknown). */
  since: z.string(),
  days: z.union([z.number(), z.literal('')]),
  overdue: z.boolean(),
  missing: z.string(),
});

/** A licence line's use: the species' stock now against the licence's approved quantity. */
export const QuotaRow = z.object({
  speciesId: z.string(),
  speciesName: z.string(),
  licenceNo: z.string(),
  approved: z.union([z.number(), z.literal('')]),
  held: z.number(),
  /** held / approved in % ("" without an approved quantity). */
  percent: z.union([z.number(), z.literal('')]),
});

export const SpeciesStatusRow = z.object({
  id: z.string(),
  speciesId: z.string(),
  /** First day in force ("" = as first recorded, date unknown). */
  validFrom: z.string(),
  protectionClass: z.number(),
  protectionAuthority: z.number(),
  citesAppendix: z.string(),
  iucnCategory: z.string(),
  remark: z.string(),
  createTime: z.string(),
});

export const SpeciesStatusIn = z.object({
  speciesId: reqId('物种'),
  validFrom: dayIn('生效日期'),
  protectionClass: dictInt('保护级别', PROTECTION_CLASSES),
  protectionAuthority: dictInt('主管部门', PROTECTION_AUTHORITIES).default(0),
  citesAppendix: z.enum(CITES_APPENDICES, { error: 'CITES附录取值应为 I、II、III 或 none' }),
  iucnCategory: z.enum(IUCN_CATEGORIES, { error: 'IUCN等级取值应为 EX、EW、CR、EN、VU、NT、LC、DD 或 NE' }),
  remark: optText('依据(如名录调整文件)', 255),
});

const REPORT = { perm: 'permit_report' } as const;

export const permitReportEndpoints = {
  inventory: endpoint({
    method: 'GET',
    path: '/zoo-permit/report/inventory',
    summary: '国家重点保护野生动物年度存栏报告',
    access: REPORT,
    query: YearQuery,
    data: InventoryReport,
  }),
  inventoryExport: endpoint({
    method: 'GET',
    path: '/zoo-permit/report/inventory/export',
    summary: '导出年度存栏报告(xlsx)',
    access: REPORT,
    download: true,
    query: YearQuery,
    data: z.unknown(),
    raw: true,
  }),
  cites: endpoint({
    method: 'GET',
    path: '/zoo-permit/report/cites',
    summary: 'CITES年度报告(本园进出口记录)',
    access: REPORT,
    query: YearQuery,
    data: z.object({ year: z.number(), rows: z.array(CitesTradeRow) }),
  }),
  citesExport: endpoint({
    method: 'GET',
    path: '/zoo-permit/report/cites/export',
    summary: '导出CITES年度报告(xlsx)',
    access: REPORT,
    download: true,
    query: YearQuery,
    data: z.unknown(),
    raw: true,
  }),
  markingTodo: endpoint({
    method: 'GET',
    path: '/zoo-permit/report/marking-todo',
    summary: '待办:缺少专用标识或芯片的国家重点保护个体',
    access: { perm: 'permit_view' },
    data: z.object({ days: z.number(), rows: z.array(MarkingTodoRow) }),
  }),
  quota: endpoint({
    method: 'GET',
    path: '/zoo-permit/report/quota',
    summary: '人工繁育许可证核准数量使用情况',
    access: { perm: 'permit_view' },
    data: z.array(QuotaRow),
  }),
  speciesStatus: endpoint({
    method: 'GET',
    path: '/zoo-permit/species-status/list',
    summary: '物种保护状态历史',
    access: 'login',
    query: z.object({ speciesId: reqId('物种') }),
    data: z.array(SpeciesStatusRow),
  }),
  speciesStatusSubmit: endpoint({
    method: 'POST',
    path: '/zoo-permit/species-status/submit',
    summary: '登记物种保护状态变更(按生效日期)',
    access: 'administrator',
    body: SpeciesStatusIn,
    data: z.unknown(),
  }),
};

/** The zoo parameter: days after birth or arrival within which a class I/II individual must carry its 专用标识 (default 30). */
export const markingDaysParamKey = (tenantId: string) => `zoo.permit.markingDays.${tenantId}`;
