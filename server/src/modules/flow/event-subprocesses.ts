import type { ModdleElement } from 'bpmn-moddle';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { LiveTimer, StepInput, StepResult } from './engine';
import { flowHistory, type EventSpec } from './flow.tables';
import type { DefinitionRow, InstanceRow } from './runtime';
import { addDuration } from './timer-start';

/**
 * Event sub-processes (`triggeredByEvent`, BPMN 2.0.2 §10.3.6): a sub-process of the process that a message, a
 * signal or a timer starts while the instance runs. bpmn-elements starts one only for an event thrown inside the
 * same process, so the trigger is ours: while the instance runs and the sub-process does not, its start is *armed*
 * like any waiting catch — a flow_event_sub row for a message or signal, a flow_timer row for a timer (due from the
 * instance's start) — and a delivery or a firing runs the sub-process (engine.ts `trigger`). An interrupting one
 * cancels everything else of the instance; a non-interrupting one runs beside it and, for a message or signal, is
 * armed again once it has ended (a second trigger while it runs is not taken: it is not armed then). A timer
 * starts it once per instance.
 */

/** The execution id armed starts are saved under (one per start event and instance). */
export const EVENT_SUB = 'esp:';
export const isEventSubExecution = (executionId: string) => executionId.startsWith(EVENT_SUB);

/** Why an event sub-process cannot run ('' when it can); `top`: a child of the process itself. */
export function eventSubWhy(el: ModdleElement, top: boolean): string {
  const label = el.name || el.id || '';
  if (!top) return `事件子流程「${label}」嵌套在子流程中,暂不支持执行`;
  const starts = ((el.flowElements as ModdleElement[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:StartEvent');
  if (starts.length !== 1) return `事件子流程「${label}」应有且只有一个开始事件`;
  const defs = (starts[0]!.eventDefinitions as ModdleElement[] | undefined) ?? [];
  const d = defs[0];
  if (defs.length !== 1 || !d) return `事件子流程「${label}」的开始事件应为消息、信号或定时器之一`;
  if (d.$type === 'bpmn:MessageEventDefinition' || d.$type === 'bpmn:SignalEventDefinition')
    return (d.messageRef ?? d.signalRef) ? '' : `事件子流程「${label}」的开始事件未引用消息或信号`;
  if (d.$type !== 'bpmn:TimerEventDefinition') return `事件子流程「${label}」的开始事件应为消息、信号或定时器之一`;
  const value = timerOf(d);
  if (!value || value.type === 'timeCycle') return `事件子流程「${label}」的定时开始只支持时长或日期(timeDuration、timeDate)`;
  if (/\$\{/.test(value.value)) return `事件子流程「${label}」的定时开始不能使用表达式`;
  const ok = value.type === 'timeDuration' ? addDuration(new Date(), value.value) !== null : !Number.isNaN(Date.parse(value.value));
  return ok ? '' : `事件子流程「${label}」的定时开始不是 ISO 8601 时长或日期`;
}

function timerOf(d: ModdleElement): { type: 'timeDuration' | 'timeDate' | 'timeCycle'; value: string } | null {
  for (const type of ['timeDuration', 'timeDate', 'timeCycle'] as const) {
    const value = String((d[type] as ModdleElement | undefined)?.body ?? '').trim();
    if (value) return { type, value };
  }
  return null;
}

/** The start of an event sub-process, keyed by the start event's id (kept with the message and signal catches). */
export function readEventSub(el: ModdleElement): Record<string, EventSpec> {
  const start = ((el.flowElements as ModdleElement[] | undefined) ?? []).find((e) => e.$type === 'bpmn:StartEvent');
  const d = (start?.eventDefinitions as ModdleElement[] | undefined)?.[0];
  if (!start?.id || !d || !el.id) return {};
  const eventSub = { subProcess: el.id, interrupting: start.isInterrupting !== false };
  if (d.$type === 'bpmn:TimerEventDefinition') {
    const t = timerOf(d);
    if (!t || t.type === 'timeCycle') return {};
    return { [start.id]: { kind: 'timer', ref: '', name: '', start: false, eventSub: { ...eventSub, timerType: t.type, timerValue: t.value } } };
  }
  const ref = (d.messageRef ?? d.signalRef) as ModdleElement | undefined;
  const kind = d.$type === 'bpmn:MessageEventDefinition' ? 'message' : d.$type === 'bpmn:SignalEventDefinition' ? 'signal' : null;
  if (!kind || !ref?.id) return {};
  return { [start.id]: { kind, ref: ref.id, name: String(ref.name || ref.id).slice(0, 200), start: false, eventSub } };
}

/** What a delivery to, or a firing of, an armed start asks of the engine. */
export function eventSubInput(def: DefinitionRow, startId: string): StepInput {
  const spec = def.events[startId];
  if (!spec?.eventSub) return {};
  return {
    trigger: { startId, subProcess: spec.eventSub.subProcess, interrupting: spec.eventSub.interrupting },
    ...(spec.ref ? { deliver: spec.ref } : {}),
  };
}

export interface ArmedSub {
  activityId: string;
  executionId: string;
  spec: EventSpec;
}

/** After a step: the starts armed now (none once the instance has ended or an interrupting one runs). */
export async function armedEventSubs(db: Tx, inst: InstanceRow, def: DefinitionRow, step: StepResult): Promise<{ subs: ArmedSub[]; timers: LiveTimer[] }> {
  const none = { subs: [], timers: [] };
  const specs = Object.entries(def.events).filter(([, s]) => s.eventSub);
  if (step.completed || !specs.length) return none;
  const running = new Set(step.waiting.map((w) => w.id));
  if (specs.some(([, s]) => s.eventSub!.interrupting && running.has(s.eventSub!.subProcess))) return none;
  const out: { subs: ArmedSub[]; timers: LiveTimer[] } = { subs: [], timers: [] };
  for (const [startId, spec] of specs) {
    const e = spec.eventSub!;
    if (running.has(e.subProcess)) continue;
    const executionId = `${EVENT_SUB}${startId}`;
    if (spec.kind !== 'timer') {
      out.subs.push({ activityId: startId, executionId, spec });
      continue;
    }
    const [fired] = await db
      .select({ id: flowHistory.id })
      .from(flowHistory)
      .where(and(eq(flowHistory.instanceId, inst.id), eq(flowHistory.activityId, startId)))
      .limit(1);
    if (fired) continue;
    // Due from the first arming, the instance's start: the row is kept (not rewritten) by later steps.
    const dueAt = e.timerType === 'timeDate' ? new Date(e.timerValue!) : addDuration(new Date(), e.timerValue!);
    if (dueAt) out.timers.push({ activityId: startId, executionId, timerType: e.timerType!, timerValue: e.timerValue!, dueAt });
  }
  return out;
}
