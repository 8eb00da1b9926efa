import type { FastifyBaseLogger } from 'fastify';

export interface BufferOptions {
  /** Flush at least this often. */
  intervalMs: number;
  /** Rows per INSERT; a full batch is flushed at once. */
  batchSize: number;
  /** Rows held while the database is slow or down; beyond this new rows are dropped (and counted). */
  maxPending: number;
}

/**
 * An in-process buffer that writes rows in multi-row INSERTs, off the request path. A failed write drops its
 * batch with a warning instead of retrying: logging must never slow or break requests. What is still buffered
 * when the process crashes is lost (at most one interval's or `maxPending` rows); `close()` flushes on a clean
 * shutdown.
 */
export class BatchWriter<Row> {
  private rows: Row[] = [];
  private chain: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  /** Rows lost to write failures or a full buffer since start. */
  dropped = 0;

  constructor(
    private readonly name: string,
    private readonly write: (rows: Row[]) => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    private readonly o: BufferOptions,
  ) {
    this.timer = setInterval(() => void this.flush(), o.intervalMs);
    this.timer.unref();
  }

  get pending(): number {
    return this.rows.length;
  }

  push(row: Row): void {
    if (this.closed || this.rows.length >= this.o.maxPending) {
      this.dropped++;
      return;
    }
    this.rows.push(row);
    if (this.rows.length === this.o.batchSize) void this.flush();
  }

  /** Writes everything buffered so far; resolves when it is in the database (or dropped). Never rejects. */
  flush(): Promise<void> {
    this.chain = this.chain.then(async () => {
      while (this.rows.length > 0) {
        const batch = this.rows.splice(0, this.o.batchSize);
        try {
          await this.write(batch);
        } catch (e) {
          this.dropped += batch.length;
          this.log.warn({ err: e, rows: batch.length, dropped: this.dropped }, `${this.name}: log batch dropped`);
        }
      }
    });
    return this.chain;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    this.closed = true;
  }
}
