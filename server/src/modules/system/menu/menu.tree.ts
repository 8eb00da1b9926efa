import type { MenuNode, MenuRecord } from '@zoo/contract';
import type { MenuRow } from '../../../platform/access/menu-access';

export type { MenuRow };

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

export { withAncestors } from '../../../platform/access/menu-access';
export { buildForest } from '../../../platform/resource/tree';

/** MenuVO of the menu list/lazy-list calls (no *Name fields). */
export const menuRecord = (m: MenuRow): MenuRecord => ({ ...toMenuNode(m), component: m.component });
