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

/**
 * Matches the route form (/desk/index), the raw server path (/desk), or a nested item written in the
 * top-level form (/zoo/park/index, as bookmarks and typed addresses often are): all name the same menu item.
 */
export function findMenu(forest: readonly MenuNode[], pathname: string): MenuEntry | undefined {
  const entries = flattenMenu(forest).filter((e) => !isExternal(e.path));
  const bare = pathname.replace(/\/index$/, '');
  return entries.find((e) => e.path === pathname || e.node.path === pathname) ?? entries.find((e) => e.node.path === bare);
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
