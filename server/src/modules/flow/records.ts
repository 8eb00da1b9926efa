import { inArray } from 'drizzle-orm';
import type { BladeFlow, FlowProcess } from '@zoo/contract';
import type { Tx } from '../../db/client';
import type { Cache } from '../../platform/cache';
import { dictItems, SYSTEM_DICT, dictLabel } from '../../platform/dict/dict-cache';
import { bladeUser } from '../../platform/identity/identity.tables';
import type { DefinitionRow, InstanceRow, TaskRow } from './runtime';
import { shippedName } from '../../platform/i18n/shipped-names';

/** A BladeFlow with every field present (the wire renders unset strings and dates as ""). */
export const blankFlow = (): BladeFlow => ({
  taskId: '',
  taskName: '',
  taskDefinitionKey: '',
  assignee: '',
  assigneeName: '',
  createTime: '',
  claimTime: '',
  endTime: '',
  historyTaskEndTime: '',
  executionId: '',
  variables: {},
  category: '',
  categoryName: '',
  processDefinitionId: '',
  processDefinitionKey: '',
  processDefinitionName: '',
  processDefinitionVersion: 0,
  processInstanceId: '',
  historyProcessInstanceId: '',
  processIsFinished: '',
  businessTable: '',
  businessId: '',
  status: '',
  comment: '',
  flag: '',
  isPass: false,
  pass: false,
  historyActivityId: '',
  historyActivityName: '',
  historyActivityType: '',
  historyActivityDurationTime: '',
});

/** `flow_<k>` → the `flow` dictionary's label. */
export async function categoryNames(cache: Cache, db: Tx, tenantId: string): Promise<(c: string) => string> {
  const items = await dictItems(cache, db, SYSTEM_DICT, tenantId, 'flow');
  const map = new Map(items.map((i) => [`flow_${i.dictKey}`, dictLabel(i)]));
  return (c) => map.get(c) ?? '';
}

/** user id → real name (or account), one query. */
export async function userNames(db: Tx, ids: Array<string | null | undefined>): Promise<(id: string | null | undefined) => string> {
  const want = [...new Set(ids.filter((x): x is string => !!x))];
  const rows = want.length
    ? await db
        .select({ id: bladeUser.id, realName: bladeUser.realName, name: bladeUser.name, account: bladeUser.account })
        .from(bladeUser)
        .where(inArray(bladeUser.id, want))
    : [];
  const map = new Map(rows.map((r) => [r.id, r.realName || r.name || r.account]));
  return (id) => (id ? (map.get(id) ?? '') : '');
}

export function instanceFlow(inst: InstanceRow, categoryName: (c: string) => string): BladeFlow {
  const [businessTable = '', businessId = ''] = inst.businessKey.split(':');
  return {
    ...blankFlow(),
    category: inst.category,
    categoryName: categoryName(inst.category),
    processDefinitionId: inst.definitionId,
    processDefinitionKey: inst.processKey,
    processDefinitionName: shippedName(inst.name),
    processDefinitionVersion: inst.version,
    processInstanceId: inst.id,
    historyProcessInstanceId: inst.id,
    processIsFinished: inst.state === 'running' ? 'unfinished' : 'finished',
    businessTable,
    businessId,
    createTime: inst.startTime,
    endTime: inst.endTime ?? '',
    variables: inst.variables,
    pass: inst.variables.pass === true,
    isPass: inst.variables.pass === true,
  };
}

export function taskFlow(t: TaskRow, inst: InstanceRow, categoryName: (c: string) => string, name: (id: string | null) => string, status: string): BladeFlow {
  return {
    ...instanceFlow(inst, categoryName),
    taskId: t.id,
    taskName: shippedName(t.name),
    taskDefinitionKey: t.taskDefKey,
    executionId: t.executionId,
    assignee: t.assignee ?? '',
    assigneeName: name(t.assignee),
    createTime: t.createTime,
    claimTime: t.claimTime ?? '',
    endTime: t.endTime ?? '',
    historyTaskEndTime: t.endTime ?? '',
    comment: t.comment,
    flag: t.flag,
    pass: t.pass === true,
    isPass: t.pass === true,
    status,
  };
}

export function processRecord(d: DefinitionRow, categoryName: (c: string) => string): FlowProcess {
  return {
    id: d.definitionId,
    tenantId: d.tenantId,
    name: shippedName(d.name),
    key: d.processKey,
    category: d.category,
    categoryName: categoryName(d.category),
    version: d.version,
    deploymentId: d.deploymentId,
    resourceName: d.resourceName,
    diagramResourceName: d.resourceName.replace(/\.(bpmn20\.xml|bpmn|xml)$/i, '.svg'),
    suspensionState: d.suspensionState,
    deploymentTime: d.deploymentTime,
    executable: d.notExecutable === '',
    notExecutable: d.notExecutable,
  };
}

/** "1天2小时3分4秒" between two wire datetimes ("" while running). */
export function duration(start: string, end: string | null): string {
  if (!end) return '';
  let s = Math.max(0, Math.round((Date.parse(end.replace(' ', 'T')) - Date.parse(start.replace(' ', 'T'))) / 1000));
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  return `${d ? `${d}天` : ''}${h ? `${h}小时` : ''}${m ? `${m}分` : ''}${s}秒`;
}
