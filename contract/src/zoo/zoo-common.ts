import { z } from 'zod';
import { treeNodeOf, type TreeNodeOf } from '../common';

/** A tree node of park / venue / cage trees: the common TreeNode plus its level. */
export const ZooTreeNode = treeNodeOf({ type: z.enum(['park', 'venue', 'cage']) });
export type ZooTreeNode = TreeNodeOf<{ type: 'park' | 'venue' | 'cage' }>;
