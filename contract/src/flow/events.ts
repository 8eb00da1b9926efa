import { z } from 'zod';
import { endpoint } from '../endpoint';
import { isIdText } from '../wire';

/**
 * Messages and signals for running processes (decision 0050), with Camunda 7 REST's field names: a message
 * reaches the one instance waiting for it (narrowed by business key or instance) or starts the process whose
 * start event catches it; a signal reaches every waiting instance of the zoo and starts processes that catch it.
 */

const EventName = (label: string) =>
  z
    .string({ error: `缺少必要的请求参数: ${label}` })
    .trim()
    .min(1, `缺少必要的请求参数: ${label}`)
    .max(200, `${label}不能超过200个字符`);

/** Process variables handed in with the event: plain names, at most 50. */
const VAR_NAME = /^(?!__proto__$|constructor$|prototype$)[A-Za-z_]\w{0,59}$/;
export const EventVariables = z
  .record(z.string(), z.unknown())
  .refine((v) => Object.keys(v).every((k) => VAR_NAME.test(k)), '变量名应为字母或下划线开头的字母、数字、下划线组合(不超过60个字符)')
  .refine((v) => Object.keys(v).length <= 50, '变量不能超过50个')
  .optional();

export const MessageIn = z.object({
  messageName: EventName('messageName'),
  businessKey: z.string().trim().max(120, 'businessKey不能超过120个字符').optional(),
  processInstanceId: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine(isIdText, 'processInstanceId格式不正确')
    .optional(),
  variables: EventVariables,
});
export const SignalIn = z.object({ signalName: EventName('signalName'), variables: EventVariables });

export const flowEventEndpoints = {
  message: endpoint({
    method: 'POST',
    path: '/blade-flow/process/message',
    summary: '发送消息(关联一个等待中的流程实例,或启动以该消息开始的流程)',
    access: { perm: 'work_start' },
    body: MessageIn,
    data: z.object({ processInstanceId: z.string(), started: z.boolean() }),
  }),
  signal: endpoint({
    method: 'POST',
    path: '/blade-flow/process/signal',
    summary: '广播信号(本租户所有等待该信号的流程实例)',
    access: { perm: 'work_start' },
    body: SignalIn,
    data: z.object({ delivered: z.number(), started: z.number() }),
  }),
};
