import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import { BizError } from '../../platform/http/errors';
import { ExpressionError, hasExpression, resolve, type Vars } from './expression';

/**
 * One step of a process instance on bpmn-engine: a fresh engine per step, built from the definition's XML and
 * the state saved after the previous step (recover + resume), run until every token waits or the process ends,
 * and its new state returned for the caller to save in the same transaction. Nothing stays in memory between
 * steps, so any server instance (or a restarted one) continues any waiting instance.
 */

export interface StepEvent {
  kind: 'start' | 'end' | 'take';
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
export interface StepResult {
  state: unknown;
  waiting: Waiting[];
  events: StepEvent[];
  completed: boolean;
}

/** No script ever runs: script tasks and script conditions are refused at deploy, and nothing is registered here. */
const noScripts = { register: () => undefined, getScript: () => undefined };

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
  owner?: { name?: string };
  signal(msg?: unknown): void;
}

export async function runStep(
  xml: string,
  vars: Vars,
  state: unknown | null,
  signal?: { activityId: string; executionId: string },
): Promise<StepResult> {
  const events: StepEvent[] = [];
  let failure: string | null = null;
  const listener = new EventEmitter();
  const push = (kind: StepEvent['kind']) => (api: ApiLike) =>
    events.push({ kind, id: api.id, type: api.type, name: api.owner?.name ?? api.name ?? '', executionId: api.executionId ?? '' });
  listener.on('activity.start', push('start'));
  listener.on('activity.end', push('end'));
  listener.on('flow.take', push('take'));
  const fail = (api: ApiLike) => {
    failure ??= api?.content?.error?.message ?? '流程执行出错';
  };
  listener.on('activity.error', fail);

  const engine = new Engine({ name: 'flow', source: xml, scripts: noScripts, expressions: expressionsFor(vars), Logger: silentLogger } as never);
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
      const api = (execution.getPostponed() as unknown as ApiLike[]).find((a) => a.id === signal.activityId && (!signal.executionId || a.executionId === signal.executionId));
      if (!api) throw new BizError('流程实例中找不到该任务,可能已被处理');
      api.signal({});
    }
  } catch (e) {
    if (e instanceof BizError) throw e;
    failure ??= e instanceof ExpressionError ? `条件表达式有误: ${e.message}` : ((e as Error).message ?? '流程执行出错');
  }
  if (failure) throw new BizError(`流程执行失败: ${failure}`);
  const waiting = (execution!.getPostponed() as unknown as ApiLike[]).map((a) => ({ id: a.id, type: a.type, executionId: a.executionId }));
  const saved = await engine.getState();
  // Stop a waiting engine so its in-memory execution is dropped (a finished one has nothing to stop: stop() would
  // wait for an end that already happened).
  if (waiting.length) await engine.stop();
  return { state: saved, waiting, events, completed: waiting.length === 0 };
}
