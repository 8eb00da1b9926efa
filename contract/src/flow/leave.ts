import { z } from 'zod';
import { DateTimeOut, Empty, Id, TenantRecord } from '../common';
import { endpoint } from '../endpoint';
import { isDateTimeText } from '../wire';
import { BladeFlow } from './flow';

/** Business table of the leave process: business keys are `blade_process_leave:<id>` (contract §7). */
export const LEAVE_TABLE = 'blade_process_leave';

const LeaveTime = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .refine((s) => isDateTimeText(s), `${label}格式应为 yyyy-MM-dd HH:mm:ss`)
    .transform((s) => (s.length === 10 ? `${s} 00:00:00` : s));

export const LeaveStartIn = z
  .object({
    /** with an id the call only updates the leave row */
    id: z.preprocess((v) => (v === '' || v === null ? undefined : v), Id.optional()),
    processDefinitionId: z
      .string({ error: '缺少必要的请求参数: processDefinitionId' })
      .trim()
      .min(1, '缺少必要的请求参数: processDefinitionId')
      .max(255, 'processDefinitionId格式不正确')
      .regex(/^[\w:.-]+$/, 'processDefinitionId格式不正确'),
    /** the approver's user id */
    taskUser: z
      .union([z.string(), z.number()], { error: '请选择审批人' })
      .transform(String)
      .pipe(
        z
          .string()
          .min(1, '请选择审批人')
          .regex(/^\d{1,19}$/, '审批人ID格式不正确'),
      ),
    startTime: LeaveTime('开始时间'),
    endTime: LeaveTime('结束时间'),
    reason: z.string({ error: '请输入请假理由' }).trim().min(1, '请输入请假理由').max(255, '请假理由不能超过255个字符'),
  })
  .refine((v) => v.endTime >= v.startTime, { message: '结束时间不能早于开始时间', path: ['endTime'] });
export type LeaveStartIn = z.input<typeof LeaveStartIn>;

export const ProcessLeave = z.object({
  ...TenantRecord,
  processDefinitionId: z.string(),
  processInstanceId: z.string(),
  startTime: DateTimeOut,
  endTime: DateTimeOut,
  reason: z.string(),
  days: z.number(),
  taskUser: z.string(),
  taskUserName: z.string(),
  applyTime: DateTimeOut,
  /** the process view of the row; `assigneeName` = the creator's name */
  flow: BladeFlow,
});
export type ProcessLeave = z.infer<typeof ProcessLeave>;

export const leaveEndpoints = {
  startProcess: endpoint({
    method: 'POST',
    path: '/blade-desk/process/leave/start-process',
    summary: '发起请假流程',
    access: { perm: 'work_start' },
    body: LeaveStartIn,
    data: Empty,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/blade-desk/process/leave/detail',
    summary: '请假流程详情',
    access: 'login',
    query: z.object({ businessId: Id }),
    data: ProcessLeave,
  }),
};
