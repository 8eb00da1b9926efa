import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, asc, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BizError } from '../../platform/http/errors';
import { asTenant, inTenant } from '../../platform/tenancy/tenant-tx';
import { flowTimer } from './flow.tables';
import { fireTimer, type TimerRow } from './timer-fire';

/**
 * The timer scheduler every server instance runs (decision 0026). Each poll takes due timers one at a time,
 * each in its own transaction: `SELECT … FOR UPDATE SKIP LOCKED` on flow_timer (so of several instances polling
 * one database exactly one takes a given timer), then, as the timer's tenant, the instance is locked, recovered
 * from its saved state and the timer fired through the same step path as a completed task. A timer whose step
 * fails is pushed back (1, 2, 4 … 60 minutes) with the error kept, so one broken instance cannot spin a poller.
 */

const BATCH = 100;
/** Who the audit rows of a timer's step name. */
const TIMER_USER = '流程定时器';

class TimerScheduler {
  private handle: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Polls finished since the start: a test waits for polls, not for a guessed while (flow-timer-start.test.ts). */
  completed = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.handle = setTimeout(() => {
      this.running = this.poll()
        .then(() => undefined)
        .catch((e: unknown) => this.log.error({ err: e }, 'flow timer poll failed'))
        .finally(() => {
          this.completed++;
          this.running = null;
          this.schedule();
        });
    }, this.intervalMs);
    this.handle.unref();
  }

  /** Fires what is due now; timers whose instance a request holds wait for the next poll. */
  async poll(): Promise<number> {
    const busy: string[] = [];
    let fired = 0;
    for (let i = 0; i < BATCH && !this.stopped; i++) {
      const r = await this.fireNext(busy);
      if (r === 'none') break;
      if (r === 'fired') fired++;
    }
    return fired;
  }

  private fireNext(busy: string[]): Promise<'none' | 'fired' | 'busy' | 'failed'> {
    // As the owner: the due timers of every tenant; the step itself runs as the timer's tenant.
    return inTenant(this.db, { tenantId: '', allTenants: true, userName: TIMER_USER }, async (tx) => {
      const [timer] = (await tx
        .select()
        .from(flowTimer)
        .where(and(lte(flowTimer.dueAt, sql`now()`), busy.length ? notInArray(flowTimer.id, busy) : undefined))
        .orderBy(asc(flowTimer.dueAt))
        .limit(1)
        .for('update', { skipLocked: true })) as TimerRow[];
      if (!timer) return 'none';
      try {
        // A savepoint: a failed step rolls back alone (and with it the tenant switch), the back-off is still written.
        const done = await tx.transaction((sp) => asTenant(sp, timer.tenantId, () => fireTimer(sp, timer)));
        if (done) return 'fired';
        busy.push(timer.id);
        return 'busy';
      } catch (e) {
        const msg = e instanceof BizError ? e.message : String((e as Error)?.message ?? e);
        if (!(e instanceof BizError)) this.log.error({ err: e, timer: timer.id, instance: timer.instanceId }, 'flow timer failed');
        const minutes = Math.min(60, 2 ** timer.attempts);
        await tx
          .update(flowTimer)
          .set({ attempts: timer.attempts + 1, lastError: msg.slice(0, 1000), dueAt: sql`now() + ${`${minutes} minutes`}::interval` })
          .where(sql`${flowTimer.id} = ${timer.id}`);
        return 'failed';
      }
    });
  }
}

const schedulers = new WeakMap<FastifyInstance, TimerScheduler>();

/** How many polls the app's scheduler has finished. */
export const completedTimerPolls = (app: FastifyInstance): number => schedulers.get(app)?.completed ?? 0;

/** Starts the scheduler when the app is ready and stops it (waiting for a running poll) when the app closes. */
export function flowTimerScheduler(app: FastifyInstance): void {
  const scheduler = new TimerScheduler(app.zoo.database.db, app.log, app.zoo.config.flowTimerPollMs);
  schedulers.set(app, scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
}
