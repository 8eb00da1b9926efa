import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that outlives its request (spreadsheet import jobs). Its progress is kept in the database, so this
 * only tracks the promises: closing the app waits for them instead of cutting them off mid-batch.
 */
export class BackgroundJobs {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, work: () => Promise<void>): void {
    const p: Promise<void> = work()
      .catch((e: unknown) => this.log.error({ err: e, job: name }, 'background job failed'))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  async drain(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
