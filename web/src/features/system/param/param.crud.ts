import { param } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';

/** System parameters (spec §3 Param, §5 rules come from the contract's input schema). */
export const paramPage = defineCrudPage({
  crud: param,
  i18n: 'param',
  fields: {
    paramName: { search: true },
    paramKey: { search: true },
    paramValue: { widget: 'textarea', rows: 4 },
    remark: { table: false, span: 24 },
  },
});
