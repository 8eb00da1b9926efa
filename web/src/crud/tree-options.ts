import type { TreeNode } from '@zoo/contract';

export type TreeOption = TreeNode & { disabled?: boolean; children?: TreeOption[] };

const disableAll = (nodes: TreeNode[] | undefined): TreeOption[] | undefined => nodes?.map((n) => ({ ...n, disabled: true, children: disableAll(n.children) }));

/**
 * A record's parent picker: the record itself and everything under it are shown but not choosable, since
 * either would make the tree a cycle.
 */
export function disableBranch(nodes: TreeNode[], selfId: string): TreeOption[] {
  return nodes.map((n) =>
    n.id === selfId || n.value === selfId
      ? { ...n, disabled: true, children: disableAll(n.children) }
      : { ...n, children: n.children && disableBranch(n.children, selfId) },
  );
}
