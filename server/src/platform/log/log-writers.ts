import type { FastifyBaseLogger } from 'fastify';
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
    this.api = new BatchWriter('blade_log_api', (rows) => db.insert(bladeLogApi).values(rows), log, o);
    this.usual = new BatchWriter('blade_log_usual', (rows) => db.insert(bladeLogUsual).values(rows), log, o);
  }

  async flush(): Promise<void> {
    await Promise.all([this.api.flush(), this.usual.flush()]);
  }

  async close(): Promise<void> {
    await Promise.all([this.api.close(), this.usual.close()]);
  }
}
