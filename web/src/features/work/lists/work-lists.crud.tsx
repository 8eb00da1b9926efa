import { BladeFlow, flowEndpoints, FlowProcess, type Endpoint, type Permission } from '@zoo/contract';
import { Tag } from 'antd';
import { FlowCategorySelect } from '../../../components/flow-category-select';
import { defineCrudPage, listResource, type FieldDef } from '../../../crud';
import { t } from '../../../lib/i18n';

type FlowRow = BladeFlow;

const category: FieldDef<FlowRow> = {
  width: 120,
  render: (_v, row) => row.categoryName || row.category,
  search: { input: (props) => <FlowCategorySelect value={props.value} onChange={props.onChange} /> },
};
const finished: FieldDef<FlowRow> = {
  width: 100,
  render: (v) => (v === 'finished' ? <Tag color="success">{t('work.finished')}</Tag> : <Tag color="processing">{t('work.unfinished')}</Tag>),
};

/** Saber's work-list columns (contract §7.1): name, step, version, time, category (+ state on send/done). */
const workPage = (name: string, list: Endpoint, view: Permission, rowKey: string, withState: boolean) =>
  defineCrudPage({
    crud: listResource({ name, title: name, record: BladeFlow, list, view }),
    i18n: 'work',
    readOnly: true,
    rowKey,
    actionWidth: 170,
    fields: {
      processDefinitionName: { search: true, width: 180 },
      taskName: { width: 140 },
      processDefinitionVersion: { width: 90, render: (v) => `v${String(v)}` },
      createTime: { width: 170, search: { range: ['beginDate', 'endDate'] } },
      category,
      ...(withState ? { processIsFinished: finished } : {}),
    },
  });

export const claimListPage = workPage('work_claim', flowEndpoints.claimList, 'work_claim', 'taskId', false);
export const todoListPage = workPage('work_todo', flowEndpoints.todoList, 'work_todo', 'taskId', false);
export const sendListPage = workPage('work_send', flowEndpoints.sendList, 'work_send', 'processInstanceId', true);
export const doneListPage = workPage('work_done', flowEndpoints.doneList, 'work_done', 'taskId', true);

/** 发起事务: the latest version of every startable definition, common and the tenant's own (mode). */
export const startListPage = defineCrudPage({
  crud: listResource({ name: 'work_start', title: 'work_start', record: FlowProcess, list: flowEndpoints.startList, view: 'work_start' }),
  i18n: 'work',
  readOnly: true,
  actionWidth: 150,
  fields: {
    name: { search: true, width: 200 },
    key: { width: 160 },
    category: {
      width: 120,
      render: (_v, row) => row.categoryName || row.category,
      search: { input: (props) => <FlowCategorySelect value={props.value} onChange={props.onChange} /> },
    },
    version: { width: 90, render: (v) => `v${String(v)}` },
    tenantId: { width: 100, render: (v) => (v ? String(v) : t('work.mode1')) },
    suspensionState: {
      width: 90,
      render: (v) => (v === 1 ? <Tag color="success">{t('work.active')}</Tag> : <Tag color="warning">{t('work.suspended')}</Tag>),
    },
    deploymentTime: { width: 170 },
  },
});
