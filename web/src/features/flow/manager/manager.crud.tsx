import { flowEndpoints, FlowProcess } from '@zoo/contract';
import { Select, Tag, Tooltip } from 'antd';
import { FlowCategorySelect } from '../../../components/flow-category-select';
import { defineCrudPage, listResource } from '../../../crud';
import { t } from '../../../lib/i18n';

/** 流程管理: deployed definitions, every version (manager/list), filtered by category and mode. */
export const managerPage = defineCrudPage({
  crud: listResource({ name: 'flow_manager', title: 'flow_manager', record: FlowProcess, list: flowEndpoints.managerList, view: 'flow_manager' }),
  i18n: 'flowManager',
  readOnly: true,
  actionWidth: 200,
  fields: {
    tenantId: {
      width: 110,
      render: (v) => (v ? String(v) : t('flowManager.mode1')),
      search: {
        key: 'mode',
        input: (props) => (
          <Select
            allowClear
            value={props.value}
            onChange={props.onChange}
            options={[
              { value: 1, label: t('flowManager.mode1') },
              { value: 2, label: t('flowManager.mode2') },
            ]}
          />
        ),
      },
    },
    name: { search: true, width: 180 },
    key: { width: 150 },
    category: {
      width: 120,
      render: (_v, row) => row.categoryName || row.category,
      search: { input: (props) => <FlowCategorySelect value={props.value} onChange={props.onChange} /> },
    },
    version: { width: 80, render: (v) => `v${String(v)}` },
    suspensionState: {
      width: 90,
      render: (v) => (v === 1 ? <Tag color="success">{t('flowManager.active')}</Tag> : <Tag color="warning">{t('flowManager.suspended')}</Tag>),
    },
    // A deployed file the engine cannot run (not isExecutable, or elements it does not run) says why on hover.
    executable: {
      width: 100,
      render: (v, row) =>
        v ? (
          <Tag color="success">{t('flowManager.executableYes')}</Tag>
        ) : (
          <Tooltip title={row.notExecutable}>
            <Tag>{t('flowManager.executableNo')}</Tag>
          </Tooltip>
        ),
    },
    notExecutable: { table: false },
    deploymentTime: { width: 170 },
  },
});
