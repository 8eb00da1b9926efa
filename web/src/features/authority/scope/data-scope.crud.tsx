import { DATA_SCOPE_TYPE, dataScope } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import type { ScopeMenu } from './scope-menus.crud';
import { ScopeRuleInput } from './scope-rule-input';

const type = (v: Record<string, unknown>) => Number(v.scopeType);
const COLUMN_TYPES: number[] = [DATA_SCOPE_TYPE.own, DATA_SCOPE_TYPE.ownDept, DATA_SCOPE_TYPE.ownDeptAndChildren];

/** The data scopes of one menu: listed by menuId, new ones bound to it and to its code as resource. */
export const dataScopePage = (m: ScopeMenu) =>
  defineCrudPage({
    crud: dataScope,
    i18n: 'scope.data',
    modalWidth: 880,
    baseQuery: { menuId: m.id },
    defaults: { resourceCode: m.code, scopeField: '*' },
    toInput: (values) => ({ ...values, menuId: m.id }),
    fields: {
      scopeName: { search: true },
      resourceCode: {},
      scopeType: { dict: 'data_scope_type', width: 160 },
      scopeColumn: { when: (v) => COLUMN_TYPES.includes(type(v)) },
      scopeValue: {
        widget: 'custom',
        input: (p) => <ScopeRuleInput {...p} />,
        span: 24,
        table: false,
        when: (v) => type(v) === DATA_SCOPE_TYPE.custom,
      },
      scopeField: { table: false },
      scopeClass: { table: false },
      remark: { widget: 'textarea', rows: 3, table: false },
    },
  });
