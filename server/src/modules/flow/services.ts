import { sql } from 'drizzle-orm';
import { FLOW_SERVICES, type FlowServiceName } from '@zoo/contract';
import type { Tx } from '../../db/client';
import { egressFor, egressPost } from '../../platform/http/egress';
import { bladeNotice } from '../desk/notice/notice.tables';
import type { Vars } from './expression';
import type { InstanceRow } from './runtime';

/**
 * The code behind the declared services (contract FLOW_SERVICES, decision 0050). A call runs on the step's
 * transaction, as the instance's tenant, inside a savepoint: a failure undoes its own writes and becomes an
 * incident. What it answers is merged into the process variables.
 */

export interface ServiceCall {
  db: Tx;
  instance: InstanceRow;
  activityId: string;
  /** the task's fields, expressions already resolved */
  fields: Record<string, unknown>;
  vars: Vars;
}
type ServiceFn = (call: ServiceCall) => Promise<Vars>;

/** Where webhooks may go: set once per process from the configuration (FLOW_WEBHOOK_ORIGINS, ALLOW_PRIVATE_ENDPOINTS). */
const settings = { webhookOrigins: [] as string[], allowPrivate: '' };
export function configureServices(webhookOrigins: string[], allowPrivate: string): void {
  settings.webhookOrigins = webhookOrigins;
  settings.allowPrivate = allowPrivate;
}

/** A service's failure the user reads on the incident (no stack, no SQL). */
export class ServiceFailure extends Error {}

const text = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

const notice: ServiceFn = async ({ db, fields }) => {
  const title = text(fields.title).trim().slice(0, 255);
  if (!title) throw new ServiceFailure('通知标题为空');
  const category = Number(text(fields.category) || 1);
  if (!Number.isInteger(category) || category < 1 || category > 6) throw new ServiceFailure('通知类型应为 1 到 6');
  await db.insert(bladeNotice).values({ title, category, content: text(fields.content), releaseTime: sql`localtimestamp(0)` });
  return {};
};

const webhook: ServiceFn = async ({ instance, activityId, fields, vars }) => {
  let url: URL;
  try {
    url = new URL(text(fields.url));
  } catch {
    throw new ServiceFailure(`Webhook 地址不正确: ${text(fields.url).slice(0, 200)}`);
  }
  if (!settings.webhookOrigins.includes(url.origin)) throw new ServiceFailure(`Webhook 地址 ${url.origin} 不在允许的来源 (FLOW_WEBHOOK_ORIGINS) 中`);
  const body = JSON.stringify({
    processInstanceId: instance.id,
    processDefinitionKey: instance.processKey,
    businessKey: instance.businessKey,
    activityId,
    variables: vars,
  });
  let res: { status: number; text: string };
  try {
    res = await egressPost(egressFor(settings.allowPrivate), url.href, {
      headers: { 'content-type': 'application/json' },
      body,
      timeoutMs: 5000,
      maxBytes: 64 * 1024,
    });
  } catch (e) {
    throw new ServiceFailure(`Webhook 调用失败: ${(e as Error).message}`);
  }
  if (res.status < 200 || res.status >= 300) throw new ServiceFailure(`Webhook 返回 HTTP ${res.status}: ${res.text.slice(0, 200)}`);
  const into = text(fields.resultVariable).trim();
  if (!into) return {};
  let value: unknown = res.text;
  try {
    value = JSON.parse(res.text);
  } catch {
    // a plain-text answer is kept as text
  }
  return { [into]: value };
};

const setVariables: ServiceFn = async ({ fields }) => ({ ...fields });

const IMPLEMENTATIONS: Record<FlowServiceName, ServiceFn> = { notice, webhook, setVariables };

export const isServiceName = (name: string): name is FlowServiceName => Object.hasOwn(FLOW_SERVICES, name);

export function runService(name: string, call: ServiceCall): Promise<Vars> {
  if (!isServiceName(name)) return Promise.reject(new ServiceFailure(`服务「${name}」未登记`));
  return IMPLEMENTATIONS[name](call);
}
