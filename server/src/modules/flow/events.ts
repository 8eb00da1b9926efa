import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/http/errors';
import type { Session } from '../../platform/auth/session';
import type { StepResult } from './engine';
import type { Vars } from './expression';
import { flowEventSub } from './flow-event.tables';
import { eventSubInput, isEventSubExecution, type ArmedSub } from './event-subprocesses';
import { flowDefinition } from './flow.tables';
import { definitionById, lockInstance, startInstance, startProcess, stateOf, type DefinitionRow, type InstanceRow, type Starter } from './runtime';
import { advance } from './service-calls';
import { isAdvancing } from './call-activities';

/**
 * Messages and signals from outside (decision 0050), Camunda 7's way: a message is correlated to exactly one
 * waiting receiver (by name, narrowed by business key or instance) or, when none waits, starts the process whose
 * start event catches it; a signal reaches every waiting receiver of the tenant and starts every process whose
 * start event catches it. Receivers live in flow_event_sub; each delivery locks the instance and finds its row
 * still there before it runs, so a message two servers receive at once is delivered once.
 */

/** After each step: the instance's receivers become exactly the message and signal catches now waiting. */
export async function saveSubscriptions(db: Tx, inst: InstanceRow, def: DefinitionRow, step: StepResult, armed: ArmedSub[] = []): Promise<void> {
  await db.delete(flowEventSub).where(eq(flowEventSub.instanceId, inst.id));
  const waiting = step.waiting.filter((w) => def.events[w.id] && !def.events[w.id]!.eventSub);
  for (const w of [...waiting.map((x) => ({ activityId: x.id, executionId: x.executionId, spec: def.events[x.id]! })), ...armed]) {
    const spec = w.spec;
    await db
      .insert(flowEventSub)
      .values({
        instanceId: inst.id,
        kind: spec.kind,
        name: spec.name,
        ref: spec.ref,
        activityId: w.activityId,
        executionId: w.executionId,
        businessKey: inst.businessKey,
      })
      .onConflictDoNothing();
  }
}

export async function dropSubscriptions(db: Tx, instanceId: string): Promise<void> {
  await db.delete(flowEventSub).where(eq(flowEventSub.instanceId, instanceId));
}

type Sub = typeof flowEventSub.$inferSelect;

/** Delivers to one receiver's instance if the receiver is still there once the instance is locked. */
async function deliver(db: Tx, sub: Sub, variables: Vars, thrown = false): Promise<boolean> {
  const inst = await lockInstance(db, sub.instanceId);
  const [still] = await db.select({ id: flowEventSub.id }).from(flowEventSub).where(eq(flowEventSub.id, sub.id));
  // An instance whose own step is under way here (a signal thrown back to it) took its signals in that step.
  if (!still || inst.state !== 'running' || isAdvancing(inst.id)) return false;
  // A suspended instance does not take a signal another instance threw (Camunda 7 skips it); from outside, it says so.
  if (inst.suspensionState !== 1 && thrown) return false;
  if (inst.suspensionState !== 1) throw new BizError('流程已挂起,无法接收消息');
  const def = await definitionById(db, inst.definitionId);
  const vars: Vars = { ...(inst.variables as Vars), ...variables };
  // An event sub-process's armed start runs the sub-process, then takes the message or signal.
  const input = isEventSubExecution(sub.executionId) ? eventSubInput(def, sub.activityId) : { deliver: sub.ref };
  await advance(db, inst, def, vars, await stateOf(db, inst.id), input);
  return true;
}

/** The latest runnable definitions (the tenant's own and the common ones) whose start event catches `name`. */
async function startersOf(db: Tx, kind: 'message' | 'signal', name: string): Promise<Array<{ definitionId: string; ref: string }>> {
  const rows = await db
    .select({ definitionId: flowDefinition.definitionId, events: flowDefinition.events })
    .from(flowDefinition)
    .where(
      and(
        eq(flowDefinition.suspensionState, 1),
        eq(flowDefinition.notExecutable, ''),
        sql`jsonb_path_exists(${flowDefinition.events}, '$.* ? (@.kind == $k && @.name == $n && @.start == true)', jsonb_build_object('k', ${kind}::text, 'n', ${name}::text))`,
        sql`${flowDefinition.version} = (select max(d2.version) from flow_definition d2 where d2.mode = ${flowDefinition.mode} and d2.process_key = ${flowDefinition.processKey})`,
      ),
    )
    .orderBy(asc(flowDefinition.mode), asc(flowDefinition.processKey));
  return rows.map((r) => ({ definitionId: r.definitionId, ref: Object.values(r.events).find((e) => e.start && e.kind === kind && e.name === name)!.ref }));
}

export interface MessageIn {
  messageName: string;
  businessKey?: string;
  processInstanceId?: string;
  variables?: Vars;
}

export async function correlateMessage(db: Tx, session: Session, m: MessageIn): Promise<{ processInstanceId: string; started: boolean }> {
  const variables = m.variables ?? {};
  const subs = await db
    .select()
    .from(flowEventSub)
    .where(
      and(
        eq(flowEventSub.kind, 'message'),
        eq(flowEventSub.name, m.messageName),
        m.businessKey ? eq(flowEventSub.businessKey, m.businessKey) : undefined,
        m.processInstanceId ? eq(flowEventSub.instanceId, m.processInstanceId) : undefined,
      ),
    )
    .orderBy(asc(flowEventSub.id))
    .limit(2);
  if (subs.length > 1 && subs[0]!.instanceId !== subs[1]!.instanceId)
    throw new BizError(`消息「${m.messageName}」对应多个等待中的流程实例,请指定 businessKey 或 processInstanceId`);
  if (subs[0] && (await deliver(db, subs[0], variables))) return { processInstanceId: subs[0].instanceId, started: false };
  if (!m.processInstanceId) {
    const starters = await startersOf(db, 'message', m.messageName);
    if (starters.length > 1) throw new BizError(`消息「${m.messageName}」可启动多个流程,无法确定启动哪一个`);
    if (starters[0]) {
      const id = await startProcess(db, session, starters[0].definitionId, m.businessKey ?? '', variables, { deliver: starters[0].ref });
      return { processInstanceId: id, started: true };
    }
  }
  throw new BizError(`没有流程在等待消息「${m.messageName}」${m.businessKey ? `(业务标识 ${m.businessKey})` : ''},也没有由它启动的流程`);
}

export async function broadcastSignal(db: Tx, session: Session, signalName: string, variables: Vars = {}): Promise<{ delivered: number; started: number }> {
  return signalAll(db, { userId: session.userId, name: session.realName || session.account }, signalName, variables);
}

/**
 * A signal thrown by an instance's intermediate throw or end event (engine-throws.ts): the engine has already passed
 * it to the instance's own catches; the tenant's other waiting instances and the processes it starts get it here,
 * in the same transaction, as from process/signal. The processes it starts are started by the thrower's initiator.
 */
export async function throwSignals(db: Tx, inst: InstanceRow, signals: string[]): Promise<void> {
  if (!signals.length) return;
  // A process started by the signal it throws would start itself without end (depth counted per request).
  const depth = throwDepth.getStore() ?? 0;
  if (depth >= MAX_THROWS) throw new BizError(`信号连续触发超过 ${MAX_THROWS} 层,请检查流程是否由自己抛出的信号循环启动`);
  await throwDepth.run(depth + 1, async () => {
    for (const name of signals) await signalAll(db, { userId: inst.startUserId, name: inst.startUserName }, name, {}, inst.id);
  });
}
const MAX_THROWS = 20;
const throwDepth = new AsyncLocalStorage<number>();

async function signalAll(db: Tx, starter: Starter, signalName: string, variables: Vars, thrower?: string): Promise<{ delivered: number; started: number }> {
  const subs = await db
    .select()
    .from(flowEventSub)
    .where(and(eq(flowEventSub.kind, 'signal'), eq(flowEventSub.name, signalName), thrower ? ne(flowEventSub.instanceId, thrower) : undefined))
    .orderBy(asc(flowEventSub.instanceId), asc(flowEventSub.id));
  let delivered = 0;
  const done = new Set<string>();
  for (const sub of subs) {
    // One delivery per instance: the engine passes the signal to all of the instance's receivers at once.
    if (done.has(sub.instanceId)) continue;
    if (await deliver(db, sub, variables, !!thrower)) {
      delivered++;
      done.add(sub.instanceId);
    }
  }
  let started = 0;
  for (const s of await startersOf(db, 'signal', signalName)) {
    await startInstance(db, await definitionById(db, s.definitionId), starter, '', variables, { deliver: s.ref });
    started++;
  }
  return { delivered, started };
}
