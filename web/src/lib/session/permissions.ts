import type { MenuNode } from '@zoo/contract';

export type PermissionMap = Record<string, true>;

/** Saber's rule: every node without children is a button; its code becomes a permission. */
export function collectButtonCodes(forest: readonly MenuNode[]): PermissionMap {
  const map: PermissionMap = {};
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) walk(node.children);
      else if (node.code) map[node.code] = true;
    }
  };
  walk(forest);
  return map;
}

/** The platform super admin sees every button; the server grants it every button anyway. */
export const isAdministrator = (roleName: string | undefined): boolean => (roleName ?? '').split(',').some((r) => r.trim().includes('administrator'));
