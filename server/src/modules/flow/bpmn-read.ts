import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import { FLOW_MSG } from '@zoo/contract';
import { BizError } from '../../platform/http/errors';
import { checkExpression } from './expression';
import type { TaskSpec } from './flow.tables';

/**
 * Reads a BPMN 2.0 file before it is deployed: which processes it holds, how their user tasks are assigned
 * (Flowable/Activiti/Camunda `assignee`, `candidateUsers`, `candidateGroups` attributes) and whether the engine
 * may run it. Refused: script tasks and script conditions (no user code runs on the server), service/send/
 * business-rule tasks (nothing to call), and any element outside the supported set. Timers are accepted on
 * boundary and intermediate catch events with a duration or a date (decision 0026: the scheduler fires them);
 * cycles and timer start events are refused.
 */

export interface ReadProcess {
  key: string;
  name: string;
  tasks: Record<string, TaskSpec>;
}

const FLOW_NODES = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:Task',
  'bpmn:ManualTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:BoundaryEvent',
  'bpmn:IntermediateCatchEvent',
  'bpmn:InclusiveGateway',
  'bpmn:SequenceFlow',
  'bpmn:TextAnnotation',
  'bpmn:Association',
  'bpmn:Group',
]);

const attr = (el: ModdleElement, name: string): string => {
  for (const [k, v] of Object.entries(el.$attrs ?? {})) if (k === name || k.endsWith(`:${name}`)) return String(v).trim();
  return '';
};
const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function refuse(msg: string): never {
  throw new BizError(msg);
}

function checkElement(el: ModdleElement, where: string): void {
  const label = `${el.name || el.id || el.$type}`;
  if (el.$type === 'bpmn:ScriptTask') refuse(`流程 ${where} 中不允许脚本任务「${label}」`);
  if (!FLOW_NODES.has(el.$type)) refuse(`流程 ${where} 包含不支持的元素 ${el.$type.replace('bpmn:', '')}「${label}」`);
  const defs = (el.eventDefinitions as ModdleElement[] | undefined) ?? [];
  const catching = el.$type === 'bpmn:BoundaryEvent' || el.$type === 'bpmn:IntermediateCatchEvent';
  for (const d of defs) {
    if (d.$type === 'bpmn:TimerEventDefinition') {
      if (!catching) refuse(`流程 ${where} 中的定时器「${label}」只能用在边界事件或中间捕获事件上(不支持定时启动)`);
      checkTimer(d, where, label);
      continue;
    }
    if (d.$type !== 'bpmn:TerminateEventDefinition' || catching) refuse(`流程 ${where} 中的事件「${label}」类型 ${d.$type.replace('bpmn:', '')} 暂不支持`);
  }
  if (catching && (defs.length !== 1 || defs[0]!.$type !== 'bpmn:TimerEventDefinition')) refuse(`流程 ${where} 中的事件「${label}」只支持定时器`);
  const cond = el.conditionExpression as ModdleElement | undefined;
  if (cond) {
    if (cond.language) refuse(`流程 ${where} 的连线「${label}」使用了脚本条件,只支持 \${...} 表达式`);
    const err = checkExpression(String(cond.body ?? ''));
    if (err) refuse(`流程 ${where} 的连线「${label}」条件表达式有误: ${err}`);
  }
  if (el.loopCharacteristics) refuse(`流程 ${where} 中的多实例任务「${label}」暂不支持`);
}

/** ISO 8601 duration (P1D, PT30M, P1DT12H, PT1.5S). */
const DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
/** ISO 8601 date-time with an offset or Z, or a plain date. */
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A timer the scheduler can keep: one duration or one date (a `${…}` expression is checked as an expression). */
function checkTimer(d: ModdleElement, where: string, label: string): void {
  const body = (k: string) => String((d[k] as ModdleElement | undefined)?.body ?? '').trim();
  if (d.timeCycle) refuse(`流程 ${where} 中的定时器「${label}」使用了循环定时(timeCycle),暂不支持,请改用时长(timeDuration)或日期(timeDate)`);
  const kinds = (['timeDuration', 'timeDate'] as const).filter((k) => d[k]);
  if (kinds.length !== 1) refuse(`流程 ${where} 中的定时器「${label}」需要设置时长(timeDuration)或日期(timeDate)之一`);
  const kind = kinds[0]!;
  const value = body(kind);
  if (/^\$\{.+\}$/.test(value)) {
    const err = checkExpression(value);
    if (err) refuse(`流程 ${where} 中的定时器「${label}」表达式有误: ${err}`);
    return;
  }
  const ok = kind === 'timeDuration' ? DURATION.test(value) : DATE.test(value) && !Number.isNaN(Date.parse(value));
  if (!ok)
    refuse(
      `流程 ${where} 中的定时器「${label}」${kind === 'timeDuration' ? '时长应为 ISO 8601 格式,如 PT30M、P1D' : '日期应为 ISO 8601 格式,如 2026-12-01T09:00:00+08:00'}`,
    );
}

export async function parseBpmn(xml: string): Promise<{ root: ModdleElement; processes: ReadProcess[] }> {
  let root: ModdleElement;
  try {
    ({ rootElement: root } = await new BpmnModdle().fromXML(xml));
  } catch {
    throw new BizError(FLOW_MSG.badXml);
  }
  if (root?.$type !== 'bpmn:Definitions') throw new BizError(FLOW_MSG.badXml);
  const procs = ((root.rootElements as ModdleElement[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:Process');
  if (!procs.length) throw new BizError(FLOW_MSG.noProcess);
  const processes: ReadProcess[] = [];
  for (const p of procs) {
    const key = p.id ?? '';
    if (!/^[A-Za-z_][\w.-]{0,99}$/.test(key)) refuse(`流程标识「${key}」格式不正确(字母或下划线开头,不超过100个字符)`);
    const elements = (p.flowElements as ModdleElement[] | undefined) ?? [];
    if (!elements.some((e) => e.$type === 'bpmn:StartEvent')) refuse(`流程 ${key} 缺少开始事件`);
    const tasks: Record<string, TaskSpec> = {};
    for (const el of [...elements, ...((p.artifacts as ModdleElement[] | undefined) ?? [])]) {
      checkElement(el, key);
      if (el.$type === 'bpmn:UserTask') {
        const spec = {
          name: el.name ?? el.id ?? '',
          assignee: attr(el, 'assignee'),
          candidateUsers: list(attr(el, 'candidateUsers')),
          candidateGroups: list(attr(el, 'candidateGroups')),
        };
        for (const x of [spec.assignee, ...spec.candidateUsers, ...spec.candidateGroups]) {
          const err = checkExpression(x);
          if (err) refuse(`流程 ${key} 的任务「${spec.name}」办理人表达式有误: ${err}`);
        }
        tasks[el.id!] = spec;
      }
    }
    processes.push({ key, name: (p.name ?? key).slice(0, 200), tasks });
  }
  return { root, processes };
}
