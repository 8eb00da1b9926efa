import { z } from 'zod';
import { INT32_MAX, INT32_MIN, isDateTimeText, isIdText } from './wire';

export { INT32_MAX, INT32_MIN, isDateTimeText, isIdText } from './wire';

/** Ids are bigint snowflakes in the database and strings on the wire; requests may send numbers. */
export const Id = z.union([z.string(), z.number()]).transform(String).pipe(z.string().refine(isIdText, 'ID格式不正确'));
/** An id on the way out: always a string. */
export const IdOut = z.string();

/** `yyyy-MM-dd HH:mm:ss` on the wire; "" when missing (Blade renders null dates as ""). */
export const DateTimeOut = z.string();
export const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const DateTimeIn = z.string().refine((s) => isDateTimeText(s, false), '日期格式应为 yyyy-MM-dd HH:mm:ss');
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A date filter value (`createTime_dategt` …): a day or a full date-time. */
export const DateFilterIn = z
  .string()
  .refine((s) => isDateTimeText(s), '日期格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss')
  .optional()
  .or(z.literal(''));

/** Comma-joined id list used by remove/grant calls: "1,2,3". */
export const IdList = z
  .string({ error: '缺少必要的请求参数: ids' })
  .min(1, '缺少必要的请求参数: ids')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().refine(isIdText, 'ID格式不正确')).min(1, '缺少必要的请求参数: ids'));

export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

const intParam = (def: number, max: number) => z.coerce.number({ error: '请求参数类型错误' }).int('请求参数类型错误').min(1).max(max).default(def);

export const PageQuery = z.object({
  current: intParam(1, 1_000_000),
  size: intParam(DEFAULT_PAGE_SIZE, 1000),
  ascs: z.string().optional(),
  descs: z.string().optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** The R<T> envelope of every non-raw response. */
export const R = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), success: z.boolean(), data, msg: z.string() });

/** MyBatis-Plus IPage, as Saber reads it (records + total; the rest for fidelity). */
export const Page = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number(),
    size: z.number(),
    current: z.number(),
    pages: z.number(),
    orders: z.array(z.unknown()),
    optimizeCountSql: z.boolean(),
    searchCount: z.boolean(),
    hitCount: z.boolean(),
    countId: z.string(),
    maxLimit: z.number(),
  });
export type PageOf<T> = {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  orders: unknown[];
  optimizeCountSql: boolean;
  searchCount: boolean;
  hitCount: boolean;
  countId: string;
  maxLimit: number;
};

/** Boolean-result endpoints carry an empty object as data. */
export const Empty = z.object({}).loose();

/** The TreeNode of dept/role/menu trees and its variants: `id, parentId, title, key, value` plus extra fields. */
export type TreeNodeOf<E extends object = object> = {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeNodeOf<E>[];
} & E;

/** The zod schema of a tree node with `extra` fields (e.g. a zoo tree's level). */
export const treeNodeOf = <E extends z.ZodRawShape>(extra: E): z.ZodType<TreeNodeOf<z.output<z.ZodObject<E>>>> => {
  const node: z.ZodType = z.lazy(() =>
    z.object({
      id: z.string(),
      parentId: z.string(),
      title: z.string(),
      key: z.string(),
      value: z.string(),
      ...extra,
      hasChildren: z.boolean().optional(),
      children: z.array(node).optional(),
    }),
  );
  return node as never;
};

export type TreeNode = TreeNodeOf;
export const TreeNode: z.ZodType<TreeNode> = treeNodeOf({}) as never;

/** Base columns every framework entity exposes. */
export const BaseRecord = {
  id: IdOut,
  createUser: z.string(),
  createDept: z.string(),
  createTime: DateTimeOut,
  updateUser: z.string(),
  updateTime: DateTimeOut,
  status: z.number(),
  isDeleted: z.number(),
};
export const TenantRecord = { ...BaseRecord, tenantId: z.string() };

/** Suffixes of generic `Map` list filters (blade-tool SqlKeyword). A bare key means LIKE. */
export const FILTER_SUFFIXES = [
  '_equal',
  '_notequal',
  '_like',
  '_likeleft',
  '_likeright',
  '_notlike',
  '_ge',
  '_le',
  '_gt',
  '_lt',
  '_datege',
  '_dategt',
  '_dateequal',
  '_datelt',
  '_datele',
  '_null',
  '_notnull',
  '_ignore',
] as const;
export type FilterSuffix = (typeof FILTER_SUFFIXES)[number];

/** Root marker of every tree (`parent_id = 0`) and the name Blade's wrappers show for it. */
export const TOP_PARENT_ID = '0';
export const TOP_PARENT_NAME = '顶级';

/** A parent id in a form: missing, "" or null mean a root (Avue tree selects send "" when cleared). */
export const ParentIdIn = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? TOP_PARENT_ID : String(v)))
  .pipe(z.string().refine(isIdText, 'ID格式不正确'));

/** An integer form field; "" counts as missing so the field's own message is shown. */
export const IntIn = (msg: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: msg }).int(msg).min(INT32_MIN, msg).max(INT32_MAX, msg),
  );

/** An array of ids in a JSON body (grant calls); a comma-joined string is accepted too. */
export const IdArray = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()])
  .optional()
  .transform((v) => (v === undefined ? [] : typeof v === 'string' ? v.split(',') : v).map((x) => String(x).trim()).filter(Boolean))
  .pipe(z.array(z.string().refine(isIdText, 'ID格式不正确')));

/** A record of a tree list: the row plus `children` (only when non-empty) and optional `hasChildren`. */
export type TreeRec<T> = T & { children?: TreeRec<T>[]; hasChildren?: boolean };
export const treeOf = <T extends z.ZodObject>(record: T): z.ZodType<TreeRec<z.output<T>>> => {
  const node: z.ZodType<TreeRec<z.output<T>>> = z.lazy(() =>
    record.extend({ children: z.array(node).optional(), hasChildren: z.boolean().optional() }),
  ) as never;
  return node;
};

/** A numeric (id, integer) list filter: validated so a bad value is a 400, not a database error. */
export const NumFilter = z
  .string()
  .refine((s) => s === '' || isIdText(s), '请求参数类型错误')
  .optional();

/**
 * Today's date in China, `yyyy-MM-dd`: the product's dates are GMT+8 wall-clock dates (no daylight saving), so
 * "not later than today" means the same on the server, in the rules here and in a browser set to another zone.
 */
export const chinaToday = (): string => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
