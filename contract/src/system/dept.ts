import { z } from 'zod';
import { reqText } from '../fields';
import { Id, IdOut, IntIn, ParentIdIn, TreeNode } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';

export const DeptRecord = z.object({
  id: IdOut,
  tenantId: z.string().meta({ title: '所属租户' }),
  parentId: z.string().meta({ title: '上级机构' }),
  /** Comma path of ids from "0" down to the parent, maintained by the server. */
  ancestors: z.string(),
  deptCategory: z.number().meta({ title: '机构类型' }),
  deptName: z.string().meta({ title: '机构名称' }),
  fullName: z.string().meta({ title: '机构全称' }),
  sort: z.number().meta({ title: '排序' }),
  remark: z.string().meta({ title: '备注' }),
  isDeleted: z.number(),
  parentName: z.string(),
  deptCategoryName: z.string(),
});
export type DeptRecord = z.infer<typeof DeptRecord>;

export const dept = defineCrud({
  name: 'dept',
  base: '/blade-system/dept',
  title: '机构',
  tree: true,
  record: DeptRecord,
  input: z.object({
    id: Id.optional(),
    parentId: ParentIdIn,
    deptName: reqText('机构名称', 45),
    fullName: reqText('机构全称', 45),
    deptCategory: IntIn('请输入机构类型').pipe(z.number().min(1, '请输入机构类型').max(3, '请输入机构类型')),
    sort: IntIn('请输入排序'),
    remark: z.string().max(255).optional(),
  }),
  filters: z.object({ deptName: z.string().optional(), fullName: z.string().optional() }),
  access: { list: { perm: 'dept' }, detail: 'admin' },
  submitData: z.object({ id: z.string(), tenantId: z.string(), deptCategoryName: z.string() }),
});

export const deptEndpoints = {
  lazyList: endpoint({
    method: 'GET',
    path: '/blade-system/dept/lazy-list',
    summary: '机构懒加载列表',
    access: { perm: 'dept' },
    query: z.object({ parentId: ParentIdIn, deptName: z.string().optional(), fullName: z.string().optional() }).loose(),
    data: z.array(DeptRecord.extend({ hasChildren: z.boolean() })),
  }),
  tree: endpoint({
    method: 'GET',
    path: '/blade-system/dept/tree',
    summary: '机构树',
    access: 'login',
    query: z.object({ tenantId: z.string().optional() }),
    data: z.array(TreeNode),
  }),
  lazyTree: endpoint({
    method: 'GET',
    path: '/blade-system/dept/lazy-tree',
    summary: '机构懒加载树',
    access: 'login',
    query: z.object({ tenantId: z.string().optional(), parentId: ParentIdIn }),
    data: z.array(TreeNode),
  }),
  select: endpoint({
    method: 'GET',
    path: '/blade-system/dept/select',
    summary: '机构下拉 (某用户的机构, 指定机构, 或本租户全部)',
    access: 'login',
    query: z.object({ userId: Id.optional(), deptId: z.string().optional() }),
    data: z.array(DeptRecord),
  }),
};
