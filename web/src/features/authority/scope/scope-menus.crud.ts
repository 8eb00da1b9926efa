import { menu, menuEndpoints } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';

/** The menus scopes bind to (menu/lazy-menu-list, buttons left out), browse only. */
export const scopeMenusPage = defineCrudPage({
  crud: menu,
  i18n: 'scope.menu',
  list: menuEndpoints.lazyMenuList,
  lazy: true,
  readOnly: true,
  actionWidth: 110,
  fields: {
    name: { search: true },
    code: { search: true },
    alias: { width: 100 },
    path: {},
    sort: { width: 90 },
  },
});

/** The menu a scope table belongs to. */
export interface ScopeMenu {
  id: string;
  name: string;
  code: string;
}
