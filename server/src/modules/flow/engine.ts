import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import { Timers } from 'bpmn-elements';
import BpmnModdle from 'bpmn-moddle';
import { dropOrphanedCatches, InclusiveGateway, startEventSub, type ExecutionLike } from './engine-behaviours';
import { BizError } from '../../platform/http/errors';
import { ExpressionError, hasExpression, resolve, type Vars } from './expression';
import { watchThrows, type ThrownError } from './engine-throws';

/**
 * One step of a process instance on bpmn-engine: a fresh engine per step, built from the definition's XML and
 * the state saved after the previous step (recover + resume), run until every token waits or the process ends,
 * and its new state returned for the caller to save in the same transaction. Nothing stays in memory between
 * steps, so any server instance (or a restarted one) continues any waiting instance.
 *
 * Timers (decision 0026): the engine's timers never run in memory. Each step gets a `Timers` whose setTimeout
 * schedules nothing; the timers still live when the step ends are returned for the caller to save (flow_timer),
 * and the scheduler fires one by running a step with `fire`, which calls that timer's callback after the resume.
 * A timer whose time has passed by the resume fires on its own (bpmn-elements completes it at once).
 */

export interface StepEvent {
  /** leave: the activity is gone, ended or cut off (a task an interrupting timer ended leaves without an end) */
  kind: 'start' | 'end' | 'take' | 'leave';
  id: string;
  type: string;
  name: string;
  executionId: string;
}
export interface Waiting {
  id: string;
  type: string;
  executionId: string;
}
/** A timer still waiting when the step ended. */
export interface LiveTimer {
  activityId: string;
  executionId: string;
  timerType: string;
  timerValue: string;
  dueAt: Date;
}
export interface StepResult {
  state: unknown;
  waiting: Waiting[];
  events: StepEvent[];
  completed: boolean;
  timers: LiveTimer[];
  /** ids of the timer events that fired in this step */
  fired: string[];
  /** service and send tasks waiting for their service to be run (decision 0050) */
  calls: Waiting[];
  /** errors thrown in this step that no boundary event caught; signals thrown, for the other instances */
  errors: ThrownError[];
  signals: string[];
}

/** What the caller asks of one step besides resuming: complete a task, fire a timer, hand service results in. */
export interface StepInput {
  signal?: { activityId: string; executionId: string };
  fire?: { activityId: string; executionId: string };
  /** execution id of a waiting service or send task → the variables its service answered */
  results?: Record<string, Vars>;
  /** a message or signal for the instance: the bpmn:message / bpmn:signal element id (decision 0050) */
  deliver?: string;
  /** execution ids of call activities whose called instance has ended: they complete (decision 0050) */
  called?: string[];
  /** an armed event sub-process is triggered: it runs, and an interrupting one ends the rest (event-subprocesses.ts) */
  trigger?: { startId: string; subProcess: string; interrupting: boolean };
}

interface TimerOwner {
  id: string;
  executionId: string;
  expireAt?: Date | string;
  timerType?: string;
  timeDuration?: string;
  timeDate?: string;
  timeCycle?: string;
}
interface TimerRef {
  owner: TimerOwner | null;
  callback: (...args: unknown[]) => void;
  args: unknown[];
  expireAt: Date;
}

/** bpmn-elements' timer registry with a clock that never ticks: timers are recorded, and fired only on request. */
const inertTimers = () =>
  new Timers({ setTimeout: () => null, clearTimeout: () => undefined } as never) as unknown as {
    executing: TimerRef[];
    clearTimeout(ref: TimerRef): void;
  };

function liveTimers(refs: TimerRef[]): LiveTimer[] {
  const out: LiveTimer[] = [];
  for (const r of refs) {
    const o = r.owner;
    if (!o?.id || !o.executionId) continue;
    const type = o.timerType ?? 'timeDuration';
    const dueAt = o.expireAt ? new Date(o.expireAt) : r.expireAt;
    out.push({
      activityId: o.id,
      executionId: o.executionId,
      timerType: type,
      timerValue: String((o as unknown as Record<string, unknown>)[type] ?? ''),
      dueAt,
    });
  }
  return out;
}

/** No script ever runs: script tasks and script conditions are refused at deploy, and nothing is registered here. */
const noScripts = { register: () => undefined, getScript: () => undefined };

/**
 * Service and send tasks: bpmn-elements calls the activity's `Service.execute(message, callback)`. The callback is
 * called only with a result the caller ran beforehand (a later step, `results`); otherwise the call is noted and
 * the task waits, like a user task. The service itself runs outside the engine, on the request's transaction
 * (service-calls.ts), so a failure can become an incident instead of an engine error. On resume bpmn-elements
 * executes a waiting service task again, which is where its result is handed in.
 */
function serviceExtension(results: Record<string, Vars>, calls: Waiting[]) {
  return (activity: { id: string; type: string; behaviour: Record<string, unknown> }) => {
    if (activity.type !== 'bpmn:ServiceTask' && activity.type !== 'bpmn:SendTask') return;
    activity.behaviour.Service = function ZooService() {
      return {
        execute(message: { content: { executionId: string } }, callback: (err: Error | null, output?: unknown) => void) {
          const executionId = message.content.executionId;
          const out = results[executionId];
          if (out) return callback(null, out);
          calls.push({ id: activity.id, type: activity.type, executionId });
        },
      };
    };
  };
}

/**
 * The parsed file of recent definitions (bpmn-engine's documented `moddleContext` option): a step parsed the
 * definition's XML each time, the largest part of a small step. The engine only reads the context (it serialises it
 * into its own elements), so one parse serves every step of a definition; a few dozen files are kept.
 */
const parsed = new Map<string, Promise<unknown>>();
const PARSED_KEPT = 50;
function moddleContextOf(xml: string): Promise<unknown> {
  let ctx = parsed.get(xml);
  if (ctx) {
    parsed.delete(xml);
    parsed.set(xml, ctx);
    return ctx;
  }
  ctx = new BpmnModdle().fromXML(xml.trim());
  // A file that fails to parse is not kept (its error is the step's).
  ctx.catch(() => parsed.delete(xml));
  parsed.set(xml, ctx);
  if (parsed.size > PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
  return ctx;
}

const silentLogger = () => ({ debug() {}, error() {}, warn() {} });

/** bpmn-elements' expression hook, answered by the safe evaluator over the step's variables. */
const expressionsFor = (vars: Vars) => ({
  resolveExpression: (text: unknown) => (typeof text === 'string' && hasExpression(text) ? resolve(text, vars) : text),
  isExpression: (text: unknown) => typeof text === 'string' && /^\$\{.+\}$/.test(text),
  hasExpression: (text: unknown) => hasExpression(text),
});

interface ApiLike {
  id: string;
  type: string;
  executionId: string;
  name?: string;
  content?: { name?: string; error?: { message?: string } };
  owner?: { name?: string; type?: string };
  signal(msg?: unknown): void;
  discard(): void;
  getPostponed?(): ApiLike[];
}

/**
 * Everything waiting, sub-processes opened: the engine lists an embedded sub-process as one waiting activity and
 * its own waiting children through the sub-process's api (bpmn-elements `Api.getPostponed`).
 */
function allPostponed(apis: ApiLike[]): ApiLike[] {
  return apis.flatMap((a) =>
    // The sub-process's list starts with its own execution: only its children are opened further.
    a.type === 'bpmn:SubProcess' && a.getPostponed ? [a, ...allPostponed(a.getPostponed().filter((c) => c.id !== a.id))] : [a],
  );
}

export async function runStep(xml: string, vars: Vars, state: unknown | null, input: StepInput = {}): Promise<StepResult> {
  const { signal, fire } = input;
  const events: StepEvent[] = [];
  const fired: string[] = [];
  const calls: Waiting[] = [];
  let failure: string | null = null;
  const listener = new EventEmitter();
  const push = (kind: StepEvent['kind']) => (api: ApiLike) =>
    // The owner's type: an event's own messages carry its definition's (bpmn:TimerEventDefinition).
    events.push({ kind, id: api.id, type: api.owner?.type ?? api.type, name: api.owner?.name ?? api.name ?? '', executionId: api.executionId ?? '' });
  listener.on('activity.start', push('start'));
  listener.on('activity.end', push('end'));
  listener.on('flow.take', push('take'));
  listener.on('activity.leave', push('leave'));
  listener.on('activity.timeout', (api: ApiLike) => fired.push(api.id));
  const fail = (api: ApiLike) => {
    failure ??= api?.content?.error?.message ?? '流程执行出错';
  };
  listener.on('activity.error', fail);
  const thrown = watchThrows(listener);

  const timers = inertTimers();
  const moddleContext = await moddleContextOf(xml).catch((e: Error) => {
    throw new BizError(`流程执行失败: ${e.message}`);
  });
  const engine = new Engine({
    name: 'flow',
    moddleContext,
    scripts: noScripts,
    expressions: expressionsFor(vars),
    Logger: silentLogger,
    timers,
    elements: { InclusiveGateway },
    extensions: { zooServices: serviceExtension(input.results ?? {}, calls) },
  } as never);
  engine.on('error', (err: Error) => {
    failure ??= err?.message ?? '流程执行出错';
  });
  let execution;
  try {
    if (state) {
      engine.recover(structuredClone(state) as never);
      execution = await engine.resume({ listener });
    } else {
      execution = await engine.execute({ listener, variables: {} });
    }
    if (signal) {
      const api = allPostponed(execution.getPostponed() as unknown as ApiLike[]).find(
        (a) => a.id === signal.activityId && (!signal.executionId || a.executionId === signal.executionId),
      );
      if (!api) throw new BizError('流程实例中找不到该任务,可能已被处理');
      api.signal({});
    }
    const exec = execution as unknown as ExecutionLike;
    // Calls a live timer's callback; gone when it fired by itself on resume (its time had passed) or its activity left.
    const fireNow = (activityId: string, executionId?: string) => {
      const ref = timers.executing.find((r) => r.owner?.id === activityId && (!executionId || r.owner.executionId === executionId));
      if (!ref) return;
      timers.clearTimeout(ref);
      ref.callback(...ref.args);
    };
    // An event sub-process's timer start was just set from now: it fires at once (the scheduler found it due).
    if (input.trigger) startEventSub(exec, input.trigger, fireNow);
    // The definition passes it to every activity waiting for that message or signal (bpmn-engine `signal`).
    if (input.deliver) execution.signal({ id: input.deliver });
    // An interrupting event sub-process ends everything else of the instance (BPMN 2.0.2 §10.3.6).
    if (input.trigger?.interrupting) for (const api of execution.getPostponed() as unknown as ApiLike[]) if (api.id !== input.trigger.subProcess) api.discard();
    if (input.called?.length) {
      const postponed = allPostponed(execution.getPostponed() as unknown as ApiLike[]);
      // Gone when a boundary event cut the call activity off meanwhile: the called instance's end changes nothing.
      for (const executionId of input.called) postponed.find((a) => a.executionId === executionId && a.type === 'bpmn:CallActivity')?.signal({});
    }
    if (fire) fireNow(fire.activityId, fire.executionId);
    dropOrphanedCatches(exec, allPostponed(execution.getPostponed() as unknown as ApiLike[]));
  } catch (e) {
    if (e instanceof BizError) throw e;
    failure ??= e instanceof ExpressionError ? `条件表达式有误: ${e.message}` : ((e as Error).message ?? '流程执行出错');
  }
  if (failure) throw new BizError(`流程执行失败: ${failure}`);
  const waiting = allPostponed(execution!.getPostponed() as unknown as ApiLike[]).map((a) => ({ id: a.id, type: a.type, executionId: a.executionId }));
  const saved = await engine.getState();
  const live = liveTimers(timers.executing);
  // Stop a waiting engine so its in-memory execution is dropped (a finished one has nothing to stop: stop() would
  // wait for an end that already happened).
  if (waiting.length) await engine.stop();
  // A call noted before its task was left (an interrupting boundary event) is no longer waiting.
  const open = calls.filter((c) => waiting.some((w) => w.executionId === c.executionId));
  const out = { state: saved, waiting, events, completed: waiting.length === 0, timers: live, fired, calls: open };
  return { ...out, errors: thrown.uncaughtErrors(), signals: thrown.signals };
}
