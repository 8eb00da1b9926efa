import type { EventEmitter } from 'node:events';

/**
 * What a step threw (decision 0050, thrown events): bpmn-elements runs error, escalation, signal and compensation
 * throws itself — a boundary event or an event sub-process of the same instance catches them within the step. Two
 * things it leaves to the runtime: an error nothing caught (BPMN 2.0.2 §10.5.4, Camunda 7: the path ends as at a
 * none end event; the runtime records which error ended the instance) and a thrown signal, which reaches the other
 * instances of the tenant too (events.ts `broadcastSignal`).
 */

export interface ThrownError {
  activityId: string;
  name: string;
  code: string;
}

interface ThrowApi {
  id: string;
  content?: { message?: { id?: string; name?: string; code?: string } };
}

export function watchThrows(listener: EventEmitter): { uncaughtErrors(): ThrownError[]; signals: string[] } {
  const errors: Array<ThrownError & { ref: string }> = [];
  const caught: string[] = [];
  const signals: string[] = [];
  listener.on('activity.throw', (api: ThrowApi) => {
    const m = api.content?.message ?? {};
    errors.push({ activityId: api.id, ref: m.id ?? '', name: m.name ?? m.id ?? '', code: m.code ?? '' });
  });
  listener.on('activity.catch', (api: ThrowApi) => caught.push(api.content?.message?.id ?? ''));
  // The name callers signal with (process/signal), as the catches are subscribed (bpmn-events.ts).
  listener.on('activity.signal', (api: ThrowApi) => {
    const m = api.content?.message ?? {};
    if (m.name || m.id) signals.push(String(m.name || m.id));
  });
  return {
    uncaughtErrors: () =>
      errors.filter((e) => {
        const i = caught.indexOf(e.ref);
        if (i < 0) return true;
        caught.splice(i, 1);
        return false;
      }),
    signals,
  };
}

/** How an instance that an uncaught error end event ended says so (instance, its closed tasks, the business). */
export const errorEnding = (e: ThrownError): string => `流程以错误「${e.name || e.code}」结束${e.code ? `(错误代码 ${e.code})` : ''}`.slice(0, 500);
