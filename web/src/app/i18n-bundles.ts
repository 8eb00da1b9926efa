import type { I18nBundle } from '../lib/i18n';
import { roleI18n } from '../features/authority/role/role.i18n';
import { scopeI18n } from '../features/authority/scope/scope.i18n';
import { deptI18n } from '../features/system/dept/dept.i18n';
import { dictI18n } from '../features/system/dict/dict.i18n';
import { menuI18n } from '../features/system/menu/menu.i18n';
import { paramI18n } from '../features/system/param/param.i18n';
import { postI18n } from '../features/system/post/post.i18n';
import { topmenuI18n } from '../features/system/topmenu/topmenu.i18n';

/** Every feature's labels, registered from this one list (features never register themselves). */
export const featureBundles: readonly I18nBundle[] = [
  paramI18n,
  roleI18n,
  scopeI18n,
  deptI18n,
  postI18n,
  menuI18n,
  topmenuI18n,
  dictI18n,
];
