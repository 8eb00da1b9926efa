import type { DictCode } from '../dicts';

/**
 * The report designer's catalogue: the zoo data sets a report may be built from. A report names a data set and
 * picks from the columns declared here; the server holds each set's SQL and builds every query from these keys
 * only (never SQL text from the browser).
 */

/** How a column is filtered, aggregated and shown. `dict` columns hold dictionary keys (shown as their labels). */
export type ColumnType = 'text' | 'int' | 'number' | 'date' | 'dict';

export interface DatasetColumn {
  key: string;
  type: ColumnType;
  zh: string;
  en: string;
  dict?: DictCode;
  /** Dictionary keys are numbers (protection class) or text (movement type). */
  dictKeys?: 'int' | 'text';
  /** May be a grouping key (default: every column that is not a free measure). */
  group?: boolean;
}

/** A value the data set needs before it has rows (the stock date). */
export interface DatasetParam {
  key: string;
  type: 'date';
  zh: string;
  en: string;
  required: boolean;
}

export interface Dataset {
  key: string;
  zh: string;
  en: string;
  columns: readonly DatasetColumn[];
  params: readonly DatasetParam[];
}

const col = (key: string, type: ColumnType, zh: string, en: string, more: Partial<DatasetColumn> = {}): DatasetColumn => ({ key, type, zh, en, ...more });
const dict = (key: string, zh: string, en: string, code: DictCode, keys: 'int' | 'text' = 'int') => col(key, 'dict', zh, en, { dict: code, dictKeys: keys });
const measure = (key: string, zh: string, en: string) => col(key, 'int', zh, en, { group: false });

const speciesCols = [
  col('speciesName', 'text', '物种', 'Species'),
  col('latinName', 'text', '学名', 'Latin name'),
  dict('protectionClass', '保护级别', 'Protection class', 'protection_class'),
  dict('citesAppendix', 'CITES附录', 'CITES appendix', 'cites_appendix', 'text'),
  dict('iucnCategory', 'IUCN等级', 'IUCN category', 'iucn_category', 'text'),
] as const;

const stockMeasures = [
  measure('individuals', '个体数', 'Individuals'),
  measure('populationHeads', '种群头数', 'Population heads'),
  measure('heads', '存栏总数', 'Total stock'),
] as const;

export const DATASETS = [
  {
    key: 'stock_annual',
    zh: '年末存栏(按年)',
    en: 'Year-end stock by year',
    columns: [col('year', 'int', '年份', 'Year'), ...speciesCols, ...stockMeasures],
    params: [],
  },
  {
    key: 'stock_at',
    zh: '指定日期存栏',
    en: 'Stock at a date',
    columns: [...speciesCols, ...stockMeasures],
    params: [{ key: 'asOf', type: 'date', zh: '存栏日期', en: 'Stock date', required: true }],
  },
  {
    key: 'species_holdings',
    zh: '当前物种存栏',
    en: 'Current species holdings',
    columns: [
      ...speciesCols,
      dict('managementMode', '管理方式', 'Management mode', 'management_mode'),
      col('licenceNo', 'text', '许可证号', 'Licence no.'),
      ...stockMeasures,
    ],
    params: [],
  },
  {
    key: 'movements',
    zh: '存栏变动',
    en: 'Stock movements',
    columns: [
      col('eventDate', 'date', '变动日期', 'Date'),
      col('month', 'text', '月份', 'Month'),
      col('year', 'int', '年份', 'Year'),
      dict('movementType', '变动类型', 'Movement type', 'stock_movement_type', 'text'),
      ...speciesCols,
      col('cageName', 'text', '笼舍', 'Enclosure'),
      col('counterpart', 'text', '对方单位', 'Counterpart'),
      measure('heads', '头数', 'Heads'),
    ],
    params: [],
  },
  {
    key: 'keeper_logs',
    zh: '饲养日志',
    en: 'Keeper logs',
    columns: [
      col('logDate', 'date', '日志日期', 'Log date'),
      col('month', 'text', '月份', 'Month'),
      col('animalName', 'text', '动物', 'Animal'),
      col('speciesName', 'text', '物种', 'Species'),
      col('cageName', 'text', '笼舍', 'Enclosure'),
      col('keeperName', 'text', '饲养员', 'Keeper'),
      col('intake', 'int', '采食情况', 'Intake'),
      col('health', 'int', '健康状况', 'Health'),
      measure('logs', '日志数', 'Logs'),
    ],
    params: [],
  },
  {
    key: 'keeper_completeness',
    zh: '饲养日志完成率(按日按笼舍)',
    en: 'Keeper-log completeness by day and enclosure',
    columns: [
      col('logDate', 'date', '日期', 'Day'),
      col('month', 'text', '月份', 'Month'),
      col('cageName', 'text', '笼舍', 'Enclosure'),
      col('keeperName', 'text', '饲养员', 'Keepers'),
      measure('expected', '应记录', 'Expected'),
      measure('logged', '已记录', 'Logged'),
      measure('missing', '未记录', 'Missing'),
      col('rate', 'number', '完成率(%)', 'Completeness (%)', { group: false }),
    ],
    params: [
      { key: 'from', type: 'date', zh: '开始日期', en: 'From', required: true },
      { key: 'to', type: 'date', zh: '结束日期', en: 'To', required: true },
    ],
  },
  {
    key: 'users',
    zh: '用户',
    en: 'Users',
    columns: [
      col('account', 'text', '登录账号', 'Account'),
      col('realName', 'text', '姓名', 'Name'),
      col('deptName', 'text', '所属部门', 'Department'),
      dict('sex', '性别', 'Sex', 'sex'),
      col('createTime', 'date', '创建日期', 'Created'),
      measure('users', '人数', 'Users'),
    ],
    params: [],
  },
] as const satisfies readonly Dataset[];

export type DatasetKey = (typeof DATASETS)[number]['key'];
export const datasetOf = (key: string): Dataset | undefined => (DATASETS as readonly Dataset[]).find((d) => d.key === key);
export const columnOf = (ds: Dataset, key: string): DatasetColumn | undefined => ds.columns.find((c) => c.key === key);
export const groupable = (c: DatasetColumn) => c.group !== false;

/** Filter operators and the column types each applies to. */
export const FILTER_OPS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'in'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export const OPS_BY_TYPE: Record<ColumnType, readonly FilterOp[]> = {
  text: ['eq', 'ne', 'like', 'in'],
  int: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in'],
  number: ['eq', 'ne', 'gt', 'ge', 'lt', 'le'],
  date: ['eq', 'ge', 'le', 'gt', 'lt'],
  dict: ['eq', 'ne', 'in'],
};
export const OP_LABELS: Record<FilterOp, { zh: string; en: string }> = {
  eq: { zh: '等于', en: 'equals' },
  ne: { zh: '不等于', en: 'not equal' },
  gt: { zh: '大于', en: 'greater than' },
  ge: { zh: '大于等于', en: 'at least' },
  lt: { zh: '小于', en: 'less than' },
  le: { zh: '小于等于', en: 'at most' },
  like: { zh: '包含', en: 'contains' },
  in: { zh: '属于', en: 'one of' },
};

export const AGG_FNS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggFn = (typeof AGG_FNS)[number];
export const AGG_LABELS: Record<AggFn, { zh: string; en: string }> = {
  count: { zh: '计数', en: 'Count' },
  sum: { zh: '合计', en: 'Sum' },
  avg: { zh: '平均', en: 'Average' },
  min: { zh: '最小', en: 'Min' },
  max: { zh: '最大', en: 'Max' },
};
/** sum/avg need numbers; count/min/max take any column. */
export const aggAllowed = (fn: AggFn, c: DatasetColumn) => (fn === 'sum' || fn === 'avg' ? c.type === 'int' || c.type === 'number' : true);

export const CHART_TYPES = ['none', 'bar', 'line', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
