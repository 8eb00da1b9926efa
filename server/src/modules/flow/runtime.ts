import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { FLOW_MSG, isIdText } from '@zoo/contract';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/http/errors';
import type { Session } from '../../platform/auth/session';
import type { LiveTimer, StepInput, StepResult } from './engine';
import { errorEnding } from './engine-throws';
import { armedEventSubs } from './event-subprocesses';
import { calledEnded, calledGone, dropCalled } from './call-activities';
import { dropSubscriptions, saveSubscriptions } from './events';
import { advance, resolveIncidents } from './service-calls';
import { resolve, type Vars } from './expression';
import { flowDefinition, flowEngineState, flowHistory, flowInstance, flowTask, flowTimer, type TaskSpec } from './flow.tables';

/**
 * The process runtime on the request transaction: start an instance, claim, complete and delete tasks (tasks.ts),
 * delete instances. Every step locks the instance row, runs the engine from the saved state, then saves the new
 * state, tasks and history before the transaction commits — two servers never advance one instance at once.
 */

export type DefinitionRow = typeof flowDefinition.$inferSelect;
export type InstanceRow = typeof flowInstance.$inferSelect;
export type TaskRow = typeof flowTask.$inferSelect;

/** How an instance ended, for the business that started it. */
export interface ProcessOutcome {
  instance: InstanceRow;
  /** true when the last decision passed (variable `pass`) and the instance was not deleted */
  approved: boolean;
  /** the last task comment, or the delete reason */
  comment: string;
  deleted: boolean;
}
export type EndHandler = (db: Tx, businessId: string, outcome: ProcessOutcome) => Promise<void>;

/** Business tables that react when their instance ends (`blade_process_leave`, `zoo_stock_approval`…). */
const endHandlers = new Map<string, EndHandler>();
export function onProcessEnd(table: string, fn: EndHandler): void {
  endHandlers.set(table, fn);
}

const USER_PREFIX = 'taskUser_';
/** `taskUser_12` or `12` → `12`; anything else is not a user id. */
export const userIdOf = (v: unknown): string | null => {
  const s = String(v ?? '').trim();
  const id = s.startsWith(USER_PREFIX) ? s.slice(USER_PREFIX.length) : s;
  return isIdText(id) ? id : null;
};

/** What the engine runs: the file, or its copy where only this process is executable (bpmn-read.ts). */
export const engineSource = (def: DefinitionRow): string => def.engineXml || def.xml;

export async function definitionById(db: Tx, definitionId: string): Promise<DefinitionRow> {
  const [def] = await db.select().from(flowDefinition).where(eq(flowDefinition.definitionId, definitionId));
  if (!def) throw new BizError(FLOW_MSG.definitionMissing);
  return def;
}

export async function lockInstance(db: Tx, id: string): Promise<InstanceRow> {
  if (!isIdText(id)) throw new BizError(FLOW_MSG.instanceMissing);
  const [inst] = await db.select().from(flowInstance).where(eq(flowInstance.id, id)).for('update');
  if (!inst) throw new BizError(FLOW_MSG.instanceMissing);
  return inst;
}

export const now = sql`localtimestamp(0)`;
/** The outcome's comment when a timer ended the instance. */
export const TIMED_OUT = '超时未办理';

async function nextSeq(db: Tx, instanceId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`coalesce(max(${flowHistory.seq}), 0)::int` })
    .from(flowHistory)
    .where(eq(flowHistory.instanceId, instanceId));
  return Number(r?.n ?? 0);
}

function resolveList(items: string[], vars: Vars): string[] {
  return items.flatMap((x) => {
    const v = resolve(x, vars);
    return (Array.isArray(v) ? v : String(v ?? '').split(',')).map((s) => String(s).trim()).filter(Boolean);
  });
}

/** Saves what one engine step produced: state, history, new and vanished user tasks, the end of the instance. */
export async function persist(db: Tx, inst: InstanceRow, def: DefinitionRow, step: StepResult, vars: Vars): Promise<void> {
  await db
    .insert(flowEngineState)
    .values({ instanceId: inst.id, tenantId: inst.tenantId, state: step.state as object, step: 1 })
    .onConflictDoUpdate({ target: flowEngineState.instanceId, set: { state: step.state as object, step: sql`${flowEngineState.step} + 1`, updateTime: now } });

  let seq = await nextSeq(db, inst.id);
  const closeOpen = (e: { id: string; executionId: string }) =>
    db
      .update(flowHistory)
      .set({ endTime: now })
      .where(
        and(eq(flowHistory.instanceId, inst.id), eq(flowHistory.activityId, e.id), eq(flowHistory.executionId, e.executionId), isNull(flowHistory.endTime)),
      );
  for (const e of step.events) {
    // A boundary event enters the history when it fires (as Flowable records it), not while it waits on its task.
    const boundary = e.type === 'bpmn:BoundaryEvent';
    if (boundary && e.kind === 'start') continue;
    if (e.kind === 'leave') {
      await closeOpen(e);
      continue;
    }
    if (e.kind === 'end' && !boundary) {
      await db
        .update(flowHistory)
        .set({ endTime: now })
        .where(
          and(eq(flowHistory.instanceId, inst.id), eq(flowHistory.activityId, e.id), eq(flowHistory.executionId, e.executionId), isNull(flowHistory.endTime)),
        );
      continue;
    }
    const type = e.type.replace('bpmn:', '');
    const activityType = type.charAt(0).toLowerCase() + type.slice(1);
    await db.insert(flowHistory).values({
      instanceId: inst.id,
      activityId: e.id,
      activityName: e.name,
      activityType,
      executionId: e.executionId,
      seq: ++seq,
      // The start event is the initiator's; flows and fired boundary events are instantaneous.
      assignee: activityType === 'startEvent' ? inst.startUserId : null,
      endTime: e.kind === 'take' || e.kind === 'end' ? now : null,
    });
  }

  const open = await db
    .select()
    .from(flowTask)
    .where(and(eq(flowTask.instanceId, inst.id), isNull(flowTask.endTime)));
  const waitingUser = step.waiting.filter((w) => w.type === 'bpmn:UserTask' || w.type === 'bpmn:ManualTask');
  for (const w of waitingUser) {
    if (open.some((t) => t.taskDefKey === w.id && t.executionId === w.executionId)) continue;
    const spec: TaskSpec = def.tasks[w.id] ?? { name: w.id, assignee: '', candidateUsers: [], candidateGroups: [] };
    const assignee = spec.assignee ? userIdOf(resolve(spec.assignee, vars)) : null;
    const [task] = await db
      .insert(flowTask)
      .values({
        instanceId: inst.id,
        taskDefKey: w.id,
        executionId: w.executionId,
        name: spec.name,
        assignee,
        claimTime: assignee ? now : null,
        candidateUsers: resolveList(spec.candidateUsers, vars).map((u) => userIdOf(u) ?? u),
        candidateGroups: resolveList(spec.candidateGroups, vars),
      })
      .returning({ id: flowTask.id });
    await db
      .update(flowHistory)
      .set({ taskId: task!.id, assignee })
      .where(
        and(eq(flowHistory.instanceId, inst.id), eq(flowHistory.activityId, w.id), eq(flowHistory.executionId, w.executionId), isNull(flowHistory.taskId)),
      );
  }
  // Tasks the step ended without a decision (an interrupting timer, a terminate end, another branch) are closed.
  const failed = step.completed ? step.errors[0] : undefined;
  const closedBecause = step.fired.length ? '办理超时,已按流程转出' : failed ? errorEnding(failed) : '流程已结束';
  for (const t of open) {
    if (!step.waiting.some((w) => w.id === t.taskDefKey && w.executionId === t.executionId))
      await db
        .update(flowTask)
        .set({ endTime: now, deleteReason: closedBecause })
        .where(and(eq(flowTask.id, t.id), isNull(flowTask.endTime)));
  }
  const armed = await armedEventSubs(db, inst, def, step);
  await saveTimers(db, inst.id, [...step.timers, ...armed.timers]);
  await saveSubscriptions(db, inst, def, step, armed.subs);

  const set: Partial<typeof flowInstance.$inferInsert> = { variables: vars };
  // An error nothing caught ends the instance as a none end event would (Camunda 7); the error is its recorded ending.
  if (step.completed) Object.assign(set, { state: 'finished', endTime: sql`localtimestamp(0)`, ...(failed ? { deleteReason: errorEnding(failed) } : {}) });
  await db
    .update(flowInstance)
    .set(set as never)
    .where(eq(flowInstance.id, inst.id));
  // An instance a timer ended was decided by nobody: not approved, whatever an earlier step's `pass` said.
  const timedOut = step.fired.length > 0;
  if (step.completed) {
    const comment = timedOut ? TIMED_OUT : failed ? errorEnding(failed) : String(vars.lastComment ?? '');
    await ended(db, { ...inst, variables: vars }, !timedOut && !failed && vars.pass === true, comment, false);
  }
}

/** The instance's due timers become exactly the engine's live ones (decision 0026): fired or cut-off ones go. */
async function saveTimers(db: Tx, instanceId: string, timers: LiveTimer[]): Promise<void> {
  const keep = timers.map((x) => x.executionId);
  await db.delete(flowTimer).where(and(eq(flowTimer.instanceId, instanceId), keep.length ? notInArray(flowTimer.executionId, keep) : undefined));
  for (const x of timers)
    await db
      .insert(flowTimer)
      .values({
        instanceId,
        activityId: x.activityId,
        executionId: x.executionId,
        timerType: x.timerType,
        timerValue: x.timerValue.slice(0, 255),
        dueAt: x.dueAt,
      })
      .onConflictDoNothing({ target: [flowTimer.instanceId, flowTimer.executionId] });
}

async function ended(db: Tx, inst: InstanceRow, approved: boolean, comment: string, deleted: boolean): Promise<void> {
  // A called instance answers its caller, not the business: it may carry the caller's business key.
  if (inst.parentInstanceId) {
    if (!deleted) await calledEnded(db, inst);
    return;
  }
  const [table, businessId] = inst.businessKey.split(':');
  const fn = table ? endHandlers.get(table) : undefined;
  if (fn && businessId) await fn(db, businessId, { instance: inst, approved: approved && !deleted, comment, deleted });
}

/** Starts an instance of a definition the caller can see (own tenant's or common); returns its id. */
export async function startProcess(db: Tx, session: Session, definitionId: string, businessKey: string, variables: Vars, input?: StepInput): Promise<string> {
  const def = await definitionById(db, definitionId);
  return startInstance(db, def, { userId: session.userId, name: session.realName || session.account }, businessKey, variables, input);
}

/** Who started an instance: a user, or nobody (a timer start: `userId` null). */
export interface Starter {
  userId: string | null;
  name: string;
}
/** The call activity a called instance answers to (decision 0050). */
export interface ParentLink {
  instanceId: string;
  activityId: string;
  executionId: string;
}

export async function startInstance(
  db: Tx,
  def: DefinitionRow,
  starter: Starter,
  businessKey: string,
  variables: Vars,
  input?: StepInput,
  parent?: ParentLink,
): Promise<string> {
  if (def.suspensionState !== 1) throw new BizError(FLOW_MSG.definitionSuspended);
  if (def.notExecutable) throw new BizError(FLOW_MSG.notExecutable(def.name, def.notExecutable));
  const vars: Vars = { ...variables, ...(starter.userId ? { initiator: `${USER_PREFIX}${starter.userId}` } : {}) };
  const [inst] = await db
    .insert(flowInstance)
    .values({
      definitionId: def.definitionId,
      processKey: def.processKey,
      name: def.name,
      category: def.category,
      version: def.version,
      businessKey,
      startUserId: starter.userId,
      startUserName: starter.name,
      variables: vars,
      parentInstanceId: parent?.instanceId ?? null,
      parentActivityId: parent?.activityId ?? null,
      parentExecutionId: parent?.executionId ?? null,
    })
    .returning();
  await advance(db, inst!, def, vars, null, input);
  return inst!.id;
}

export async function stateOf(db: Tx, instanceId: string): Promise<unknown> {
  const [s] = await db.select({ state: flowEngineState.state }).from(flowEngineState).where(eq(flowEngineState.instanceId, instanceId));
  if (!s) throw new BizError(FLOW_MSG.instanceMissing);
  return s.state;
}

/**
 * Ends an instance without a decision: open tasks close, the business learns it was not approved. The instances it
 * called go with it (Camunda 7 deletes sub-instances); a called instance deleted on its own leaves its caller an
 * incident (`fromCaller`: the caller itself is ending or has left the call activity).
 */
export async function deleteInstance(db: Tx, instanceId: string, reason: string, fromCaller = false): Promise<void> {
  const inst = await lockInstance(db, instanceId);
  if (inst.state !== 'running') throw new BizError('流程实例已结束');
  await dropCalled(db, inst.id, reason);
  await db
    .update(flowTask)
    .set({ endTime: now, deleteReason: reason })
    .where(and(eq(flowTask.instanceId, inst.id), isNull(flowTask.endTime)));
  await db
    .update(flowHistory)
    .set({ endTime: now })
    .where(and(eq(flowHistory.instanceId, inst.id), isNull(flowHistory.endTime)));
  await db.update(flowInstance).set({ state: 'deleted', endTime: now, deleteReason: reason }).where(eq(flowInstance.id, inst.id));
  await db.delete(flowEngineState).where(eq(flowEngineState.instanceId, inst.id));
  await db.delete(flowTimer).where(eq(flowTimer.instanceId, inst.id));
  await resolveIncidents(db, inst.id);
  await dropSubscriptions(db, inst.id);
  await ended(db, inst, false, reason, true);
  if (inst.parentInstanceId && !fromCaller) await calledGone(db, inst, reason);
}
