import { topmenu } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';

/** Top menus of the header; each binds a set of menus (菜单配置). */
export const topmenuPage = defineCrudPage({
  crud: topmenu,
  i18n: 'topmenu',
  actionWidth: 230,
  fields: {
    name: { search: true },
    code: { search: true },
    source: {},
    path: {},
    sort: { width: 100 },
  },
});
