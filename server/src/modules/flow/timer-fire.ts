import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { eventSubInput, isEventSubExecution } from './event-subprocesses';
import type { Vars } from './expression';
import { flowDefinition, flowInstance, flowTimer } from './flow.tables';
import { definitionById, startInstance, stateOf } from './runtime';
import { advance } from './service-calls';
import { nextFiring } from './timer-start';

/* What a due timer does when the scheduler (timer-scheduler.ts) fires it: resume its instance, or start one. */

export type TimerRow = typeof flowTimer.$inferSelect;

/**
 * Fires a due timer (the scheduler's step, in the timer's tenant): the instance is locked without waiting — when a
 * request is stepping it, false is returned and the timer stays due for the next poll (that step may well fire it
 * itself, its time having passed). Otherwise the engine resumes from the saved state, the timer's callback runs,
 * and state, tasks, history and timers are saved as after any step.
 */
export async function fireTimer(db: Tx, timer: TimerRow): Promise<boolean> {
  if (!timer.instanceId) return fireStartTimer(db, timer);
  const [inst] = await db.select().from(flowInstance).where(eq(flowInstance.id, timer.instanceId)).for('update', { skipLocked: true });
  if (!inst) {
    const [exists] = await db.select({ id: flowInstance.id }).from(flowInstance).where(eq(flowInstance.id, timer.instanceId));
    if (exists) return false;
    await db.delete(flowTimer).where(eq(flowTimer.id, timer.id));
    return true;
  }
  if (inst.state !== 'running') {
    await db.delete(flowTimer).where(eq(flowTimer.instanceId, inst.id));
    return true;
  }
  const def = await definitionById(db, inst.definitionId);
  const vars = inst.variables as Vars;
  const input = isEventSubExecution(timer.executionId)
    ? eventSubInput(def, timer.activityId)
    : { fire: { activityId: timer.activityId, executionId: timer.executionId } };
  await advance(db, inst, def, vars, await stateOf(db, inst.id), input);
  return true;
}

/** Who timer-started instances name as their starter. */
export const TIMER_STARTER = '流程定时器';

/**
 * A timer start event falls due (decision 0050): an instance of its definition starts, and the row moves to the
 * cycle's next firing or goes, in the same transaction — the scheduler holds the row locked (SKIP LOCKED), so of
 * several servers exactly one starts the instance. A suspended definition's timer stays due and fires once it is
 * activated again (Camunda suspends the job with its definition); a definition gone or no longer runnable drops it.
 */
async function fireStartTimer(db: Tx, timer: TimerRow): Promise<boolean> {
  const [def] = await db
    .select()
    .from(flowDefinition)
    .where(eq(flowDefinition.definitionId, timer.definitionId ?? ''));
  if (!def || def.notExecutable) {
    await db.delete(flowTimer).where(eq(flowTimer.id, timer.id));
    return true;
  }
  if (def.suspensionState !== 1) return false;
  await startInstance(db, def, { userId: null, name: TIMER_STARTER }, '', {});
  const next = nextFiring(timer, timer.dueAt);
  if (!next) await db.delete(flowTimer).where(eq(flowTimer.id, timer.id));
  else
    await db
      .update(flowTimer)
      .set({ ...next, attempts: 0, lastError: '' })
      .where(eq(flowTimer.id, timer.id));
  return true;
}
