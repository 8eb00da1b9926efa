import { code } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import { ModelSelect } from '../shared/tool-selects';

const modes = [
  { value: 1, label: 'crud.yes' },
  { value: 2, label: 'crud.no' },
];

/** 代码生成: one row per module to generate (area, entity, paths) from a data model. */
export const codePage = defineCrudPage({
  crud: code,
  i18n: 'code',
  defaults: { pkName: 'id', baseMode: 1, wrapMode: 2 },
  fields: {
    modelId: { widget: 'custom', input: (p) => <ModelSelect {...p} />, table: false, view: false },
    modelName: { form: false },
    codeName: { search: true },
    serviceName: {},
    packageName: {},
    tableName: { search: true },
    tablePrefix: { table: false },
    pkName: { table: false },
    baseMode: { widget: 'select', options: modes, table: false },
    wrapMode: { widget: 'select', options: modes, table: false },
    apiPath: {},
    webPath: {},
  },
});
