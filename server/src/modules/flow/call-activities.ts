import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/http/errors';
import type { StepResult, Waiting } from './engine';
import { ExpressionError, resolve, type Vars } from './expression';
import { flowIncident } from './flow-incident.tables';
import { flowDefinition, flowInstance, type CallMapping, type CallSpec } from './flow.tables';
import { definitionById, deleteInstance, lockInstance, startInstance, stateOf, type DefinitionRow, type InstanceRow } from './runtime';
import { advance } from './service-calls';

/**
 * Call activities (decision 0050). A waiting call activity starts an instance of the called process — a real
 * instance in flow_instance, in the caller's zoo, linked by `parent_instance_id` / `parent_execution_id` — with
 * the variables its `in` mappings pass. The caller waits like on a user task; when the called instance ends, its
 * `out` mappings go back and the call activity completes, in the transaction of the step that ended it. Nothing
 * is held in memory between requests, so a restart anywhere in between loses nothing.
 * A called process that cannot be found or started is an incident on the caller (flow_incident, as for a failed
 * service): 流程跟踪 shows the reason and 重试 tries again, e.g. once the process is deployed.
 */

/** The incident's `service` for a call activity that could not start its process. */
export const CALL_INCIDENT = 'callActivity';
/** Calls nested deeper than this are taken for a process that calls itself without end. */
const MAX_DEPTH = 20;

/**
 * Instances whose step is running, each under its row lock: a called instance that ends inside it (at once, on its
 * start) is handed back by that step's loop, not by a second, nested step of the caller. Read only while holding
 * the instance's lock (calledEnded), so another request's running step is never mistaken for this one's.
 */
const advancing = new Set<string>();
/** True while this request steps the instance (ask only holding its lock; events.ts skips it for a thrown signal). */
export const isAdvancing = (instanceId: string): boolean => advancing.has(instanceId);

export async function whileAdvancing<T>(instanceId: string, fn: () => Promise<T>): Promise<T> {
  const mine = !advancing.has(instanceId);
  advancing.add(instanceId);
  try {
    return await fn();
  } finally {
    if (mine) advancing.delete(instanceId);
  }
}

function mapped(mappings: CallMapping[], from: Vars): Vars {
  const out: Vars = {};
  for (const m of mappings) {
    if ('all' in m) Object.assign(out, from);
    else if ('source' in m) {
      if (m.source in from) out[m.target] = from[m.source];
    } else out[m.target] = resolve(m.sourceExpression, from);
  }
  return out;
}

/** The definition a call activity starts, or why there is none. */
async function calledDefinition(db: Tx, caller: DefinitionRow, spec: CallSpec, key: string): Promise<DefinitionRow | string> {
  if (spec.binding === 'id') {
    const [def] = await db.select().from(flowDefinition).where(eq(flowDefinition.definitionId, key));
    return def ?? `被调用的流程定义「${key}」不存在`;
  }
  const [def] = await db
    .select()
    .from(flowDefinition)
    .where(
      and(
        eq(flowDefinition.processKey, key),
        spec.binding === 'version' ? eq(flowDefinition.version, spec.version ?? 0) : undefined,
        spec.binding === 'deployment' ? eq(flowDefinition.deploymentId, caller.deploymentId) : undefined,
      ),
    )
    // The zoo's own definitions before the common ones (Flowable's fallbackToDefaultTenant order).
    .orderBy(desc(flowDefinition.mode), desc(flowDefinition.version))
    .limit(1);
  if (def) return def;
  if (spec.binding === 'version') return `被调用的流程「${key}」没有版本 ${spec.version}`;
  if (spec.binding === 'deployment') return `与本流程同一次部署中没有被调用的流程「${key}」`;
  return `被调用的流程「${key}」不存在,请先部署`;
}

async function depthOf(db: Tx, inst: InstanceRow): Promise<number> {
  let depth = 0;
  let parent = inst.parentInstanceId;
  while (parent && depth <= MAX_DEPTH) {
    depth++;
    const [p] = await db.select({ parent: flowInstance.parentInstanceId }).from(flowInstance).where(eq(flowInstance.id, parent));
    parent = p?.parent ?? null;
  }
  return depth;
}

type CallOutcome = { ok: true; ended: Vars | null } | { ok: false; message: string };

/** Starts the called instance of one waiting call activity; `ended`: its out variables when it ended at once. */
async function callOut(db: Tx, inst: InstanceRow, def: DefinitionRow, vars: Vars, call: Pick<Waiting, 'id' | 'executionId'>): Promise<CallOutcome> {
  const spec = def.calls[call.id];
  if (!spec) return { ok: false, message: '调用活动未指定被调用的流程' };
  try {
    const key = String(resolve(spec.calledElement, vars) ?? '').trim();
    if (!key) return { ok: false, message: `被调用的流程表达式 ${spec.calledElement} 的值为空` };
    const called = await calledDefinition(db, def, spec, key);
    if (typeof called === 'string') return { ok: false, message: called };
    if ((await depthOf(db, inst)) >= MAX_DEPTH) return { ok: false, message: `调用层级超过 ${MAX_DEPTH} 层,请检查流程是否在循环调用自身` };
    const input = mapped(spec.in, vars);
    delete input.initiator;
    // A savepoint: a called process that fails on its first step rolls back alone and becomes the incident.
    const childId = await db.transaction((sp) =>
      startInstance(
        sp,
        called,
        { userId: inst.startUserId, name: inst.startUserName },
        spec.businessKey ? inst.businessKey : '',
        input,
        {},
        { instanceId: inst.id, activityId: call.id, executionId: call.executionId },
      ),
    );
    const [child] = await db.select({ state: flowInstance.state, variables: flowInstance.variables }).from(flowInstance).where(eq(flowInstance.id, childId));
    return { ok: true, ended: child?.state === 'finished' ? mapped(spec.out, child.variables as Vars) : null };
  } catch (e) {
    if (e instanceof ExpressionError) return { ok: false, message: `被调用的流程表达式有误: ${e.message}` };
    if (e instanceof BizError) return { ok: false, message: `启动被调用的流程失败: ${e.message}` };
    throw e;
  }
}

const openIncident = (instanceId: string, executionId: string) =>
  and(eq(flowIncident.instanceId, instanceId), eq(flowIncident.executionId, executionId), sql`${flowIncident.resolvedTime} is null`);

/**
 * After a step of `inst`: every call activity now waiting without its called instance starts one; called
 * instances whose call activity was left (a boundary event) are deleted. Returns the out variables of the
 * called instances that ended at once, by the call activity's execution, for the next step to complete them.
 */
export async function startCalled(db: Tx, inst: InstanceRow, def: DefinitionRow, vars: Vars, step: StepResult): Promise<Record<string, Vars>> {
  const waiting = step.waiting.filter((w) => w.type === 'bpmn:CallActivity');
  const children = await db
    .select({ id: flowInstance.id, state: flowInstance.state, parentExecutionId: flowInstance.parentExecutionId })
    .from(flowInstance)
    .where(and(eq(flowInstance.parentInstanceId, inst.id), ne(flowInstance.state, 'deleted')))
    .orderBy(asc(flowInstance.id));
  for (const c of children)
    if (c.state === 'running' && !waiting.some((w) => w.executionId === c.parentExecutionId))
      await deleteInstance(db, c.id, step.completed ? '调用方流程已结束' : '调用活动已被中断', true);
  const ended: Record<string, Vars> = {};
  for (const w of waiting) {
    // Already called: running, or ended and handed back (a later round of this step).
    if (children.some((c) => c.parentExecutionId === w.executionId)) continue;
    const [open] = await db.select({ id: flowIncident.id }).from(flowIncident).where(openIncident(inst.id, w.executionId));
    if (open) continue;
    const out = await callOut(db, inst, def, vars, w);
    if (!out.ok) await recordIncident(db, inst, def, w, out.message);
    else if (out.ended) ended[w.executionId] = out.ended;
  }
  return ended;
}

async function recordIncident(db: Tx, inst: InstanceRow, def: DefinitionRow, call: Pick<Waiting, 'id' | 'executionId'>, message: string): Promise<void> {
  await db
    .insert(flowIncident)
    .values({
      instanceId: inst.id,
      activityId: call.id,
      activityName: (def.calls[call.id]?.name ?? '').slice(0, 200),
      executionId: call.executionId,
      service: CALL_INCIDENT,
      message: message.slice(0, 1000),
    })
    .onConflictDoNothing();
}

/** A called instance ended: its caller takes the out variables and leaves the call activity. */
export async function calledEnded(db: Tx, child: InstanceRow): Promise<void> {
  // Locked first: only a step holding the caller's lock can be advancing it, so once we hold the lock a caller in
  // `advancing` is this transaction's own running step, which hands the end back itself (startCalled).
  const parent = await lockInstance(db, child.parentInstanceId!);
  if (advancing.has(parent.id)) return;
  if (parent.state !== 'running') return;
  const def = await definitionById(db, parent.definitionId);
  const spec = def.calls[child.parentActivityId ?? ''];
  const vars: Vars = { ...(parent.variables as Vars), ...(spec ? mapped(spec.out, child.variables as Vars) : {}) };
  await advance(db, parent, def, vars, await stateOf(db, parent.id), { called: [child.parentExecutionId ?? ''] });
}

/** A called instance was deleted on its own: its caller, still waiting on it, gets an incident to retry. */
export async function calledGone(db: Tx, child: InstanceRow, reason: string): Promise<void> {
  const parent = await lockInstance(db, child.parentInstanceId!);
  if (parent.state !== 'running') return;
  const def = await definitionById(db, parent.definitionId);
  await recordIncident(
    db,
    parent,
    def,
    { id: child.parentActivityId ?? '', executionId: child.parentExecutionId ?? '' },
    `被调用的流程实例已被删除: ${reason}`,
  );
}

/** The caller is deleted: the instances it called and that still run go with it. */
export async function dropCalled(db: Tx, instanceId: string, reason: string): Promise<void> {
  const running = await db
    .select({ id: flowInstance.id })
    .from(flowInstance)
    .where(and(eq(flowInstance.parentInstanceId, instanceId), eq(flowInstance.state, 'running')));
  for (const c of running) await deleteInstance(db, c.id, reason, true);
}

/** 重试 on a call activity's incident: the called process is looked up and started again. */
export async function retryCall(
  db: Tx,
  inst: InstanceRow,
  def: DefinitionRow,
  inc: { id: string; activityId: string; executionId: string },
): Promise<{ ok: true; ended: Vars | null } | { ok: false; message: string }> {
  return whileAdvancing(inst.id, () => callOut(db, inst, def, { ...(inst.variables as Vars) }, { id: inc.activityId, executionId: inc.executionId }));
}
