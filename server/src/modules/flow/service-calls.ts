import { and, eq, isNull, sql } from 'drizzle-orm';
import { isIdText } from '@zoo/contract';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/http/errors';
import { runStep, type StepInput, type Waiting } from './engine';
import { ExpressionError, resolve, type Vars } from './expression';
import { CALL_INCIDENT, retryCall, startCalled, whileAdvancing } from './call-activities';
import { flowIncident } from './flow-incident.tables';
import { definitionById, engineSource, lockInstance, now, persist, stateOf, type DefinitionRow, type InstanceRow } from './runtime';
import { runService, ServiceFailure } from './services';
import { throwSignals } from './events';

/**
 * Steps an instance and runs the services its service and send tasks wait on (decision 0050): after each engine
 * step the waiting calls run on the request's transaction (each in a savepoint), their answers go back into the
 * engine in the next step, until no call is left to run. A call that fails leaves its task waiting and records an
 * incident (flow_incident), shown on 流程跟踪 and retried from there; later steps of the instance skip it.
 */

/** Service tasks one request may run back to back: beyond this a loop of services is assumed. */
const MAX_ROUNDS = 50;

const tooMany = () => new BizError(`流程连续执行了 ${MAX_ROUNDS} 个服务任务或调用活动仍未停下,请检查流程是否存在循环`);

type Outcome = { ok: true; vars: Vars } | { ok: false; message: string };

async function callOne(db: Tx, inst: InstanceRow, def: DefinitionRow, vars: Vars, call: Pick<Waiting, 'id'>): Promise<Outcome> {
  const spec = def.services[call.id];
  if (!spec) return { ok: false, message: `任务「${call.id}」未绑定服务` };
  try {
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(spec.fields)) fields[k] = resolve(v, vars);
    // A savepoint: a failed service undoes its own writes only, and the incident is still written.
    const out = await db.transaction((sp) => runService(spec.service, { db: sp, instance: inst, activityId: call.id, fields, vars }));
    return { ok: true, vars: out };
  } catch (e) {
    if (e instanceof ServiceFailure || e instanceof BizError) return { ok: false, message: e.message };
    if (e instanceof ExpressionError) return { ok: false, message: `参数表达式有误: ${e.message}` };
    // Anything else (a database refusal…) is named without its internals.
    return { ok: false, message: `服务「${spec.service}」执行出错` };
  }
}

const openIncident = (instanceId: string, executionId: string) =>
  and(eq(flowIncident.instanceId, instanceId), eq(flowIncident.executionId, executionId), isNull(flowIncident.resolvedTime));

/** Runs the waiting calls that have no open incident; returns the answers of those that succeeded. */
async function runCalls(db: Tx, inst: InstanceRow, def: DefinitionRow, vars: Vars, calls: Waiting[]): Promise<Record<string, Vars>> {
  const results: Record<string, Vars> = {};
  for (const call of calls) {
    const [open] = await db.select({ id: flowIncident.id }).from(flowIncident).where(openIncident(inst.id, call.executionId));
    if (open) continue;
    const out = await callOne(db, inst, def, vars, call);
    if (out.ok) {
      results[call.executionId] = out.vars;
      continue;
    }
    await db.insert(flowIncident).values({
      instanceId: inst.id,
      activityId: call.id,
      activityName: (def.services[call.id]?.name ?? '').slice(0, 200),
      executionId: call.executionId,
      service: (def.services[call.id]?.service ?? '').slice(0, 60),
      message: out.message.slice(0, 1000),
    });
  }
  return results;
}

/**
 * One engine step (`input`: complete a task, fire a timer, hand results in), saved, then the services it reached
 * and the processes its call activities start (call-activities.ts); their answers go into the next step.
 */
export async function advance(db: Tx, inst: InstanceRow, def: DefinitionRow, vars: Vars, state: unknown | null, input: StepInput = {}): Promise<void> {
  await whileAdvancing(inst.id, async () => {
    let step = await runStep(engineSource(def), vars, state, input);
    await persist(db, inst, def, step, vars);
    await throwSignals(db, inst, step.signals);
    for (let round = 0; ; round++) {
      if (round >= MAX_ROUNDS && step.calls.length) throw tooMany();
      const results = step.calls.length ? await runCalls(db, inst, def, vars, step.calls) : {};
      // After every step: the instances called from call activities it left are deleted, too.
      const called = await startCalled(db, inst, def, vars, step);
      if (!Object.keys(results).length && !Object.keys(called).length) return;
      if (round >= MAX_ROUNDS) throw tooMany();
      for (const out of [...Object.values(results), ...Object.values(called)]) Object.assign(vars, out);
      step = await runStep(engineSource(def), vars, step.state, { results, called: Object.keys(called) });
      await persist(db, inst, def, step, vars);
      await throwSignals(db, inst, step.signals);
    }
  });
}

/** A retry from 流程跟踪: the call runs again; on success the task completes and the instance moves on. */
export async function retryIncident(db: Tx, incidentId: string): Promise<{ resolved: boolean; message: string }> {
  const gone = '该异常不存在或已处理';
  if (!isIdText(incidentId)) throw new BizError(gone);
  const [found] = await db.select().from(flowIncident).where(eq(flowIncident.id, incidentId));
  if (!found || found.resolvedTime) throw new BizError(gone);
  const inst = await lockInstance(db, found.instanceId);
  // Read again under the instance lock: a concurrent retry may have resolved it.
  const [inc] = await db
    .select()
    .from(flowIncident)
    .where(and(eq(flowIncident.id, incidentId), isNull(flowIncident.resolvedTime)));
  if (!inc) throw new BizError(gone);
  if (inst.state !== 'running') {
    await resolveIncidents(db, inst.id);
    throw new BizError('流程实例已结束');
  }
  const def = await definitionById(db, inst.definitionId);
  const vars = { ...(inst.variables as Vars) };
  if (inc.service === CALL_INCIDENT) {
    const out = await retryCall(db, inst, def, inc);
    if (!out.ok) {
      await db
        .update(flowIncident)
        .set({ attempts: sql`${flowIncident.attempts} + 1`, message: out.message.slice(0, 1000), updateTime: now })
        .where(eq(flowIncident.id, inc.id));
      return { resolved: false, message: out.message };
    }
    await db.update(flowIncident).set({ resolvedTime: now, updateTime: now }).where(eq(flowIncident.id, inc.id));
    if (out.ended) await advance(db, inst, def, { ...vars, ...out.ended }, await stateOf(db, inst.id), { called: [inc.executionId] });
    return { resolved: true, message: '' };
  }
  const out = await callOne(db, inst, def, vars, { id: inc.activityId });
  if (!out.ok) {
    await db
      .update(flowIncident)
      .set({ attempts: sql`${flowIncident.attempts} + 1`, message: out.message.slice(0, 1000), updateTime: now })
      .where(eq(flowIncident.id, inc.id));
    return { resolved: false, message: out.message };
  }
  await db.update(flowIncident).set({ resolvedTime: now, updateTime: now }).where(eq(flowIncident.id, inc.id));
  Object.assign(vars, out.vars);
  await advance(db, inst, def, vars, await stateOf(db, inst.id), { results: { [inc.executionId]: out.vars } });
  return { resolved: true, message: '' };
}

/** An instance that ends or is deleted leaves no open incident. */
export async function resolveIncidents(db: Tx, instanceId: string): Promise<void> {
  await db
    .update(flowIncident)
    .set({ resolvedTime: now, updateTime: now })
    .where(and(eq(flowIncident.instanceId, instanceId), isNull(flowIncident.resolvedTime)));
}
