import type { I18nBundle } from '../../../lib/i18n';

export const roleI18n: I18nBundle = {
  zh: {
    role: {
      title: '角色管理',
      roleName: '角色名称',
      roleAlias: '角色别名',
      tenantId: '所属租户',
      parentId: '上级角色',
      sort: '角色排序',
      grant: '权限设置',
      grantOf: '权限设置: {{name}}',
      menus: '菜单权限',
      dataScopes: '数据权限',
      apiScopes: '接口权限',
    },
  },
  en: {
    role: {
      title: 'Roles',
      roleName: 'Name',
      roleAlias: 'Alias',
      tenantId: 'Tenant',
      parentId: 'Parent role',
      sort: 'Sort',
      grant: 'Permissions',
      grantOf: 'Permissions: {{name}}',
      menus: 'Menus',
      dataScopes: 'Data scopes',
      apiScopes: 'API scopes',
    },
  },
};
