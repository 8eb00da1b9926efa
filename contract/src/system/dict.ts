import { z } from 'zod';
import { optText, reqText } from '../fields';
import { Id, IdOut, IntIn, isIdText, Page, PageQuery, ParentIdIn, TreeNode, treeOf } from '../common';
import { defineCrud } from '../resource';
import { DictItem, dictionaryEndpoints } from '../dicts';
import { endpoint, type Endpoint } from '../endpoint';
import type { MenuCode } from '../menus';

const DictRecordBase = z.object({
  id: IdOut,
  parentId: z.string().meta({ title: '上级字典' }),
  code: z.string().meta({ title: '字典编号' }),
  dictKey: z.string().meta({ title: '字典键值' }),
  dictValue: z.string().meta({ title: '字典名称' }),
  dictValueEn: z.string().meta({ title: '英文名称' }),
  sort: z.number().meta({ title: '字典排序' }),
  remark: z.string().meta({ title: '字典备注' }),
  isSealed: z.number().meta({ title: '封存' }),
  isDeleted: z.number(),
  /** "顶级" for roots. */
  parentName: z.string(),
});

/** Field rules of the dictionary form (spec §5): the prompts are the spec's, verbatim. */
const dictInput = z.object({
  id: Id.optional(),
  parentId: ParentIdIn,
  code: reqText('字典编号', 255),
  dictKey: z.union([z.string(), z.number()], { error: '请输入字典键值' }).transform(String).pipe(z.string().trim().min(1, '请输入字典键值').max(255)),
  dictValue: reqText('字典名称', 255),
  dictValueEn: optText('英文名称', 255),
  sort: IntIn('请输入字典排序'),
  isSealed: IntIn('请选择字典封存').pipe(z.number().min(0, '请选择字典封存').max(1, '请选择字典封存')),
  remark: z.string().max(255).optional(),
});

const filters = z.object({ code: z.string().optional(), dictValue: z.string().optional() });
const DictTreeItem = treeOf(DictItem);

/** System (`dict`, platform-wide) and business (`dictbiz`, per tenant) dictionaries share every shape. */
function dictApi<const N extends MenuCode, Rec extends z.ZodObject>(name: N, base: string, title: string, record: Rec) {
  const crud = defineCrud({
    name,
    base,
    title,
    tree: true,
    record,
    input: dictInput,
    filters,
    access: { list: { perm: name }, detail: { perm: name } },
  });
  const q = <Q extends z.ZodType, D extends z.ZodType>(path: string, summary: string, query: Q, data: D, access: Endpoint['access'] = 'login') =>
    endpoint({ method: 'GET', path: `${base}/${path}`, summary: `${title}${summary}`, access, query, data });
  const endpoints = {
    parentList: endpoint({
      method: 'GET',
      path: `${base}/parent-list`,
      summary: `${title}顶级分页`,
      access: { perm: name },
      query: PageQuery.extend(filters.shape).loose(),
      data: Page(record),
    }),
    childList: q(
      'child-list',
      '子项树',
      filters
        .extend({
          parentId: z
            .string()
            .refine((s) => isIdText(s.replace(/^-/, '')), '请求参数类型错误')
            .optional(),
        })
        .loose(),
      z.array(treeOf(record)),
      { perm: name },
    ),
    tree: q('tree', '全部树', z.object({ code: z.string().optional() }), z.array(TreeNode)),
    parentTree: q('parent-tree', '顶级树', z.object({ code: z.string().optional() }), z.array(TreeNode)),
    dictionary: name === 'dict' ? dictionaryEndpoints.dictionary : q('dictionary', '按编码查询', dictionaryEndpoints.dictionary.query!, z.array(DictItem)),
    dictionaryTree: q('dictionary-tree', '按编码查询树', dictionaryEndpoints.dictionary.query!, z.array(DictTreeItem)),
  };
  return { ...crud, extra: endpoints };
}

export const DictRecord = DictRecordBase;
export const DictBizRecord = DictRecordBase.extend({ tenantId: z.string() });
export const dict = dictApi('dict', '/blade-system/dict', '系统字典', DictRecord);
export const dictBiz = dictApi('dictbiz', '/blade-system/dict-biz', '业务字典', DictBizRecord);
