import type { I18nBundle } from '../../../lib/i18n';

export const topmenuI18n: I18nBundle = {
  zh: {
    topmenu: {
      title: '顶部菜单',
      name: '菜单名称',
      code: '菜单编号',
      source: '菜单图标',
      path: '路由地址',
      sort: '菜单排序',
      grant: '菜单配置',
      grantOf: '菜单配置: {{name}}',
      menus: '菜单',
    },
  },
  en: {
    topmenu: {
      title: 'Top menus',
      name: 'Name',
      code: 'Code',
      source: 'Icon',
      path: 'Path',
      sort: 'Sort',
      grant: 'Menus',
      grantOf: 'Menus of {{name}}',
      menus: 'Menus',
    },
  },
};
