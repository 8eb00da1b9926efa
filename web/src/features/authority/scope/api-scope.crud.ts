import { apiScope } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import type { ScopeMenu } from './scope-menus.crud';

/** The API scopes of one menu: listed by menuId, new ones bound to it and to its code as resource. */
export const apiScopePage = (m: ScopeMenu) =>
  defineCrudPage({
    crud: apiScope,
    i18n: 'scope.api',
    modalWidth: 880,
    baseQuery: { menuId: m.id },
    defaults: { resourceCode: m.code },
    toInput: (values) => ({ ...values, menuId: m.id }),
    fields: {
      scopeName: { search: true },
      resourceCode: {},
      scopePath: { span: 24 },
      scopeType: { dict: 'api_scope_type', width: 120 },
      remark: { widget: 'textarea', rows: 3, table: false },
    },
  });
