import type { TreeNode } from '@zoo/contract';

interface Node {
  id: string;
  parentId: string;
  sort?: number;
}

/**
 * A forest by parentId (Blade's ForestNodeMerger): rows whose parent is not among them become roots, siblings
 * are ordered by `sort` then id, and `children` appears only where non-empty (contract §3.1).
 */
export function buildForest<T extends Node & { children?: T[] }>(rows: T[]): T[] {
  const sorted = [...rows].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  const byId = new Map(sorted.map((r) => [r.id, r]));
  const roots: T[] = [];
  for (const r of sorted) {
    const parent = r.parentId !== r.id ? byId.get(r.parentId) : undefined;
    if (parent) (parent.children ??= []).push(r);
    else roots.push(r);
  }
  return roots;
}

export interface NodeItem {
  id: string;
  parentId: string;
  title: string;
  sort?: number;
  hasChildren?: boolean;
}

interface Wrapped {
  id: string;
  parentId: string;
  sort: number;
  node: TreeNode;
  children?: Wrapped[];
}

/** A TreeNode forest (dept/role/menu/dict trees): key = value = id as strings (contract §6). */
export function nodeForest(items: NodeItem[]): TreeNode[] {
  const forest = buildForest<Wrapped>(
    items.map((i) => ({
      id: i.id,
      parentId: i.parentId,
      sort: i.sort ?? 0,
      node: { id: i.id, parentId: i.parentId, title: i.title, key: i.id, value: i.id, ...(i.hasChildren === undefined ? {} : { hasChildren: i.hasChildren }) },
    })),
  );
  const unwrap = (w: Wrapped): TreeNode => (w.children ? { ...w.node, children: w.children.map(unwrap) } : w.node);
  return forest.map(unwrap);
}

/** `root` and every row below it, following parentId links. */
export function subtreeIds<T extends Node>(rows: T[], root: string): Set<string> {
  const kids = new Map<string, string[]>();
  for (const r of rows) kids.set(r.parentId, [...(kids.get(r.parentId) ?? []), r.id]);
  const out = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(kids.get(id) ?? []));
  }
  return out;
}
