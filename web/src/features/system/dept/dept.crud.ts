import { dept, deptEndpoints } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import { call } from '../../../lib/request';

/** Departments as a lazy tree (lazy-list with hasChildren); the parent is picked from dept/tree. */
export const deptPage = defineCrudPage({
  crud: dept,
  i18n: 'dept',
  list: deptEndpoints.lazyList,
  lazy: true,
  actionWidth: 230,
  fields: {
    deptName: { search: true },
    fullName: { search: true },
    parentId: { table: false, tree: { key: 'dept', load: () => call(deptEndpoints.tree) } },
    deptCategory: { dict: 'org_category', width: 120 },
    sort: { width: 100 },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  addChild: (row) => ({ parentId: row.id }),
});
