import type { FastifyInstance } from 'fastify';

const HOUR = 3600_000;

/**
 * Runs `job` every hour on this instance, the first time `firstRunMs` after the app is ready; a run still going
 * when the app closes is awaited. Jobs keep their once-per-day or once-per-threshold rule in the database (an
 * advisory lock, a unique key), so every instance may run them: nothing here is shared between instances.
 */
export function everyHour(app: FastifyInstance, what: string, firstRunMs: number, job: () => Promise<unknown>): void {
  let handle: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const run = () => {
    running = job()
      .catch((e: unknown) => app.log.error({ err: e }, `${what} failed`))
      .finally(() => {
        running = null;
        if (handle) schedule(HOUR);
      });
  };
  const schedule = (ms: number) => {
    handle = setTimeout(run, ms);
    handle.unref();
  };
  app.addHook('onReady', async () => schedule(firstRunMs));
  app.addHook('onClose', async () => {
    if (handle) clearTimeout(handle);
    handle = null;
    await running;
  });
}
