import { sql } from 'drizzle-orm';
import type { PartitionStream } from '@zoo/contract';
import { rowsOf, type DbLike } from '../../db/client';

/** A time-partitioned table (decision 0056): partitioned by month of `key`, kept `months` months (0 = forever). */
export interface Stream {
  /** One of the contract's PARTITION_STREAMS (the archive screen names and filters by it). */
  table: PartitionStream;
  key: string;
  /** The platform parameter holding the retention in months. */
  param: string;
  name: string;
  months: number;
}

/**
 * The streams and their default retention. Machine data and request logs age out; the audit trail and the keepers'
 * daily logs are records and stay unless an operator sets a retention.
 */
export const STREAMS: readonly Stream[] = [
  { table: 'zoo_humiture', key: 'read_time', param: 'zoo.retention.humiture', name: '温湿度读数保留月数(0为永久)', months: 24 },
  { table: 'blade_log_api', key: 'create_time', param: 'zoo.retention.apiLog', name: '接口日志保留月数(0为永久)', months: 6 },
  { table: 'blade_log_usual', key: 'create_time', param: 'zoo.retention.usualLog', name: '通用日志保留月数(0为永久)', months: 6 },
  { table: 'blade_log_error', key: 'create_time', param: 'zoo.retention.errorLog', name: '错误日志保留月数(0为永久)', months: 12 },
  { table: 'sys_audit', key: 'create_time', param: 'zoo.retention.audit', name: '审计记录保留月数(0为永久)', months: 0 },
  { table: 'zoo_basic_log', key: 'log_date', param: 'zoo.retention.keeperLog', name: '饲养日志保留月数(0为永久)', months: 0 },
];

/** Seeded platform parameters (seed/platform.ts). */
export const RETENTION_PARAMS: Array<[key: string, name: string, value: string]> = STREAMS.map((s) => [s.param, s.name, String(s.months)]);

/** `yyyy-MM-01` of the month `n` months after the month of `month` (`yyyy-MM-dd`). */
export function addMonths(month: string, n: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + n;
  const d = new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 10);
}

/** `zoo_humiture_p202611` for November 2026. */
export const partitionName = (table: string, month: string) => `${table}_p${month.slice(0, 4)}${month.slice(5, 7)}`;
export const defaultPartition = (table: string) => `${table}_default`;

/** The month partitions of a table: name and first day, oldest first (the default partition left out). */
export async function monthPartitions(db: DbLike, table: string): Promise<Array<{ name: string; month: string }>> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = to_regclass(${table}) order by c.relname`,
  );
  const re = new RegExp(`^${table}_p(\\d{4})(\\d{2})$`);
  return rows.flatMap(({ name }) => {
    const m = re.exec(name);
    return m ? [{ name, month: `${m[1]}-${m[2]}-01` }] : [];
  });
}
