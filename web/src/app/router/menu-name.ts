import type { MenuNode } from '@zoo/contract';
import { i18n } from '../../lib/i18n';

/**
 * The name a menu item shows. The server's menu names are Chinese (the administrator's own words), so zh shows
 * them as stored; en shows the seeded menus' English names (`menuName.<code>`, as Saber's `route.<meta.i18n>`)
 * and falls back to the stored name for menus an administrator added.
 */
export function menuName(node: Pick<MenuNode, 'code' | 'name'>): string {
  if (i18n.language === 'zh' || !node.code) return node.name;
  return i18n.t(`menuName.${node.code}`, { defaultValue: node.name });
}
