import type { I18nBundle } from '../../../lib/i18n';

export const menuI18n: I18nBundle = {
  zh: {
    menu: {
      title: '菜单管理',
      name: '菜单名称',
      code: '菜单编号',
      alias: '菜单别名',
      path: '路由地址',
      parentId: '上级菜单',
      source: '菜单图标',
      category: '菜单类型',
      sort: '菜单排序',
      action: '按钮功能',
      isOpen: '新窗口',
      remark: '菜单备注',
    },
  },
  en: {
    menu: {
      title: 'Menus',
      name: 'Name',
      code: 'Code',
      alias: 'Alias',
      path: 'Path',
      parentId: 'Parent',
      source: 'Icon',
      category: 'Type',
      sort: 'Sort',
      action: 'Button position',
      isOpen: 'New window',
      remark: 'Remark',
    },
  },
};
