import { REGION_PERMS, REGION_ROOT, RegionInput, RegionVO, regionEndpoints } from '@zoo/contract';
import { z } from 'zod';
import { defineCrudPage, type CrudResource } from '../../../crud';
import { call } from '../../../lib/request';

/**
 * Regions are keyed by their code, listed one level at a time under `parentCode` (root "00" = 中国), read by
 * `detail?code=` and removed one `id` (code) per call; the screen's resource is assembled from the contract.
 */
export const regionResource = {
  name: 'region',
  title: '行政区划',
  record: RegionVO,
  input: RegionInput,
  filters: z.object({ code: z.string().optional(), name: z.string().optional() }),
  perms: { add: REGION_PERMS.add, edit: REGION_PERMS.edit, delete: REGION_PERMS.delete, view: REGION_PERMS.view },
  endpoints: { list: regionEndpoints.lazyList, detail: regionEndpoints.detail, submit: regionEndpoints.submit, remove: regionEndpoints.remove },
} satisfies CrudResource;

const LEVELS = [0, 1, 2, 3, 4, 5].map((l) => ({ value: l, label: `region.level${l}` }));

export const regionPage = defineCrudPage({
  crud: regionResource,
  i18n: 'region',
  rowKey: 'code',
  lazy: true,
  lazyParent: { key: 'parentCode', root: REGION_ROOT },
  actionWidth: 260,
  fields: {
    name: { search: true, width: 200 },
    code: { search: true, width: 140, readOnly: (mode) => mode !== 'add' },
    parentCode: { width: 110, readOnly: true },
    parentName: { table: false, form: false },
    regionLevel: { widget: 'select', options: LEVELS, width: 90 },
    sort: { width: 80 },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  detail: (code) => call(regionEndpoints.detail, { query: { code } }),
  // One code per call (the server removes a region and refuses one with children).
  remove: async (codes) => {
    for (const id of codes) await call(regionEndpoints.remove, { query: { id } });
  },
  defaults: { parentCode: REGION_ROOT, regionLevel: 1, sort: 0 },
  addChild: (row) => (row.regionLevel < 5 ? { parentCode: row.code, code: row.code, regionLevel: row.regionLevel + 1 } : undefined),
});
