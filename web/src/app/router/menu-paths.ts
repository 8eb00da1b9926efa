import type { MenuNode } from '@zoo/contract';

export const isExternal = (path: string): boolean => /^https?:\/\//i.test(path);

/** Contract §3.3: a top-level leaf that is not a URL gets `/index` appended. */
export function menuRoutePath(node: MenuNode, isTop: boolean): string {
  if (isExternal(node.path) || !isTop || node.children?.length) return node.path;
  return `${node.path.replace(/\/+$/, '')}/index`;
}

export interface MenuEntry {
  node: MenuNode;
  /** The client route this item opens (with /index appended where due). */
  path: string;
}

export function flattenMenu(forest: readonly MenuNode[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  const walk = (nodes: readonly MenuNode[], isTop: boolean) => {
    for (const node of nodes) {
      out.push({ node, path: menuRoutePath(node, isTop) });
      if (node.children?.length) walk(node.children, false);
    }
  };
  walk(forest, true);
  return out;
}

/** Matches either the route form (/desk/index) or the raw server path (/desk). */
export function findMenu(forest: readonly MenuNode[], pathname: string): MenuEntry | undefined {
  return flattenMenu(forest).find((e) => !isExternal(e.path) && (e.path === pathname || e.node.path === pathname));
}

export type MenuTarget = { kind: 'route'; to: string } | { kind: 'window'; url: string };

/** External items open in a new window when isOpen == 2, else inside the iframe route. */
export function menuTarget(entry: MenuEntry): MenuTarget {
  const { node, path } = entry;
  if (!isExternal(path)) return { kind: 'route', to: path };
  if (node.isOpen === 2) return { kind: 'window', url: path };
  const q = new URLSearchParams({ src: path, name: node.name });
  return { kind: 'route', to: `/myiframe/urlPath?${q.toString()}` };
}
