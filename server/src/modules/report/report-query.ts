import { sql, type SQL } from 'drizzle-orm';
import {
  columnOf,
  datasetOf,
  outputColumns,
  type AggFn,
  type Dataset,
  type DatasetColumn,
  type FilterOp,
  type OutColumn,
  type ReportDesign,
} from '@zoo/contract';
import type { Tx } from '../../db/client';
import type { Cache } from '../../platform/cache';
import { systemDictItems, dictLabel } from '../../platform/dict/dict-cache';
import { BizError } from '../../platform/http/errors';
import { containing } from '../../platform/resource/like';
import { DATASET_SQL } from './dataset-sql';

/**
 * Runs a report design: `with src as (<the data set's own SQL>) select … from src where … group by … order by …`.
 * Every identifier comes from the catalogue (the design was validated against it, and is looked up again here),
 * every value is a bound parameter cast to its column's type; the statement runs in the caller's request
 * transaction, so row-level security limits it to the caller's zoo.
 */

export type Cell = string | number;
export interface ReportRows {
  columns: OutColumn[];
  records: Array<Record<string, Cell>>;
  total: number;
}

/** The most rows an export writes (a report is a summary; a larger result needs narrower filters). */
export const EXPORT_LIMIT = 10_000;

const ident = (k: string): SQL => sql`${sql.identifier(k)}`;
const SQL_OPS: Record<Exclude<FilterOp, 'like' | 'in'>, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };

function castOf(c: DatasetColumn): string {
  if (c.type === 'dict') return c.dictKeys === 'text' ? 'text' : 'int';
  return { text: 'text', int: 'int', number: 'float8', date: 'date' }[c.type];
}
const param = (c: DatasetColumn, v: string | number) => sql`${String(v).trim()}::${sql.raw(castOf(c))}`;

function condition(c: DatasetColumn, op: FilterOp, value: ReportDesign['filters'][number]['value']): SQL {
  const col = ident(c.key);
  if (op === 'like') return sql`${col} ilike ${containing(String(value).trim())}`;
  if (op === 'in')
    return sql`${col} in (${sql.join(
      (value as Array<string | number>).map((v) => param(c, v)),
      sql`, `,
    )})`;
  return sql`${col} ${sql.raw(SQL_OPS[op])} ${param(c, value as string | number)}`;
}

/** Dates leave the database as `yyyy-MM-dd` text; numbers as numbers. */
const shown = (expr: SQL, type: DatasetColumn['type']) => (type === 'date' ? sql`to_char(${expr}, 'YYYY-MM-DD')` : expr);

function aggregate(fn: AggFn, c: DatasetColumn): SQL {
  const col = ident(c.key);
  if (fn === 'count') return sql`count(${col})::int`;
  if (fn === 'sum') return sql`coalesce(sum(${col}), 0)::float8`;
  if (fn === 'avg') return sql`round(avg(${col})::numeric, 2)::float8`;
  return shown(sql`${sql.raw(fn)}(${col})`, c.type);
}

function datasetMust(key: string): Dataset {
  const ds = datasetOf(key);
  if (!ds) throw new BizError(`未知的数据集: ${key}`);
  return ds;
}
const columnMust = (ds: Dataset, key: string) => {
  const c = columnOf(ds, key);
  if (!c) throw new BizError(`数据集「${ds.zh}」没有列: ${key}`);
  return c;
};

/** The statement of a design, without paging. */
function statement(d: ReportDesign): { ds: Dataset; select: SQL; columns: OutColumn[] } {
  const ds = datasetMust(d.dataset);
  const columns = outputColumns(ds, d);
  const where = d.filters.map((f) => condition(columnMust(ds, f.column), f.op as FilterOp, f.value));
  const grouped = d.groupBy.length > 0;
  const fields = grouped
    ? [
        ...d.groupBy.map((k) => sql`${shown(ident(k), columnMust(ds, k).type)} as ${ident(k)}`),
        ...d.aggregates.map((a) => sql`${aggregate(a.fn as AggFn, columnMust(ds, a.column))} as ${ident(`${a.fn}_${a.column}`)}`),
      ]
    : d.columns.map((k) => sql`${shown(ident(k), columnMust(ds, k).type)} as ${ident(k)}`);
  const order = (d.sort.length ? d.sort : [{ column: columns[0]!.key, dir: 'asc' as const }]).map(
    (s) => sql`${ident(s.column)} ${sql.raw(s.dir === 'desc' ? 'desc' : 'asc')} nulls last`,
  );
  const select = sql`with src as (${DATASET_SQL[ds.key as keyof typeof DATASET_SQL](d.params)})
    select ${sql.join(fields, sql`, `)} from src
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    ${
      grouped
        ? sql`group by ${sql.join(
            d.groupBy.map((k) => ident(k)),
            sql`, `,
          )}`
        : sql``
    }
    order by ${sql.join(order, sql`, `)}`;
  return { ds, select, columns };
}

type Raw = Record<string, unknown>;
const rowsOf = async (db: Tx, q: SQL) => ((await db.execute(q)) as unknown as { rows: Raw[] }).rows;

/** Dictionary keys → their labels (system dictionaries), nulls → "". */
async function present(db: Tx, cache: Cache, columns: OutColumn[], rows: Raw[]): Promise<Array<Record<string, Cell>>> {
  const labels = new Map<string, Map<string, string>>();
  for (const c of columns)
    if (c.dict && !labels.has(c.dict)) labels.set(c.dict, new Map((await systemDictItems(cache, db, c.dict)).map((i) => [i.dictKey, dictLabel(i)])));
  return rows.map((r) =>
    Object.fromEntries(
      columns.map((c) => {
        const v = r[c.key];
        if (v === null || v === undefined) return [c.key, ''];
        if (c.dict) return [c.key, labels.get(c.dict)!.get(String(v)) ?? String(v)];
        return [c.key, typeof v === 'number' ? v : String(v)];
      }),
    ),
  );
}

/** One page of a design's result and the row count. */
export async function runReport(db: Tx, cache: Cache, d: ReportDesign, page: { current: number; size: number } | 'all'): Promise<ReportRows> {
  const { select, columns } = statement(d);
  const [{ total }] = (await rowsOf(db, sql`select count(*)::int as total from (${select}) t`)) as Array<{ total: number }>;
  const limit = page === 'all' ? EXPORT_LIMIT : page.size;
  const offset = page === 'all' ? 0 : (page.current - 1) * page.size;
  const raw = await rowsOf(db, sql`${select} limit ${limit} offset ${offset}`);
  return { columns, records: await present(db, cache, columns, raw), total: total! };
}
