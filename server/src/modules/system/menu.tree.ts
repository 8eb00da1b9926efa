import type { MenuNode } from '@zoo/contract';
import { bladeMenu } from './system.tables';

export type MenuRow = typeof bladeMenu.$inferSelect;

export const toMenuNode = (m: MenuRow): MenuNode => ({
  id: m.id,
  parentId: m.parentId,
  code: m.code,
  name: m.name,
  alias: m.alias,
  path: m.path,
  source: m.source,
  sort: m.sort,
  category: m.category,
  action: m.action,
  isOpen: m.isOpen,
  remark: m.remark,
  isDeleted: m.isDeleted,
});

/** Adds every ancestor of the chosen menus, so a granted leaf is reachable in the tree. */
export function withAncestors(all: MenuRow[], ids: Set<string>): Set<string> {
  const byId = new Map(all.map((m) => [m.id, m]));
  const out = new Set<string>();
  for (const id of ids) {
    let cur = byId.get(id);
    while (cur && !out.has(cur.id)) {
      out.add(cur.id);
      cur = byId.get(cur.parentId);
    }
  }
  return out;
}

/** A forest by parentId, sorted by `sort`; `children` only where non-empty (contract §3.1). */
export function buildForest<T extends { id: string; parentId: string; sort: number; children?: T[] }>(rows: T[]): T[] {
  const sorted = [...rows].sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : 1));
  const byId = new Map(sorted.map((r) => [r.id, r]));
  const roots: T[] = [];
  for (const r of sorted) {
    const parent = byId.get(r.parentId);
    if (parent) (parent.children ??= []).push(r);
    else roots.push(r);
  }
  return roots;
}
