import { menu, menuEndpoints } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import { i18n } from '../../../lib/i18n';

/** A seeded menu's English name on an English screen (as the sidebar shows it), else the stored name. */
const menuLabel = (name: unknown, row: { code?: unknown }): string =>
  i18n.language === 'zh' || !row.code ? String(name ?? '') : i18n.t(`menuName.${String(row.code)}`, { defaultValue: String(name ?? '') });

/** The menus scopes bind to (menu/lazy-menu-list, buttons left out), browse only. */
export const scopeMenusPage = defineCrudPage({
  crud: menu,
  i18n: 'scope.menu',
  list: menuEndpoints.lazyMenuList,
  lazy: true,
  readOnly: true,
  actionWidth: 110,
  fields: {
    name: { search: true, render: (v, row) => menuLabel(v, row as { code?: unknown }) },
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
