import type { ModdleElement } from 'bpmn-moddle';
import { BizError } from '../../platform/http/errors';
import { checkExpression } from './expression';
import type { CallMapping, CallSpec } from './flow.tables';

/**
 * Call activities at deploy (decision 0050). Both dialects a BladeX user meets are read:
 * - Camunda 7: `calledElement`, `camunda:calledElementBinding` (latest | version | deployment; versionTag is not
 *   run) with `camunda:calledElementVersion`, `camunda:in` / `camunda:out` (`source` or `sourceExpression` →
 *   `target`, or `variables="all"`), `camunda:in businessKey="…"` (the caller's business key goes along);
 * - Flowable 6: `calledElement`, `flowable:calledElementType="id"` (a definition id), `flowable:sameDeployment`,
 *   `flowable:in` / `flowable:out`, `flowable:inheritVariables`, `flowable:inheritBusinessKey`.
 * Whether the called process exists is not checked here: Camunda 7 resolves it when the activity runs, so
 * processes may be deployed in any order. Wrong values (a bad expression, a version that is not a number) are
 * refused; what the engine cannot run is a reason for 不可执行.
 */

const attrOf = (el: ModdleElement, name: string): string => {
  for (const [k, v] of Object.entries(el.$attrs ?? {})) if (k === name || k.endsWith(`:${name}`)) return String(v).trim();
  return '';
};
const prop = (el: ModdleElement, name: string): string => String(el[name] ?? attrOf(el, name) ?? '').trim();

export interface ReadCall {
  spec: CallSpec | null;
  /** why it cannot run ('' when it can) */
  why: string;
}

function mappings(el: ModdleElement, dir: 'in' | 'out', fail: (m: string) => never): CallMapping[] {
  const values = ((el.extensionElements as ModdleElement | undefined)?.values as ModdleElement[] | undefined) ?? [];
  const out: CallMapping[] = [];
  for (const v of values) {
    if (!new RegExp(`(^|:)${dir}$`).test(v.$type)) continue;
    if (prop(v, 'variables') === 'all') {
      out.push({ all: true });
      continue;
    }
    const target = prop(v, 'target');
    const source = prop(v, 'source');
    const sourceExpression = prop(v, 'sourceExpression');
    if (!target) {
      if (prop(v, 'businessKey')) continue; // read by callOf
      fail(`的变量${dir === 'in' ? '传入' : '传出'}缺少 target`);
    }
    if (!/^[A-Za-z_]\w{0,59}$/.test(target)) fail(`的变量名「${target.slice(0, 60)}」格式不正确`);
    if (sourceExpression) {
      const err = checkExpression(sourceExpression);
      if (err) fail(`的变量 ${target} 表达式有误: ${err}`);
      out.push({ sourceExpression, target });
    } else out.push({ source: source || target, target });
  }
  return out;
}

/** A call activity's spec, refusing wrong values. */
export function readCall(el: ModdleElement, where: string): ReadCall {
  const label = `${el.name || el.id}`;
  const fail = (msg: string): never => {
    throw new BizError(`流程 ${where} 的调用活动「${label}」${msg}`);
  };
  const calledElement = prop(el, 'calledElement');
  if (!calledElement) return { spec: null, why: `调用活动「${label}」未指定被调用的流程(calledElement)` };
  const err = checkExpression(calledElement);
  if (err) fail(`的被调用流程表达式有误: ${err}`);
  let binding: CallSpec['binding'] = 'latest';
  let version: number | undefined;
  const camunda = attrOf(el, 'calledElementBinding');
  if (camunda === 'versionTag') return { spec: null, why: `调用活动「${label}」按版本标签(versionTag)调用,暂不支持` };
  if (camunda === 'version') {
    const v = attrOf(el, 'calledElementVersion');
    if (!/^[1-9]\d{0,5}$/.test(v)) fail(`的版本(calledElementVersion)应为正整数`);
    binding = 'version';
    version = Number(v);
  } else if (camunda === 'deployment' || attrOf(el, 'sameDeployment') === 'true') binding = 'deployment';
  else if (camunda && camunda !== 'latest') fail(`的 calledElementBinding 只能是 latest、version 或 deployment`);
  if (attrOf(el, 'calledElementType') === 'id') binding = 'id';
  const inherit = attrOf(el, 'inheritVariables') === 'true';
  const values = ((el.extensionElements as ModdleElement | undefined)?.values as ModdleElement[] | undefined) ?? [];
  const keyIn = values.some((v) => /(^|:)in$/.test(v.$type) && prop(v, 'businessKey'));
  const ins = mappings(el, 'in', fail);
  return {
    spec: {
      name: String(el.name ?? el.id ?? '').slice(0, 200),
      calledElement,
      binding,
      ...(version ? { version } : {}),
      in: inherit ? [{ all: true }, ...ins] : ins,
      out: mappings(el, 'out', fail),
      businessKey: keyIn || attrOf(el, 'inheritBusinessKey') === 'true',
    },
    why: '',
  };
}

/** Every call activity of a process, sub-processes included. */
export function readCalls(elements: ModdleElement[], where: string): Record<string, CallSpec> {
  const out: Record<string, CallSpec> = {};
  for (const el of elements) {
    if (el.flowElements) Object.assign(out, readCalls(el.flowElements as ModdleElement[], where));
    if (el.$type !== 'bpmn:CallActivity') continue;
    const { spec } = readCall(el, where);
    if (spec) out[el.id!] = spec;
  }
  return out;
}
