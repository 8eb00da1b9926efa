import { role, roleEndpoints } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import { call } from '../../../lib/request';

/** Roles: the list answers the whole tree (contract §5.4); the parent is picked from role/tree. */
export const rolePage = defineCrudPage({
  crud: role,
  i18n: 'role',
  auditTable: 'blade_role',
  pagination: false,
  actionWidth: 300,
  fields: {
    roleName: { search: true },
    roleAlias: { search: true },
    tenantId: { form: false, width: 120 },
    parentId: { table: false, tree: { key: 'role', load: () => call(roleEndpoints.tree) } },
    sort: { width: 100 },
  },
  addChild: (row) => ({ parentId: row.id }),
});
