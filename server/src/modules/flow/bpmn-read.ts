import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import { FLOW_MSG } from '@zoo/contract';
import { BizError } from '../../platform/http/errors';
import { checkExpression } from './expression';
import { CATCHABLE, eventWhy, readEvents } from './bpmn-events';
import { readCall, readCalls } from './bpmn-calls';
import { readServices, serviceNameOf, SERVICE_TYPES } from './bpmn-services';
import type { CallSpec, EventSpec, ServiceSpec, TaskSpec } from './flow.tables';
import { eventSubWhy } from './event-subprocesses';
import { cycleWhy, readTimerStart, timerStartWhy, type TimerStart } from './timer-start';

/**
 * Reads a BPMN 2.0 file before it is deployed: which processes it holds, how their user tasks are assigned
 * (Flowable/Activiti/Camunda `assignee`, `candidateUsers`, `candidateGroups` attributes) and whether the engine
 * may run them. Any well-formed BPMN 2.0 file deploys (as Flowable and Camunda deploy it): a process the engine
 * cannot run (not marked isExecutable, or holding elements outside the supported set) is deployed with the reason
 * in `notExecutable` — listed and viewable, refused at start. Refused at deploy only: malformed XML, a file that is
 * not BPMN, script tasks and script conditions (no user code runs on the server), and values that are wrong
 * (expressions the safe evaluator rejects, timers that are not ISO 8601). Data objects and stores only document
 * data: accepted, ignored at run time. Timers run on boundary and intermediate catch events with a duration or a
 * date (decision 0026); call activities and timer start events since decision 0050.
 */

export interface ReadProcess {
  key: string;
  name: string;
  tasks: Record<string, TaskSpec>;
  /** service and send tasks → the registered service they call (bpmn-services.ts) */
  services: Record<string, ServiceSpec>;
  /** message and signal catch events, receive tasks, message and signal start events (bpmn-events.ts) */
  events: Record<string, EventSpec>;
  /** call activities → the process each starts (bpmn-calls.ts) */
  calls: Record<string, CallSpec>;
  /** the process's timer start event, when it starts on a timer (timer-start.ts) */
  timerStart: TimerStart | null;
  /** Why the engine cannot run it; '' when it can. */
  notExecutable: string;
  /** The file with only this process executable, when the file holds others ('' = the file as deployed). */
  engineXml: string;
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
  // None, signal, escalation and compensation throws (decision 0050, thrown events; message throws do not run).
  'bpmn:IntermediateThrowEvent',
  'bpmn:InclusiveGateway',
  // Waits for the first of the catch events after it (engine.ts; its timers and receivers are saved as any).
  'bpmn:EventBasedGateway',
  'bpmn:SequenceFlow',
  'bpmn:TextAnnotation',
  'bpmn:Association',
  'bpmn:Group',
  // Embedded (not event) sub-processes: the engine runs them; their waiting tasks are read through the sub-process.
  'bpmn:SubProcess',
  // Bound to a registered server service (bpmn-services.ts, decision 0050).
  'bpmn:ServiceTask',
  'bpmn:SendTask',
  // Waits for a message (decision 0050).
  'bpmn:ReceiveTask',
  // Starts another deployed process and waits for its end (decision 0050).
  'bpmn:CallActivity',
  // Documentation of data: the engine ignores them.
  'bpmn:DataObject',
  'bpmn:DataObjectReference',
  'bpmn:DataStoreReference',
]);

/**
 * Where bpmn-elements runs the other event definitions (decision 0050, thrown events): a terminate end; an error
 * end caught by an error boundary event; escalation and compensation thrown by an end or intermediate throw event and
 * caught by a boundary event. Anywhere else (an error start, a conditional or link event…) they do not run.
 */
const THROWN_HERE: Record<string, Set<string>> = {
  'bpmn:TerminateEventDefinition': new Set(['bpmn:EndEvent']),
  'bpmn:ErrorEventDefinition': new Set(['bpmn:EndEvent', 'bpmn:BoundaryEvent']),
  'bpmn:EscalationEventDefinition': new Set(['bpmn:EndEvent', 'bpmn:IntermediateThrowEvent', 'bpmn:BoundaryEvent']),
  'bpmn:CompensateEventDefinition': new Set(['bpmn:EndEvent', 'bpmn:IntermediateThrowEvent', 'bpmn:BoundaryEvent']),
};
const BOUNDARY_CATCHABLE = new Set([...CATCHABLE, 'bpmn:ErrorEventDefinition', 'bpmn:EscalationEventDefinition', 'bpmn:CompensateEventDefinition']);

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

/**
 * Refuses what may never be deployed (script code, invalid expressions or timer values) and returns why the engine
 * cannot run the element ('' when it can).
 */
function checkElement(el: ModdleElement, where: string, top = false): string {
  const label = `${el.name || el.id || el.$type}`;
  const type = el.$type.replace('bpmn:', '');
  if (el.$type === 'bpmn:ScriptTask') refuse(`流程 ${where} 中不允许脚本任务「${label}」`);
  const cond = el.conditionExpression as ModdleElement | undefined;
  if (cond) {
    if (cond.language) refuse(`流程 ${where} 的连线「${label}」使用了脚本条件,只支持 \${...} 表达式`);
    const err = checkExpression(String(cond.body ?? ''));
    if (err) refuse(`流程 ${where} 的连线「${label}」条件表达式有误: ${err}`);
  }
  const defs = (el.eventDefinitions as ModdleElement[] | undefined) ?? [];
  for (const d of defs) {
    const c = d.condition as ModdleElement | undefined;
    if (c?.language) refuse(`流程 ${where} 中的事件「${label}」使用了脚本条件,只支持 \${...} 表达式`);
    if (d.$type === 'bpmn:TimerEventDefinition') checkTimer(d, where, label);
  }
  const espWhy = el.$type === 'bpmn:SubProcess' && el.triggeredByEvent ? eventSubWhy(el, top) : '';
  if (espWhy) return espWhy;
  const children = ((el.flowElements as ModdleElement[] | undefined) ?? []).filter(
    // An event sub-process's start event was checked with it (its timer or message starts the sub-process).
    (c) => !(el.triggeredByEvent && c.$type === 'bpmn:StartEvent'),
  );
  const inner = [...children, ...((el.artifacts as ModdleElement[] | undefined) ?? [])];
  let why = '';
  for (const child of inner) why ||= checkElement(child, where);
  if (why) return why;
  if (!FLOW_NODES.has(el.$type)) return `包含暂不支持执行的元素 ${type}「${label}」`;
  if (SERVICE_TYPES.has(el.$type) && !serviceNameOf(el)) return `服务任务「${label}」未选择要调用的服务(flowable:type)`;
  if (el.$type === 'bpmn:CallActivity') {
    const { why } = readCall(el, where);
    if (why) return why;
  }
  const catching = el.$type === 'bpmn:BoundaryEvent' || el.$type === 'bpmn:IntermediateCatchEvent';
  const start = el.$type === 'bpmn:StartEvent';
  for (const d of defs) {
    const kind = d.$type.replace('bpmn:', '');
    if (d.$type === 'bpmn:TimerEventDefinition') {
      if (start && top) {
        const why = timerStartWhy(d, label);
        if (why) return why;
        continue;
      }
      if (!catching) return `定时器「${label}」只能用在边界事件或中间捕获事件上(暂不支持定时启动)`;
      if (d.timeCycle) {
        // A bounded cycle repeats on a boundary event while its task waits (an interrupting one fires once).
        if (el.$type !== 'bpmn:BoundaryEvent') return `定时器「${label}」使用了循环定时(timeCycle),只支持用在边界事件上`;
        const why = cycleWhy(d, `定时器「${label}」`);
        if (why) return why;
      }
      continue;
    }
    // Messages and signals are caught (decision 0050): correlated by process/message, broadcast by process/signal.
    const why = eventWhy(d, label, catching || start);
    if (why !== null) {
      if (why) return why;
      continue;
    }
    if (!THROWN_HERE[d.$type]?.has(el.$type)) return `事件「${label}」的类型 ${kind} 暂不支持执行`;
  }
  if (start && defs.length > 1) return `开始事件「${label}」定义了多个触发方式,暂不支持`;
  const catchable = el.$type === 'bpmn:BoundaryEvent' ? BOUNDARY_CATCHABLE : CATCHABLE;
  if (catching && (defs.length !== 1 || !catchable.has(defs[0]!.$type)))
    return el.$type === 'bpmn:BoundaryEvent' ? `边界事件「${label}」只支持定时器、消息、信号、错误、升级或补偿` : `事件「${label}」只支持定时器、消息或信号`;
  if (defs.length > 1) return `事件「${label}」定义了多个事件类型,暂不支持`;
  if (el.$type === 'bpmn:ReceiveTask' && !el.messageRef) return `接收任务「${label}」未引用消息(messageRef)`;
  if (el.loopCharacteristics) return `多实例任务「${label}」暂不支持执行`;
  return '';
}

/** ISO 8601 duration (P1D, PT30M, P1DT12H, PT1.5S). */
const DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
/** ISO 8601 date-time with an offset or Z, or a plain date. */
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A timer the scheduler can keep: one duration or one date (a `${…}` expression is checked as an expression). */
function checkTimer(d: ModdleElement, where: string, label: string): void {
  const body = (k: string) => String((d[k] as ModdleElement | undefined)?.body ?? '').trim();
  if (d.timeCycle) return; // not run (a cycle): the process is marked not executable, its value is not read
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

/** The parser's complaint, with its line and column (1-based), in a 400 the user can act on. */
function parseError(e: unknown): BizError {
  const err = e as { message?: string; warnings?: Array<{ message?: string }> };
  const text = [err.message ?? '', ...(err.warnings ?? []).map((w) => w.message ?? '')].find((m) => /line: \d+/.test(m)) ?? err.message ?? '';
  const m = /unparsable content (.*?) detected\s+line: (\d+)\s+column: (\d+)\s+nested error: (.*)/s.exec(text);
  if (!m) return new BizError(`${FLOW_MSG.badXml}: ${(err.message ?? '').slice(0, 200)}`);
  const at = `第 ${Number(m[2]) + 1} 行第 ${Number(m[3]) + 1} 列`;
  if (/unexpected element/.test(m[4]!) && /failed to parse document/.test(err.message ?? ''))
    return new BizError(`不是 BPMN 2.0 文件(${at}): 根元素 ${m[1]!.slice(0, 80)} 不是 BPMN 的 definitions`);
  return new BizError(`${FLOW_MSG.badXml}(${at}): ${m[4]!.trim().slice(0, 200)},位于 ${m[1]!.slice(0, 80)}`);
}

export async function parseBpmn(xml: string): Promise<{ root: ModdleElement; processes: ReadProcess[] }> {
  const moddle = new BpmnModdle();
  let root: ModdleElement;
  try {
    ({ rootElement: root } = await moddle.fromXML(xml));
  } catch (e) {
    throw parseError(e);
  }
  if (root?.$type !== 'bpmn:Definitions') throw new BizError(FLOW_MSG.badXml);
  const procs = ((root.rootElements as ModdleElement[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:Process');
  if (!procs.length) throw new BizError(FLOW_MSG.noProcess);
  const processes: ReadProcess[] = [];
  for (const p of procs) {
    const key = p.id ?? '';
    if (!/^[A-Za-z_][\w.-]{0,99}$/.test(key)) refuse(`流程标识「${key}」格式不正确(字母或下划线开头,不超过100个字符)`);
    const elements = (p.flowElements as ModdleElement[] | undefined) ?? [];
    let why = '';
    for (const el of [...elements, ...((p.artifacts as ModdleElement[] | undefined) ?? [])]) why ||= checkElement(el, key, true);
    const starts = elements.filter((e) => e.$type === 'bpmn:StartEvent');
    if (!starts.length) why ||= '缺少开始事件';
    const timed = starts.map(readTimerStart).filter((x) => x !== null);
    // The engine starts every start event of a process at once: a timer start must be the only way in.
    if (timed.length && starts.length > 1) why ||= '定时启动的流程只能有一个开始事件';
    if (p.isExecutable !== true) why = '未标记为可执行(isExecutable)';
    processes.push({
      key,
      name: (p.name ?? key).slice(0, 200),
      tasks: readTasks(elements, key),
      services: readServices(elements, key),
      events: readEvents(elements),
      calls: readCalls(elements, key),
      timerStart: timed[0] ?? null,
      notExecutable: why.slice(0, 500),
      engineXml: '',
    });
  }
  // The engine starts every executable process of a file: one that shares its file runs from a copy in which the
  // others are not executable. A timer start event is a plain start event in the engine's copy: the scheduler
  // decides when an instance starts (as a manual start of such a process starts at once in Camunda 7).
  const shared = procs.filter((p) => p.isExecutable === true).length > 1;
  const timedStarts = procs.flatMap((p) =>
    ((p.flowElements as ModdleElement[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:StartEvent' && readTimerStart(e)),
  );
  if (shared || timedStarts.length) {
    const flags = procs.map((p) => p.isExecutable as boolean | undefined);
    const defs = timedStarts.map((e) => e.eventDefinitions);
    timedStarts.forEach((e) => (e.eventDefinitions = []));
    for (const [i, proc] of processes.entries()) {
      if (proc.notExecutable) continue;
      if (!shared && !proc.timerStart) continue;
      if (shared) procs.forEach((p, j) => (p.isExecutable = j === i));
      proc.engineXml = (await moddle.toXML(root)).xml;
    }
    procs.forEach((p, j) => (p.isExecutable = flags[j]));
    timedStarts.forEach((e, i) => (e.eventDefinitions = defs[i]));
  }
  return { root, processes };
}

/** User tasks and their assignment, sub-processes included; assignee expressions are checked. */
function readTasks(elements: ModdleElement[], key: string): Record<string, TaskSpec> {
  const tasks: Record<string, TaskSpec> = {};
  for (const el of elements) {
    if (el.flowElements) Object.assign(tasks, readTasks(el.flowElements as ModdleElement[], key));
    if (el.$type !== 'bpmn:UserTask') continue;
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
  return tasks;
}
