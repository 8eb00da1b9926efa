import type { ModdleElement } from 'bpmn-moddle';

/**
 * Timer start events (decision 0050): a date (`timeDate`), a duration after the deployment (`timeDuration`) or a
 * bounded repeating interval (`timeCycle` `R5/PT1H`, or `R5/<first date>/PT1H`). The row in flow_timer carries
 * what is left of a cycle in its value (`R4/PT1H` after the first firing), so the count survives restarts and
 * moves in the same transaction as the start it caused. Unbounded cycles (`R/PT1H`), cron expressions and
 * `${…}` values (there are no variables before the start) are not run: the process deploys as 不可执行.
 */

export interface TimerStart {
  activityId: string;
  timerType: 'timeDate' | 'timeDuration' | 'timeCycle';
  timerValue: string;
}

/** Repetitions a cycle may ask for: beyond this a modelling mistake is more likely than a plan. */
export const MAX_REPEATS = 1000;

const DURATION = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
const CYCLE = /^R(\d*)\/(?:([^/]+)\/)?(P[^/]+)$/;

/** `at` plus an ISO 8601 duration, calendar-aware for years and months; null when it is not one. */
export function addDuration(at: Date, duration: string): Date | null {
  const m = DURATION.exec(duration);
  if (!m) return null;
  const [, y, mo, w, d, h, mi, s] = m.map((x) => Number(x ?? 0));
  const out = new Date(at.getTime());
  out.setUTCFullYear(out.getUTCFullYear() + y!, out.getUTCMonth() + mo!);
  out.setTime(out.getTime() + ((((w! * 7 + d!) * 24 + h!) * 60 + mi!) * 60 + s!) * 1000);
  return out;
}

const parseCycle = (value: string) => {
  const m = CYCLE.exec(value);
  if (!m) return null;
  const first = m[2] ? new Date(m[2]) : null;
  if (first && Number.isNaN(first.getTime())) return null;
  if (!addDuration(new Date(0), m[3]!)) return null;
  return { repeats: m[1] === '' ? null : Number(m[1]), first, period: m[3]! };
};

/** Why a timer start event cannot run ('' when it can); its value has passed the shared timer checks. */
export function timerStartWhy(d: ModdleElement, label: string): string {
  const cycle = String((d.timeCycle as ModdleElement | undefined)?.body ?? '').trim();
  const other = ['timeDate', 'timeDuration'].map((k) => String((d[k] as ModdleElement | undefined)?.body ?? '').trim()).find(Boolean) ?? '';
  const value = cycle || other;
  if (/\$\{/.test(value)) return `定时启动「${label}」不能使用表达式(启动前没有流程变量)`;
  if (!cycle) return '';
  return cycleWhy(d, `定时启动「${label}」`);
}

/** Why a cycle cannot run ('' when it can): a bounded ISO 8601 repeating interval (timer starts, boundary timers). */
export function cycleWhy(d: ModdleElement, what: string): string {
  const cycle = String((d.timeCycle as ModdleElement | undefined)?.body ?? '').trim();
  const c = parseCycle(cycle);
  if (!c) return `${what}的循环定时只支持 ISO 8601 重复间隔,如 R5/PT1H`;
  if (c.repeats === null) return `${what}是无限循环(${cycle.slice(0, 40)}),请写明次数,如 R5/PT1H`;
  if (c.repeats < 1 || c.repeats > MAX_REPEATS) return `${what}的重复次数应在 1 到 ${MAX_REPEATS} 之间`;
  return '';
}

export function readTimerStart(el: ModdleElement): TimerStart | null {
  const d = ((el.eventDefinitions as ModdleElement[] | undefined) ?? []).find((x) => x.$type === 'bpmn:TimerEventDefinition');
  if (!d) return null;
  for (const timerType of ['timeCycle', 'timeDate', 'timeDuration'] as const) {
    const body = String((d[timerType] as ModdleElement | undefined)?.body ?? '').trim();
    if (body) return { activityId: el.id!, timerType, timerValue: body };
  }
  return null;
}

/** When a timer start deployed at `deployedAt` fires first. */
export function firstDue(t: TimerStart, deployedAt: Date): Date {
  if (t.timerType === 'timeDate') return new Date(t.timerValue);
  if (t.timerType === 'timeDuration') return addDuration(deployedAt, t.timerValue)!;
  const c = parseCycle(t.timerValue)!;
  return c.first ?? addDuration(deployedAt, c.period)!;
}

/** After a firing due at `due`: the cycle's next firing and value, or null when nothing is left. */
export function nextFiring(t: { timerType: string; timerValue: string }, due: Date): { dueAt: Date; timerValue: string } | null {
  if (t.timerType !== 'timeCycle') return null;
  const c = parseCycle(t.timerValue);
  if (!c || c.repeats === null || c.repeats <= 1) return null;
  // From the due time, not the firing time: repetitions missed while no server ran are caught up one by one.
  return { dueAt: addDuration(due, c.period)!, timerValue: `R${c.repeats - 1}/${c.period}` };
}
