import { menu, menuEndpoints } from '@zoo/contract';
import { Space } from 'antd';
import { menuIcon } from '../../../components/menu-icon';
import { defineCrudPage } from '../../../crud';
import { call } from '../../../lib/request';

const MENU = '1';
const BUTTON = '2';
const isCategory = (category: string) => (v: Record<string, unknown>) => String(v.category ?? '') === category;

/**
 * Menus and their buttons as a lazy tree (menu/lazy-list: a menu's buttons are its category-2 children).
 * Administrator only, as the server enforces.
 */
export const menuPage = defineCrudPage({
  crud: menu,
  i18n: 'menu',
  list: menuEndpoints.lazyList,
  lazy: true,
  actionWidth: 230,
  fields: {
    name: { search: true },
    code: { search: true },
    alias: { search: true, width: 100 },
    path: {},
    parentId: { table: false, tree: { key: 'menu', load: () => call(menuEndpoints.tree) } },
    source: {
      width: 200,
      render: (v) =>
        v ? (
          <Space size={6}>
            {menuIcon(String(v))}
            {String(v)}
          </Space>
        ) : null,
    },
    category: { dict: 'menu_category', width: 100 },
    sort: { width: 90 },
    action: { dict: 'button_func', table: false, when: isCategory(BUTTON) },
    isOpen: { dict: 'yes_no', table: false, when: isCategory(MENU) },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { category: Number(MENU), isOpen: 1 },
  // Buttons take no children.
  addChild: (row) => (String(row.category) === MENU ? { parentId: row.id } : undefined),
});
