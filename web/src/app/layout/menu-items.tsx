import type { MenuNode } from '@zoo/contract';
import type { MenuProps } from 'antd';
import { menuName } from '../router/menu-name';
import { menuRoutePath } from '../router/menu-paths';
import { menuIcon } from '../../components/menu-icon';

type Item = Required<MenuProps>['items'][number];

/** The server menu forest as antd Menu items, keyed by the route each item opens. */
export function toMenuItems(nodes: readonly MenuNode[], isTop = true, onHover?: (key: string) => void): Item[] {
  return nodes.map((node) => {
    const key = menuRoutePath(node, isTop);
    const icon = menuIcon(node.source);
    if (node.children?.length) {
      return { key, icon, label: menuName(node), children: toMenuItems(node.children, false, onHover) };
    }
    return { key, icon, label: menuName(node), ...(onHover ? { onMouseEnter: () => onHover(key), onFocus: () => onHover(key) } : {}) };
  });
}

/** Keys of the submenus to open so that `key` is visible. */
export function ancestorKeys(nodes: readonly MenuNode[], key: string, isTop = true): string[] {
  for (const node of nodes) {
    if (menuRoutePath(node, isTop) === key) return [];
    if (node.children?.length) {
      const below = ancestorKeys(node.children, key, false);
      if (below.length || node.children.some((c) => menuRoutePath(c, false) === key)) {
        return [menuRoutePath(node, isTop), ...below];
      }
    }
  }
  return [];
}
