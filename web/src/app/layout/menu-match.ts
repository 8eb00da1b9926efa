import type { MenuNode } from '@zoo/contract';
import { menuName } from '../router/menu-name';
import { flattenMenu, type MenuEntry } from '../router/menu-paths';

/** Menu nodes may carry `meta.roles` (Saber's route meta); the server's 2.x routes do not send it. */
type WithRoles = MenuNode & { meta?: { roles?: readonly string[] | string } };

/**
 * Items show if unrestricted or their role list holds one of the current roles (spec §6); a parent
 * left without visible children disappears as well.
 */
export function visibleMenu(forest: readonly MenuNode[], roleName: string | undefined): MenuNode[] {
  const mine = new Set(
    (roleName ?? '')
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
  );
  const allowed = (node: WithRoles) => {
    const roles = node.meta?.roles;
    if (!roles || roles.length === 0) return true;
    const list = typeof roles === 'string' ? roles.split(',') : roles;
    return list.some((r) => mine.has(r.trim()));
  };
  const walk = (nodes: readonly MenuNode[]): MenuNode[] =>
    nodes.flatMap((node) => {
      if (!allowed(node as WithRoles)) return [];
      if (!node.children?.length) return [node];
      const children = walk(node.children);
      return children.length ? [{ ...node, children }] : [];
    });
  return walk(forest);
}

/** The entries a search may open: leaves (pages and external links), never bare folders. */
export const searchableEntries = (forest: readonly MenuNode[]): MenuEntry[] => flattenMenu(forest).filter((e) => !e.node.children?.length);

/**
 * The one matcher of the search overlay and the header autocomplete: case-insensitive prefix match
 * on the menu name as shown or as stored (an English screen still finds 笼舍); an empty query matches everything.
 */
export function matchMenus(entries: readonly MenuEntry[], query: string): MenuEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...entries];
  return entries.filter((e) => [menuName(e.node), e.node.name].some((n) => n.toLowerCase().startsWith(q)));
}
