import { model } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import { DatasourceSelect, TableSelect } from '../shared/tool-selects';

/** 数据模型: a model names one real table of a datasource (the list comes from its catalog). */
export const modelPage = defineCrudPage({
  crud: model,
  i18n: 'model',
  fields: {
    datasourceId: { widget: 'custom', input: (p) => <DatasourceSelect {...p} />, table: false, view: false },
    datasourceName: { form: false },
    modelName: { search: true },
    modelCode: { search: true },
    modelTable: { widget: 'custom', input: (p) => <TableSelect {...p} />, search: { widget: 'input' } },
    modelClass: {},
    modelRemark: { table: false, span: 24, widget: 'textarea' },
  },
});
