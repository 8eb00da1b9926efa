import type { FastifyBaseLogger } from 'fastify';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { bladeLogApi, bladeLogUsual } from './log.tables';
import { BatchWriter } from './log-buffer';

export type ApiLogRow = typeof bladeLogApi.$inferInsert;
export type UsualLogRow = typeof bladeLogUsual.$inferInsert;

/**
 * The buffered log tables. Rows are written by the owner connection with their tenant set explicitly: they are
 * recorded after the request transaction ended (or without one), never inside it.
 */
export class LogWriters {
  readonly api: BatchWriter<ApiLogRow>;
  readonly usual: BatchWriter<UsualLogRow>;

  constructor(db: Db, log: FastifyBaseLogger, config: Pick<Config, 'logFlushMs' | 'logBatchSize'>) {
    const o = { intervalMs: config.logFlushMs, batchSize: config.logBatchSize, maxPending: config.logBatchSize * 50 };
    this.api = new BatchWriter('blade_log_api', jsonRowsInsert(db, bladeLogApi), log, o);
    this.usual = new BatchWriter('blade_log_usual', jsonRowsInsert(db, bladeLogUsual), log, o);
  }

  async flush(): Promise<void> {
    await Promise.all([this.api.flush(), this.usual.flush()]);
  }

  async close(): Promise<void> {
    await Promise.all([this.api.close(), this.usual.close()]);
  }
}

/**
 * A batch of rows as ONE JSON value, unpacked by PostgreSQL (`json_populate_recordset`): a 200-row batch through
 * the query builder was 3,400 bound values to build and send, and logging every API call cost a third of a
 * detail's or a movement's throughput. Columns are those the rows carry (the others keep their defaults).
 */
function jsonRowsInsert<T extends PgTable>(db: Db, table: T): (rows: Array<T['$inferInsert']>) => Promise<unknown> {
  const columns = Object.entries(getTableColumns(table)).map(([key, col]) => ({ key, name: col.name }));
  const name = getTableName(table);
  return (rows) => {
    const used = columns.filter((c) => rows.some((r) => (r as Record<string, unknown>)[c.key] !== undefined));
    const list = used.map((c) => `"${c.name}"`).join(', ');
    const json = JSON.stringify(rows.map((r) => Object.fromEntries(used.map((c) => [c.name, (r as Record<string, unknown>)[c.key] ?? null]))));
    return db.execute(
      sql`insert into ${sql.identifier(name)} (${sql.raw(list)}) select ${sql.raw(list)} from json_populate_recordset(null::${sql.identifier(name)}, ${json}::json)`,
    );
  };
}
