import { z } from 'zod';
import { BaseRecord, Id } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { dictInt, optId, optInt, optText, reqText } from '../fields';

/** Ranks from class down to subspecies (dict taxonomy_rank); a child is always of a lower rank than its parent. */
export const TAXON_RANKS = [1, 2, 3, 4, 5, 6] as const;
export const TAXON_RANK_NAMES: Record<number, string> = { 1: '纲', 2: '目', 3: '科', 4: '属', 5: '种', 6: '亚种' };

export const taxonomy = defineCrud({
  name: 'taxonomy',
  base: '/blade-taxonomy/taxonomy',
  title: '分类阶元',
  record: z.object({
    ...BaseRecord,
    parentId: z.string(),
    parentName: z.string(),
    rank: z.number().meta({ title: '阶元' }),
    nameCn: z.string().meta({ title: '中文名' }),
    nameLatin: z.string().meta({ title: '拉丁名' }),
    sort: z.number(),
    source: z.string().meta({ title: '分类来源' }),
    remark: z.string(),
    hasChildren: z.boolean(),
  }),
  input: z.object({
    id: Id.optional(),
    parentId: optId('上级阶元'),
    rank: dictInt('阶元', TAXON_RANKS),
    nameCn: reqText('中文名', 100),
    nameLatin: reqText('拉丁名', 200).refine((s) => /^[A-Za-z][A-Za-z .()×-]*$/.test(s), '拉丁名只能包含拉丁字母、空格和连字符'),
    sort: optInt('排序', 0, 100000),
    source: optText('分类来源', 255),
    remark: optText('备注', 500),
  }),
  filters: z.object({
    nameCn: z.string().optional(),
    nameLatin: z.string().optional(),
    rank: z.string().optional(),
    parentId: z.string().optional(),
  }),
  access: { submit: 'administrator', remove: 'administrator' },
});

export interface TaxonNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  rank: number;
  nameLatin: string;
  hasChildren: boolean;
  children?: TaxonNode[];
}
export const TaxonNode: z.ZodType<TaxonNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    title: z.string(),
    key: z.string(),
    value: z.string(),
    rank: z.number(),
    nameLatin: z.string(),
    hasChildren: z.boolean(),
    children: z.array(TaxonNode).optional(),
  }),
);

export const taxonomyEndpoints = {
  lazyTree: endpoint({
    method: 'GET',
    path: '/blade-taxonomy/taxonomy/lazy-tree',
    summary: '分类阶元懒加载树',
    access: 'login',
    query: z.object({ parentId: z.preprocess((v) => (v === '' || v === undefined ? '0' : v), Id) }),
    data: z.array(TaxonNode),
  }),
  tree: endpoint({
    method: 'GET',
    path: '/blade-taxonomy/taxonomy/tree',
    summary: '分类阶元树 (平台物种库共用,tenantId 被忽略)',
    access: 'login',
    query: z.object({ tenantId: z.string().optional() }),
    data: z.array(TaxonNode),
  }),
};
