import { taxonomy, taxonomyEndpoints } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import { call } from '../../../lib/request';

const LOWEST_RANK = 6; // 亚种

/**
 * 分类阶元: the taxonomy as a lazy tree (list?parentId=, one level per call, `hasChildren` on each row), ranks
 * class → subspecies. A child starts one rank below its parent; a search looks through every level.
 */
export const taxonomyPage = defineCrudPage({
  crud: taxonomy,
  i18n: 'taxonomy',
  lazy: true,
  searchAllLevels: true,
  // One level is one page of the resource's list: large enough for any level.
  baseQuery: { size: 1000 },
  actionWidth: 260,
  fields: {
    nameCn: { search: true },
    nameLatin: { search: true, render: (v) => <i>{String(v)}</i> },
    rank: { dict: 'taxonomy_rank', search: { key: 'rank' }, width: 100 },
    parentId: { table: false, tree: { key: 'taxonomy', load: () => call(taxonomyEndpoints.tree) } },
    source: { table: false, span: 24 },
    sort: { width: 90 },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { rank: 1, sort: 0 },
  addChild: (row) => (row.rank < LOWEST_RANK ? { parentId: row.id, rank: row.rank + 1 } : undefined),
});
