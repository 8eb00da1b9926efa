import { z } from 'zod';
import { DateTimeOut } from '../common';
import { endpoint } from '../endpoint';
import { isIdText } from '../wire';

/**
 * The server services a process's service and send tasks may call (decision 0050), declared once: the server
 * binds each name to its code, the modeler offers them by name, deploy refuses a name not listed here. A task
 * names its service with `flowable:type` (Flowable's own attribute for its built-in http/mail tasks) and gives
 * its inputs as `flowable:field` elements (literals or `${…}` expressions over the process variables).
 */
export interface FlowServiceField {
  name: string;
  required: boolean;
}
export interface FlowServiceDecl {
  /** Chinese label; the screens translate `flowService.<name>` */
  label: string;
  fields: FlowServiceField[];
  /** any further field names are accepted (setVariables: each field is a variable) */
  openFields?: boolean;
}

export const FLOW_SERVICES = {
  /** publishes a 通知公告 in the instance's zoo */
  notice: {
    label: '发布通知公告',
    fields: [
      { name: 'title', required: true },
      { name: 'content', required: false },
      { name: 'category', required: false },
    ],
  },
  /** POSTs the instance (ids, business key, variables) as JSON to a URL of an origin the operator allowed */
  webhook: {
    label: '调用 Webhook',
    fields: [
      { name: 'url', required: true },
      { name: 'resultVariable', required: false },
    ],
  },
  /** sets process variables: each field is one (name = value) */
  setVariables: { label: '设置流程变量', fields: [], openFields: true },
} as const satisfies Record<string, FlowServiceDecl>;
export type FlowServiceName = keyof typeof FLOW_SERVICES;
export const flowServiceNames = Object.keys(FLOW_SERVICES) as FlowServiceName[];

const IncidentIdIn = z
  .union([z.string(), z.number()], { error: '缺少必要的请求参数: incidentId' })
  .transform((v) => String(v).trim())
  .refine(isIdText, 'incidentId格式不正确');
const InstanceIdIn = z
  .union([z.string(), z.number()], { error: '缺少必要的请求参数: processInstanceId' })
  .transform((v) => String(v).trim())
  .refine(isIdText, 'processInstanceId格式不正确');

/** A failed service call of an instance (open or resolved). */
export const FlowIncident = z.object({
  id: z.string(),
  processInstanceId: z.string(),
  activityId: z.string(),
  activityName: z.string(),
  service: z.string(),
  message: z.string(),
  attempts: z.number(),
  createTime: DateTimeOut,
  updateTime: DateTimeOut,
  resolved: z.boolean(),
});
export type FlowIncident = z.infer<typeof FlowIncident>;
export const IncidentRetryResult = z.object({ resolved: z.boolean(), message: z.string() });

export const flowServiceEndpoints = {
  incidentList: endpoint({
    method: 'GET',
    path: '/blade-flow/follow/incident-list',
    summary: '流程实例的服务调用异常',
    access: { perm: 'flow_follow' },
    query: z.object({ processInstanceId: InstanceIdIn }),
    data: z.array(FlowIncident),
  }),
  incidentRetry: endpoint({
    method: 'POST',
    path: '/blade-flow/follow/incident-retry',
    summary: '重试失败的服务调用',
    access: { perm: 'flow_follow_retry' },
    query: z.object({ incidentId: IncidentIdIn }),
    data: IncidentRetryResult,
  }),
};
