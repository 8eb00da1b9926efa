import { tenantPackage } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import { MenuPicker } from './menu-picker';

/** Tenant packages (spec §3, §5): name, menus (comma-joined on the wire), remark. */
export const tenantPackagePage = defineCrudPage({
  crud: tenantPackage,
  i18n: 'tenantPackage',
  fields: {
    packageName: { search: true },
    menuId: { widget: 'custom', multiple: true, table: false, span: 24, input: (p) => <MenuPicker {...p} /> },
    remark: { widget: 'textarea', rows: 3 },
  },
});

/** The same table as the tenant page's 套餐 dialog: add, edit, delete, no view (spec §2). */
export const tenantPackageDialogPage = defineCrudPage({ ...tenantPackagePage, noView: true });
