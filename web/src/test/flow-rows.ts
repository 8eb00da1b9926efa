import type { BladeFlow, FlowProcess } from '@zoo/contract';

/** A BladeFlow row with every field the contract renders ("" for unset), overridable per test. */
export const bladeFlow = (over: Partial<BladeFlow> = {}): BladeFlow => ({
  taskId: 't-1',
  taskName: '部门审批',
  taskDefinitionKey: 'approve',
  assignee: '',
  assigneeName: '',
  createTime: '2026-11-24 09:00:00',
  claimTime: '',
  endTime: '',
  historyTaskEndTime: '',
  executionId: 'e-1',
  variables: {},
  category: 'flow_1',
  categoryName: '请假流程',
  processDefinitionId: 'leave:1:100',
  processDefinitionKey: 'leave',
  processDefinitionName: '请假流程',
  processDefinitionVersion: 1,
  processInstanceId: 'p-1',
  historyProcessInstanceId: 'p-1',
  processIsFinished: 'unfinished',
  businessTable: 'blade_process_leave',
  businessId: '42',
  status: 'claim',
  comment: '',
  flag: '',
  isPass: false,
  pass: false,
  historyActivityId: '',
  historyActivityName: '',
  historyActivityType: '',
  historyActivityDurationTime: '',
  ...over,
});

export const flowProcess = (over: Partial<FlowProcess> = {}): FlowProcess => ({
  id: 'leave:1:100',
  tenantId: '',
  name: '请假流程',
  key: 'leave',
  category: 'flow_1',
  categoryName: '请假流程',
  version: 1,
  deploymentId: '100',
  resourceName: 'leave.bpmn20.xml',
  diagramResourceName: '',
  suspensionState: 1,
  deploymentTime: '2026-11-24 08:00:00',
  ...over,
});

export const flowDict = [
  { id: '1', parentId: '9', code: 'flow', dictKey: '1', dictValue: '请假流程', sort: 1, remark: 'leave' },
  { id: '2', parentId: '9', code: 'flow', dictKey: '2', dictValue: '报销流程', sort: 2, remark: 'expense' },
];
