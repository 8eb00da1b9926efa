import { flowEndpoints, FlowExecution } from '@zoo/contract';
import { Tag } from 'antd';
import { defineCrudPage, listResource } from '../../../crud';
import { t } from '../../../lib/i18n';

/** 流程跟踪: running process instances (follow/list), searched by instance id or process key. */
export const followPage = defineCrudPage({
  crud: listResource({ name: 'flow_follow', title: 'flow_follow', record: FlowExecution, list: flowEndpoints.followList, view: 'flow_follow' }),
  i18n: 'flowFollow',
  readOnly: true,
  rowKey: 'processInstanceId',
  actionWidth: 200,
  fields: {
    processInstanceId: { search: true, width: 150 },
    processDefinitionKey: { search: true, width: 150 },
    name: { width: 160 },
    categoryName: { width: 110 },
    startUser: { width: 110 },
    startTime: { width: 170 },
    taskDefinitionKey: { width: 130 },
    suspensionState: {
      width: 90,
      render: (v) => (v === 1 ? <Tag color="success">{t('flowFollow.active')}</Tag> : <Tag color="warning">{t('flowFollow.suspended')}</Tag>),
    },
    // Failed service calls waiting for a retry (decision 0050).
    incidents: {
      width: 100,
      render: (v) => (Number(v) > 0 ? <Tag color="error">{t('flowFollow.incidentCount', { count: Number(v) })}</Tag> : '—'),
    },
  },
});
