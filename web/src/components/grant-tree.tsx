import type { TreeNode } from '@zoo/contract';
import { Tree } from 'antd';
import type React from 'react';

interface Index {
  parent: Map<string, string | undefined>;
  node: Map<string, TreeNode>;
}

function indexTree(nodes: readonly TreeNode[], parent?: string, index: Index = { parent: new Map(), node: new Map() }): Index {
  for (const n of nodes) {
    index.parent.set(n.key, parent);
    index.node.set(n.key, n);
    indexTree(n.children ?? [], n.key, index);
  }
  return index;
}

const subtree = (n: TreeNode): string[] => [n.key, ...(n.children ?? []).flatMap(subtree)];

/**
 * The keys after one click. Checking grants the node, everything under it and its ancestors (a menu is
 * reachable only through its parents); unchecking revokes the node and everything under it, and leaves
 * its parents granted. So a menu may be granted without its buttons, and what is stored is what is shown.
 */
export function toggleGrant(tree: readonly TreeNode[], checked: readonly string[], key: string, on: boolean): string[] {
  const { parent, node } = indexTree(tree);
  const target = node.get(key);
  if (!target) return [...checked];
  const out = new Set(checked);
  if (on) {
    subtree(target).forEach((k) => out.add(k));
    for (let p = parent.get(key); p !== undefined; p = parent.get(p)) out.add(p);
  } else {
    subtree(target).forEach((k) => out.delete(k));
  }
  return [...out];
}

/** Unchecked nodes with something granted below: shown half-checked. */
function halfChecked(tree: readonly TreeNode[], checked: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (n: TreeNode): boolean => {
    const below = (n.children ?? []).map(walk).some(Boolean);
    if (below && !checked.has(n.key)) out.push(n.key);
    return below || checked.has(n.key);
  };
  tree.forEach(walk);
  return out;
}

/** The keys the tree holds (a grant the current user cannot hand out is not shown, so not kept). */
export function knownKeys(tree: readonly TreeNode[], keys: readonly string[]): string[] {
  const { node } = indexTree(tree);
  return keys.filter((k) => node.has(k));
}

/** The leaf keys among `keys`. */
export function leafKeys(tree: readonly TreeNode[], keys: readonly string[]): string[] {
  const { node } = indexTree(tree);
  return keys.filter((k) => node.has(k) && !node.get(k)!.children?.length);
}

/**
 * - `nodes`: every node is a grant of its own (menus and their buttons), see toggleGrant.
 * - `leaves`: only leaves are grants, inner nodes just group them (scopes under their menus); a group
 *   checks or clears all its leaves.
 */
export type GrantMode = 'nodes' | 'leaves';

interface Props {
  treeData: TreeNode[];
  value: string[];
  onChange: (keys: string[]) => void;
  mode?: GrantMode;
  'aria-label'?: string;
}

/** A checkable permission tree. */
export function GrantTree({ treeData, value, onChange, mode = 'nodes', ...rest }: Props) {
  const common = { checkable: true, selectable: false, treeData, defaultExpandedKeys: treeData.map((n) => n.key) };
  return (
    <div style={{ maxHeight: 460, overflow: 'auto' }} role="group" aria-label={rest['aria-label']}>
      {mode === 'leaves' ? (
        <Tree {...common} checkedKeys={value} onCheck={(keys) => onChange(leafKeys(treeData, (keys as React.Key[]).map(String)))} />
      ) : (
        <Tree
          {...common}
          checkStrictly
          checkedKeys={{ checked: value, halfChecked: halfChecked(treeData, new Set(value)) }}
          onCheck={(_keys, info) => onChange(toggleGrant(treeData, value, String(info.node.key), info.checked))}
        />
      )}
    </div>
  );
}
