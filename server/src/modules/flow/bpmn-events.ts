import type { ModdleElement } from 'bpmn-moddle';
import type { EventSpec } from './flow.tables';
import { readEventSub } from './event-subprocesses';

/**
 * Message and signal events at deploy (decision 0050). Caught ones run: message and signal start events,
 * intermediate catch and boundary events, receive tasks; each is recorded with the name callers use
 * (`process/message`, `process/signal`: the bpmn:message / bpmn:signal element's name, as Camunda correlates)
 * and the element id the engine is signalled with. Thrown ones (intermediate throw, end events) do not run yet.
 */

export const CATCHABLE = new Set(['bpmn:TimerEventDefinition', 'bpmn:MessageEventDefinition', 'bpmn:SignalEventDefinition']);

const refOf = (d: ModdleElement): ModdleElement | undefined => (d.messageRef ?? d.signalRef) as ModdleElement | undefined;

/**
 * null: not a message or signal definition; '' : it runs; otherwise why it does not.
 * `catches`: the element catches (start, intermediate catch or boundary event).
 */
export function eventWhy(d: ModdleElement, label: string, catches: boolean): string | null {
  const what = d.$type === 'bpmn:MessageEventDefinition' ? '消息' : d.$type === 'bpmn:SignalEventDefinition' ? '信号' : null;
  if (!what) return null;
  // A thrown signal reaches this instance's catches and every other waiting one (engine-throws.ts, events.ts).
  if (!catches && what === '消息') return `事件「${label}」发送消息暂不支持执行(只支持接收;发送请用绑定服务的发送任务)`;
  if (!refOf(d)?.id) return `${what}事件「${label}」未引用${what}(${what === '消息' ? 'messageRef' : 'signalRef'})`;
  return '';
}

function specOf(el: ModdleElement): EventSpec | null {
  if (el.$type === 'bpmn:ReceiveTask') {
    const m = el.messageRef as ModdleElement | undefined;
    return m?.id ? { kind: 'message', ref: m.id, name: String(m.name || m.id), start: false } : null;
  }
  // Throws are not receivers: a thrown signal is broadcast (engine-throws.ts).
  if (el.$type === 'bpmn:IntermediateThrowEvent' || el.$type === 'bpmn:EndEvent') return null;
  const defs = (el.eventDefinitions as ModdleElement[] | undefined) ?? [];
  if (defs.length !== 1) return null;
  const d = defs[0]!;
  const kind = d.$type === 'bpmn:MessageEventDefinition' ? 'message' : d.$type === 'bpmn:SignalEventDefinition' ? 'signal' : null;
  const ref = refOf(d);
  if (!kind || !ref?.id) return null;
  return { kind, ref: ref.id, name: String(ref.name || ref.id).slice(0, 200), start: el.$type === 'bpmn:StartEvent' };
}

/** Every message and signal catching activity of a process, sub-processes included. */
export function readEvents(elements: ModdleElement[]): Record<string, EventSpec> {
  const out: Record<string, EventSpec> = {};
  for (const el of elements) {
    const inner = (el.flowElements as ModdleElement[] | undefined) ?? [];
    // An event sub-process's start is not the process's: it is armed while an instance runs.
    if (el.triggeredByEvent) {
      Object.assign(out, readEvents(inner.filter((e) => e.$type !== 'bpmn:StartEvent')), readEventSub(el));
      continue;
    }
    Object.assign(out, readEvents(inner));
    const spec = specOf(el);
    if (spec && el.id) out[el.id] = spec;
  }
  return out;
}
