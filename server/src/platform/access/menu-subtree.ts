import { PLATFORM_ONLY_MENUS } from '@zoo/contract';

export type MenuNode = { id: string; parentId: string; code: string };

/**
 * The menus under the given codes — themselves and every descendant, buttons included — in the order given. The
 * platform's own screens (PLATFORM_ONLY_MENUS) and what lies under them stay out even when their group is named:
 * a zoo's default grants and the demo roles never hold them.
 */
export function menuSubtree<M extends MenuNode>(menus: readonly M[], codes: Iterable<string>): M[] {
  const named = new Set(codes);
  const platformOnly = new Set<string>(PLATFORM_ONLY_MENUS);
  const children = new Map<string, M[]>();
  for (const m of menus) children.set(m.parentId, [...(children.get(m.parentId) ?? []), m]);
  const out = new Set<string>();
  const stack = menus.filter((m) => named.has(m.code));
  while (stack.length) {
    const m = stack.pop()!;
    if (out.has(m.id) || platformOnly.has(m.code)) continue;
    out.add(m.id);
    stack.push(...(children.get(m.id) ?? []));
  }
  return menus.filter((m) => out.has(m.id));
}
