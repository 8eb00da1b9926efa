import { describe, expect, it } from 'vitest';
import type { TreeNode } from '@zoo/contract';
import { disableBranch } from './tree-options';

const node = (id: string, children?: TreeNode[]): TreeNode => ({ id, parentId: '', title: id, key: id, value: id, children });

describe('disableBranch', () => {
  it('disables the record and its descendants, leaving siblings and ancestors choosable', () => {
    const tree = [node('1', [node('2', [node('3')]), node('4')])];
    const [root] = disableBranch(tree, '2');
    expect(root!.disabled).toBeUndefined();
    const [two, four] = root!.children!;
    expect(two).toMatchObject({ id: '2', disabled: true });
    expect(two!.children![0]).toMatchObject({ id: '3', disabled: true });
    expect(four!.disabled).toBeUndefined();
  });
});
