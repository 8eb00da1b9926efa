import { flowEndpoints, FlowModel } from '@zoo/contract';
import { defineCrudPage, listResource } from '../../../crud';

/** 模型管理: the designed models (model/list); the page adds 设计, 部署 and 删除. */
export const modelPage = defineCrudPage({
  crud: listResource({ name: 'flow_model', title: 'flow_model', record: FlowModel, list: flowEndpoints.modelList, view: 'flow_model' }),
  i18n: 'flowModel',
  readOnly: true,
  actionWidth: 200,
  fields: {
    modelKey: { search: true, width: 160 },
    name: { search: true, width: 180 },
    description: { width: 220 },
    version: { width: 80 },
    lastUpdated: { width: 170 },
  },
});
