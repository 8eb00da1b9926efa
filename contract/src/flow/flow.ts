import { z } from 'zod';
import { DateTimeOut, Empty, Id, Page, PageQuery } from '../common';
import { defineCrud } from '../resource';
import { isDateTimeText, isIdText } from '../wire';
import { endpoint } from '../endpoint';

/**
 * Workflow (api-contract §7): BladeX blade-flow calls over our BPMN engine. Field names are Flowable's as BladeX
 * exposes them. Process categories are `flow_<dictKey>` of the `flow` dictionary (§6); ids are strings.
 */

/** Flowable-style text ids (process definition ids are `<key>:<version>:<id>`); bounded, no controls. */
const FlowId = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `缺少必要的请求参数: ${label}` })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, `缺少必要的请求参数: ${label}`)
        .max(255, `${label}格式不正确`)
        .refine((s) => /^[\w:.-]+$/.test(s), `${label}格式不正确`),
    );
const optFlowId = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), FlowId(label).optional());
const optQueryText = (max: number) => z.string().trim().max(max, `查询条件不能超过${max}个字符`).optional();

/** `flow_<dictKey>`; "" or missing means every category. */
export const FlowCategoryIn = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .trim()
    .regex(/^flow_\d{1,9}$/, '流程分类格式应为 flow_<字典键值>')
    .optional(),
);
/** 1 common (no tenant), 2 the tenant's own; missing = both. */
export const FlowModeIn = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.union([z.literal(1), z.literal(2)], { error: '流程模式取值不正确' }).optional(),
);
/** Comma-joined tenant ids of a deployment; "" makes a common process. */
export const TenantIdsIn = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string()
    .max(2000, '租户ID不能超过2000个字符')
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().regex(/^\d{6}$/, '租户ID格式不正确'))),
);

/** SUSPENSION states of a process definition or instance. */
export const SUSPENSION_STATES = { active: 1, suspended: 2 } as const;

/** A deployed process definition (`start-list`, `manager/list`). */
export const FlowProcess = z.object({
  /** processDefinitionId, `<key>:<version>:<id>` */
  id: z.string(),
  /** "" for a common (mode 1) definition. */
  tenantId: z.string(),
  name: z.string(),
  key: z.string(),
  category: z.string(),
  categoryName: z.string(),
  version: z.number(),
  deploymentId: z.string(),
  resourceName: z.string(),
  diagramResourceName: z.string(),
  /** 1 active, 2 suspended */
  suspensionState: z.number(),
  deploymentTime: DateTimeOut,
  /** false: deployed and viewable, but the engine cannot run it (不可执行); `notExecutable` says why. */
  executable: z.boolean(),
  notExecutable: z.string(),
});
export type FlowProcess = z.infer<typeof FlowProcess>;

/** The row of every work list, the history list and the leave detail's `flow` (contract §7.1). */
export const BladeFlow = z.object({
  taskId: z.string(),
  taskName: z.string(),
  taskDefinitionKey: z.string(),
  assignee: z.string(),
  assigneeName: z.string(),
  createTime: DateTimeOut,
  claimTime: DateTimeOut,
  endTime: DateTimeOut,
  historyTaskEndTime: DateTimeOut,
  executionId: z.string(),
  variables: z.record(z.string(), z.unknown()),
  category: z.string(),
  categoryName: z.string(),
  processDefinitionId: z.string(),
  processDefinitionKey: z.string(),
  processDefinitionName: z.string(),
  processDefinitionVersion: z.number(),
  processInstanceId: z.string(),
  historyProcessInstanceId: z.string(),
  /** "finished" | "unfinished" */
  processIsFinished: z.string(),
  businessTable: z.string(),
  businessId: z.string(),
  /** "claim" | "todo" | "finish" */
  status: z.string(),
  comment: z.string(),
  flag: z.string(),
  isPass: z.boolean(),
  pass: z.boolean(),
  // history-flow-list / model-view items
  historyActivityId: z.string(),
  historyActivityName: z.string(),
  /** startEvent, userTask, endEvent, sequenceFlow, candidate, … */
  historyActivityType: z.string(),
  /** human-readable, e.g. "1小时2分3秒" */
  historyActivityDurationTime: z.string(),
  /** a callActivity step: the instance it started (decision 0050) */
  calledProcessInstanceId: z.string().optional(),
});
export type BladeFlow = z.infer<typeof BladeFlow>;

/** A designed model (`model/*`). */
export const FlowModel = z.object({
  id: z.string(),
  modelKey: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.number(),
  created: DateTimeOut,
  lastUpdated: DateTimeOut,
  createdBy: z.string(),
  lastUpdatedBy: z.string(),
  /** 0 = BPMN process model (Flowable's MODEL_TYPE_BPMN) */
  modelType: z.number(),
  tenantId: z.string(),
});
export type FlowModel = z.infer<typeof FlowModel>;
export const FlowModelDetail = FlowModel.extend({ modelEditorXml: z.string() });
export type FlowModelDetail = z.infer<typeof FlowModelDetail>;

/** A running process instance (`follow/list`). */
export const FlowExecution = z.object({
  id: z.string(),
  name: z.string(),
  startUserId: z.string(),
  startUser: z.string(),
  startTime: DateTimeOut,
  taskDefinitionId: z.string(),
  taskDefinitionKey: z.string(),
  category: z.string(),
  categoryName: z.string(),
  processInstanceId: z.string(),
  processDefinitionId: z.string(),
  processDefinitionKey: z.string(),
  activityId: z.string(),
  suspensionState: z.number(),
  executionId: z.string(),
  /** open incidents: failed service calls waiting for a retry (decision 0050) */
  incidents: z.number(),
});
export type FlowExecution = z.infer<typeof FlowExecution>;

export const StartListQuery = PageQuery.extend({
  category: FlowCategoryIn,
  mode: FlowModeIn,
  name: optQueryText(100),
});
export const WorkListQuery = PageQuery.extend({
  category: FlowCategoryIn,
  processDefinitionName: optQueryText(100),
  beginDate: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((s) => isDateTimeText(s), '开始日期格式应为 yyyy-MM-dd')
      .optional(),
  ),
  endDate: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((s) => isDateTimeText(s), '结束日期格式应为 yyyy-MM-dd')
      .optional(),
  ),
});
export const TaskIdQuery = z.object({ taskId: FlowId('taskId') });
export const DeleteTaskQuery = z.object({ taskId: FlowId('taskId'), reason: optQueryText(500) });
export const CompleteTaskIn = z.object({
  taskId: FlowId('taskId'),
  processInstanceId: FlowId('processInstanceId'),
  /** "ok" = 同意; missing = 驳回 (unless the comment is 同意) */
  flag: z.preprocess((v) => (v === null ? undefined : v), z.string().max(20, '审批标识格式不正确').optional()),
  /** defaults to 同意 */
  comment: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(1000, '审批意见不能超过1000个字符').optional()),
  /** extra process variables: plain JSON values only */
  variables: z
    .record(z.string().regex(/^[A-Za-z_]\w{0,63}$/, '流程变量名格式不正确'), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
    .optional(),
});
export type CompleteTaskIn = z.input<typeof CompleteTaskIn>;

/** Messages of the work calls (contract §7.1) and of the engine's refusals. */
export const FLOW_MSG = {
  claimed: '签收事务成功',
  deleted: '删除任务成功',
  claimTaken: '该任务已被其他人签收',
  taskMissing: '任务不存在或已处理',
  notCandidate: '您不是该任务的候选人,无法签收',
  notAssignee: '该任务未分配给您,请先签收',
  definitionMissing: '流程定义不存在',
  definitionSuspended: '流程定义已挂起,无法发起',
  instanceMissing: '流程实例不存在',
  startFailed: '开启流程失败',
  activated: (id: string) => `激活ID为 [${id}] 的流程成功`,
  suspended: (id: string) => `挂起ID为 [${id}] 的流程成功`,
  sameState: (id: string) => `ID为 [${id}] 的流程已是此状态，无需操作`,
  badXml: 'BPMN 文件格式不正确',
  noProcess: 'BPMN 文件中没有流程 (process)',
  notExecutable: (name: string, why: string) => `流程「${name}」不可执行: ${why}`,
  badExtension: '只能上传 .bpmn20.xml 或 .bpmn 文件',
} as const;

export const HistoryFlowQuery = z.object({
  processInstanceId: FlowId('processInstanceId'),
  startActivityId: optFlowId('startActivityId'),
  endActivityId: optFlowId('endActivityId'),
});
export const ResourceViewQuery = z.object({
  processDefinitionId: FlowId('processDefinitionId'),
  processInstanceId: optFlowId('processInstanceId'),
  resourceType: z.enum(['image', 'xml'], { error: 'resourceType 取值应为 image 或 xml' }).default('xml'),
});
export const DiagramViewQuery = z.object({ processInstanceId: FlowId('processInstanceId') });
export const ModelViewQuery = z
  .object({ processInstanceId: optFlowId('processInstanceId'), processDefinitionId: optFlowId('processDefinitionId') })
  .refine((q) => q.processInstanceId || q.processDefinitionId, '缺少必要的请求参数: processInstanceId 或 processDefinitionId');
export const ModelView = z.object({ xml: z.string(), flow: z.array(BladeFlow).optional() });

export const ModelSubmitIn = z.object({
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), Id.optional()),
  modelKey: z
    .string({ error: '请输入模型标识' })
    .trim()
    .min(1, '请输入模型标识')
    .max(100, '模型标识不能超过100个字符')
    .regex(/^[A-Za-z_][\w.-]*$/, '模型标识只能包含字母、数字、下划线、点和连字符,且以字母或下划线开头'),
  name: z.string({ error: '请输入模型名称' }).trim().min(1, '请输入模型名称').max(100, '模型名称不能超过100个字符'),
  description: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(500, '模型描述不能超过500个字符').optional()),
  modelEditorXml: z.preprocess((v) => (v === null ? undefined : v), z.string().max(1_000_000, '模型内容不能超过1MB').optional()),
});

/**
 * Models are a tenant's own rows served by the resource builder (list, detail, submit, remove at
 * /blade-flow/model/*; buttons flow_model_add/edit/delete/view). List rows carry modelEditorXml as "".
 */
export const flowModel = defineCrud({
  name: 'flow_model',
  base: '/blade-flow/model',
  title: '流程模型',
  record: FlowModelDetail,
  input: ModelSubmitIn,
  filters: z.object({ name: z.string().optional(), modelKey: z.string().optional() }),
  submitData: FlowModel,
  access: { list: { perm: 'flow_model' }, detail: { perm: 'flow_model' } },
});
export const ModelDeployQuery = z.object({ modelId: FlowId('modelId'), category: FlowCategoryIn.refine((v) => !!v, '请选择流程分类'), tenantIds: TenantIdsIn });
export const ManagerListQuery = PageQuery.extend({ category: FlowCategoryIn, mode: FlowModeIn, name: optQueryText(100) });
export const ChangeStateQuery = z.object({
  state: z.enum(['active', 'suspend'], { error: 'state 取值应为 active 或 suspend' }),
  processId: FlowId('processId'),
});
export const DeleteDeploymentQuery = z.object({
  deploymentIds: z
    .string({ error: '缺少必要的请求参数: deploymentIds' })
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isIdText, 'deploymentIds格式不正确')).min(1, '缺少必要的请求参数: deploymentIds')),
});
export const CheckUploadResult = z.object({ name: z.string(), success: z.boolean() });
export const FollowListQuery = PageQuery.extend({ processInstanceId: optFlowId('processInstanceId'), processDefinitionKey: optQueryText(100) });
export const DeleteInstanceQuery = z.object({ processInstanceId: FlowId('processInstanceId'), deleteReason: optQueryText(500) });

const menu = <P extends 'work_start' | 'work_claim' | 'work_todo' | 'work_send' | 'work_done'>(perm: P) => ({ perm });

export const flowEndpoints = {
  startList: endpoint({
    method: 'GET',
    path: '/blade-flow/work/start-list',
    summary: '可发起的流程',
    access: menu('work_start'),
    query: StartListQuery,
    data: Page(FlowProcess),
  }),
  claimList: endpoint({
    method: 'GET',
    path: '/blade-flow/work/claim-list',
    summary: '待签事务',
    access: menu('work_claim'),
    query: WorkListQuery,
    data: Page(BladeFlow),
  }),
  todoList: endpoint({
    method: 'GET',
    path: '/blade-flow/work/todo-list',
    summary: '待办事务',
    access: menu('work_todo'),
    query: WorkListQuery,
    data: Page(BladeFlow),
  }),
  sendList: endpoint({
    method: 'GET',
    path: '/blade-flow/work/send-list',
    summary: '已发事务',
    access: menu('work_send'),
    query: WorkListQuery,
    data: Page(BladeFlow),
  }),
  doneList: endpoint({
    method: 'GET',
    path: '/blade-flow/work/done-list',
    summary: '办结事务',
    access: menu('work_done'),
    query: WorkListQuery,
    data: Page(BladeFlow),
  }),
  claimTask: endpoint({
    method: 'POST',
    path: '/blade-flow/work/claim-task',
    summary: '签收事务',
    access: menu('work_claim'),
    query: TaskIdQuery,
    data: Empty,
  }),
  completeTask: endpoint({
    method: 'POST',
    path: '/blade-flow/work/complete-task',
    summary: '完成任务',
    access: menu('work_todo'),
    body: CompleteTaskIn,
    data: Empty,
  }),
  deleteTask: endpoint({
    method: 'POST',
    path: '/blade-flow/work/delete-task',
    summary: '删除任务',
    access: menu('work_todo'),
    query: DeleteTaskQuery,
    data: Empty,
  }),

  historyFlowList: endpoint({
    method: 'GET',
    path: '/blade-flow/process/history-flow-list',
    summary: '流程历史',
    access: 'login',
    query: HistoryFlowQuery,
    data: z.array(BladeFlow),
  }),
  /** Embedded in <img>/<iframe>: no auth header (contract §7.2, §8.4). image = SVG. */
  resourceView: endpoint({
    method: 'GET',
    path: '/blade-flow/process/resource-view',
    summary: '流程资源(XML或图片)',
    access: 'public',
    query: ResourceViewQuery,
    data: z.any(),
    raw: true,
  }),
  diagramView: endpoint({
    method: 'GET',
    path: '/blade-flow/process/diagram-view',
    summary: '流程图(高亮已执行节点)',
    access: 'public',
    query: DiagramViewQuery,
    data: z.any(),
    raw: true,
  }),
  modelView: endpoint({
    method: 'GET',
    path: '/blade-flow/process/model-view',
    summary: '流程图数据',
    access: 'login',
    query: ModelViewQuery,
    data: ModelView,
  }),

  /** the model resource's four calls (`flowModel.endpoints`), named here too */
  modelList: flowModel.endpoints.list,
  modelSubmit: flowModel.endpoints.submit,
  modelDetail: flowModel.endpoints.detail,
  modelRemove: flowModel.endpoints.remove,
  modelDeploy: endpoint({
    method: 'POST',
    path: '/blade-flow/model/deploy',
    summary: '部署模型',
    access: { perm: 'flow_model_deploy' },
    query: ModelDeployQuery,
    data: Empty,
  }),

  managerList: endpoint({
    method: 'GET',
    path: '/blade-flow/manager/list',
    summary: '流程定义列表',
    access: { perm: 'flow_manager' },
    query: ManagerListQuery,
    data: Page(FlowProcess),
  }),
  changeState: endpoint({
    method: 'POST',
    path: '/blade-flow/manager/change-state',
    summary: '激活或挂起流程',
    access: { perm: 'flow_manager_state' },
    query: ChangeStateQuery,
    data: Empty,
  }),
  deleteDeployment: endpoint({
    method: 'POST',
    path: '/blade-flow/manager/delete-deployment',
    summary: '删除部署',
    access: { perm: 'flow_manager_delete' },
    query: DeleteDeploymentQuery,
    data: Empty,
  }),
  /** Called by the upload widget before a token check (contract §8.4): public, multipart `file`. */
  checkUpload: endpoint({ method: 'POST', path: '/blade-flow/manager/check-upload', summary: '检查流程文件', access: 'public', data: CheckUploadResult }),
  /** multipart: `files` (repeated), `category`, `tenantIds` */
  deployUpload: endpoint({ method: 'POST', path: '/blade-flow/manager/deploy-upload', summary: '上传部署流程', access: { perm: 'flow_deploy' }, data: Empty }),

  followList: endpoint({
    method: 'GET',
    path: '/blade-flow/follow/list',
    summary: '流程跟踪',
    access: { perm: 'flow_follow' },
    query: FollowListQuery,
    data: Page(FlowExecution),
  }),
  deleteProcessInstance: endpoint({
    method: 'POST',
    path: '/blade-flow/follow/delete-process-instance',
    summary: '删除流程实例',
    access: { perm: 'flow_follow_delete' },
    query: DeleteInstanceQuery,
    data: Empty,
  }),
};
