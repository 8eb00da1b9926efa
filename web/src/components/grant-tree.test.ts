import type { TreeNode } from '@zoo/contract';
import { describe, expect, it } from 'vitest';
import { knownKeys, leafKeys, toggleGrant } from './grant-tree';

const n = (key: string, children?: TreeNode[]): TreeNode => ({ id: key, parentId: '0', key, value: key, title: key, children });
const TREE = [n('sys', [n('user', [n('user_add'), n('user_delete')]), n('post')]), n('zoo')];
const sorted = (keys: string[]) => [...keys].sort();

describe('grant tree keys', () => {
  it('checking a button grants it and every menu above it', () => {
    expect(sorted(toggleGrant(TREE, [], 'user_add', true))).toEqual(['sys', 'user', 'user_add']);
  });

  it('checking a menu grants everything under it', () => {
    expect(sorted(toggleGrant(TREE, [], 'sys', true))).toEqual(['post', 'sys', 'user', 'user_add', 'user_delete']);
  });

  it('unchecking a menu revokes it and its buttons but keeps the menus above', () => {
    const all = ['sys', 'user', 'user_add', 'user_delete', 'post'];
    expect(sorted(toggleGrant(TREE, all, 'user', false))).toEqual(['post', 'sys']);
  });

  it('unchecking the last button leaves its menu granted', () => {
    expect(sorted(toggleGrant(TREE, ['sys', 'user', 'user_add'], 'user_add', false))).toEqual(['sys', 'user']);
  });

  it('keeps only keys the tree shows; leaf mode keeps only leaves', () => {
    expect(knownKeys(TREE, ['sys', 'gone'])).toEqual(['sys']);
    expect(leafKeys(TREE, ['sys', 'user', 'user_add', 'zoo'])).toEqual(['user_add', 'zoo']);
  });
});
