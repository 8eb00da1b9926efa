import type { ModdleElement } from 'bpmn-moddle';
import { FLOW_SERVICES } from '@zoo/contract';
import { BizError } from '../../platform/http/errors';
import { checkExpression } from './expression';
import type { ServiceSpec } from './flow.tables';
import { isServiceName } from './services';

/**
 * Service and send tasks at deploy (decision 0050): the service a task calls is named by `flowable:type`
 * (or Flowable's `delegateExpression="${name}"`), its inputs by `flowable:field` elements (`stringValue`,
 * `expression`, or a nested `flowable:string` / `flowable:expression`). A name outside the registry, a missing
 * required field, an unknown field or a bad expression is refused with a 400; a task naming no service deploys
 * as 不可执行 (a diagram drawn elsewhere still deploys and can be bound later).
 */

export const SERVICE_TYPES = new Set(['bpmn:ServiceTask', 'bpmn:SendTask']);

const attrOf = (el: ModdleElement, name: string): string => {
  for (const [k, v] of Object.entries(el.$attrs ?? {})) if (k === name || k.endsWith(`:${name}`)) return String(v).trim();
  return '';
};

/** The service a task names, '' when none. */
export function serviceNameOf(el: ModdleElement): string {
  const type = attrOf(el, 'type');
  if (type) return type;
  const m = /^\$\{\s*([A-Za-z_]\w*)\s*\}$/.exec(attrOf(el, 'delegateExpression'));
  return m ? m[1]! : '';
}

function fieldsOf(el: ModdleElement): Record<string, string> {
  const values = ((el.extensionElements as ModdleElement | undefined)?.values as ModdleElement[] | undefined) ?? [];
  const out: Record<string, string> = {};
  for (const v of values) {
    if (!/(^|:)field$/i.test(v.$type)) continue;
    const name = String(v.name ?? '').trim();
    if (!name) continue;
    const child = ((v.$children as ModdleElement[] | undefined) ?? []).find((c) => /(^|:)(string|expression)$/i.test(c.$type));
    out[name] = String(v.stringValue ?? v.expression ?? child?.$body ?? '').trim();
  }
  return out;
}

/** Reads a service or send task's call, refusing what cannot be right; null when it names no service. */
export function readService(el: ModdleElement, where: string): ServiceSpec | null {
  const label = `${el.name || el.id}`;
  const service = serviceNameOf(el);
  if (!service) return null;
  const refuse = (msg: string): never => {
    throw new BizError(`流程 ${where} 的${el.$type === 'bpmn:SendTask' ? '发送任务' : '服务任务'}「${label}」${msg}`);
  };
  if (!isServiceName(service))
    refuse(
      `调用了未登记的服务「${service.slice(0, 60)}」,可用的服务: ${Object.entries(FLOW_SERVICES)
        .map(([k, d]) => `${k}(${d.label})`)
        .join('、')}`,
    );
  const decl = FLOW_SERVICES[service as keyof typeof FLOW_SERVICES];
  const fields = fieldsOf(el);
  for (const f of decl.fields) if (f.required && !fields[f.name]) refuse(`缺少服务「${decl.label}」的必填参数 ${f.name}`);
  const known = new Set<string>(decl.fields.map((f) => f.name));
  for (const [name, value] of Object.entries(fields)) {
    if (!('openFields' in decl) && !known.has(name)) refuse(`的参数 ${name} 不属于服务「${decl.label}」(可用: ${[...known].join('、')})`);
    if (!/^[A-Za-z_]\w{0,59}$/.test(name)) refuse(`的参数名「${name.slice(0, 60)}」格式不正确`);
    const err = checkExpression(value);
    if (err) refuse(`的参数 ${name} 表达式有误: ${err}`);
  }
  return { name: String(el.name ?? el.id ?? ''), service, fields };
}

/** Every service call of a process, sub-processes included. */
export function readServices(elements: ModdleElement[], where: string): Record<string, ServiceSpec> {
  const out: Record<string, ServiceSpec> = {};
  for (const el of elements) {
    if (el.flowElements) Object.assign(out, readServices(el.flowElements as ModdleElement[], where));
    if (!SERVICE_TYPES.has(el.$type)) continue;
    const spec = readService(el, where);
    if (spec) out[el.id!] = spec;
  }
  return out;
}
