import type { I18nBundle } from '../../../lib/i18n';

export const tenantPackageI18n: I18nBundle = {
  zh: {
    tenantPackage: { title: '租户产品包', packageName: '产品包名称', menuId: '菜单列表', remark: '备注' },
  },
  en: {
    tenantPackage: { title: 'Tenant packages', packageName: 'Package name', menuId: 'Menus', remark: 'Remark' },
  },
};
