import { TOP_PARENT_ID, type dict, type dictBiz, type TreeNode } from '@zoo/contract';
import { defineCrudPage, dictLabel, type FieldDef, type Option, type RowOf } from '../../../crud';
import { call } from '../../../lib/request';
import { i18n } from '../../../lib/i18n';

/** System and business dictionaries share every shape; one implementation serves both. */
export type DictApi = typeof dict | typeof dictBiz;
export type DictRow = RowOf<DictApi>;

/** A root's dictKey, as Blade stores it (roots are no entries of their dictionary). */
const ROOT_KEY = '-1';
/** The dialog width of the spec (§9). */
const WIDTH = 880;
const SEALED: Option[] = [
  { label: 'crud.no', value: 0 },
  { label: 'crud.yes', value: 1 },
];
const sealed: FieldDef = { options: SEALED, width: 80 };

/** The dictionaries themselves: roots, paged (parent-list). */
export const dictRootPage = (api: DictApi) =>
  defineCrudPage({
    crud: api,
    i18n: 'dict',
    list: api.extra.parentList,
    modalWidth: WIDTH,
    actionWidth: 230,
    fields: {
      code: { search: true },
      dictValue: { search: true },
      dictValueEn: {},
      sort: { width: 90 },
      isSealed: sealed,
      remark: { widget: 'textarea', rows: 3, table: false },
    },
    defaults: { isSealed: 0 },
    toInput: (values) => ({ ...values, parentId: TOP_PARENT_ID, dictKey: ROOT_KEY }),
  });

type DictTree = DictRow & { children?: DictTree[] };
const toNode = (r: DictTree): TreeNode => ({
  id: r.id,
  parentId: r.parentId,
  title: dictLabel(r, i18n.language),
  key: r.id,
  value: r.id,
  children: r.children?.map(toNode),
});

/** The entries of one dictionary as a tree (child-list); a new entry sits under the root unless told otherwise. */
export const dictItemPage = (api: DictApi, root: DictRow) =>
  defineCrudPage({
    crud: api,
    i18n: 'dict',
    list: api.extra.childList,
    pagination: false,
    modalWidth: WIDTH,
    actionWidth: 230,
    baseQuery: { parentId: root.id },
    fields: {
      code: { readOnly: true, table: false },
      dictValue: { search: true },
      dictValueEn: {},
      dictKey: {},
      parentId: {
        table: false,
        tree: {
          key: `${api.name}-${root.id}`,
          load: async () => {
            const items = (await call(api.extra.childList, { query: { parentId: root.id } })) as DictTree[];
            return [{ ...toNode(root), children: items.map(toNode) }];
          },
        },
      },
      sort: { width: 90 },
      isSealed: sealed,
      remark: { widget: 'textarea', rows: 3, table: false },
    },
    defaults: { code: root.code, parentId: root.id, isSealed: 0 },
    toInput: (values) => ({ ...values, code: root.code, parentId: values.parentId || root.id }),
    addChild: (row) => ({ parentId: row.id }),
  });
