import { z } from 'zod';
import { Empty, Page, PageQuery, TreeNode } from '../common';
import { endpoint } from '../endpoint';
import { transferEndpoints } from '../spreadsheet';

export const REGION_ROOT = '00';
export const REGION_LEVELS = [0, 1, 2, 3, 4, 5] as const; // 国家, 省, 市, 区县, 乡镇, 村

const Code = (msg: string) =>
  z
    .string({ error: msg })
    .trim()
    .min(1, msg)
    .regex(/^\d{2,12}$/, '区划编号应为2到12位数字');

export const RegionRecord = z.object({
  code: z.string().meta({ title: '区划编号' }),
  parentCode: z.string().meta({ title: '父区划编号' }),
  ancestors: z.string().meta({ title: '祖区划编号' }),
  name: z.string().meta({ title: '区划名称' }),
  provinceCode: z.string(),
  provinceName: z.string().meta({ title: '省级' }),
  cityCode: z.string(),
  cityName: z.string().meta({ title: '市级' }),
  districtCode: z.string(),
  districtName: z.string().meta({ title: '区级' }),
  townCode: z.string(),
  townName: z.string().meta({ title: '镇级' }),
  villageCode: z.string(),
  villageName: z.string().meta({ title: '村级' }),
  regionLevel: z.number().meta({ title: '区划等级' }),
  sort: z.number().meta({ title: '排序' }),
  remark: z.string().meta({ title: '备注' }),
});
export type Region = z.infer<typeof RegionRecord>;

export const RegionVO = RegionRecord.extend({ parentName: z.string(), hasChildren: z.boolean() });
export type RegionVO = z.infer<typeof RegionVO>;

/** Creates when the code is new (ancestors and the province…village columns come from the parent), else updates. */
export const RegionInput = z.object({
  code: Code('请输入区划编号'),
  parentCode: Code('请选择上级区划').or(z.literal('0')),
  name: z.string({ error: '请输入区划名称' }).trim().min(1, '请输入区划名称').max(32, '区划名称不能超过32个字符'),
  regionLevel: z.coerce.number({ error: '请选择区划等级' }).int('请选择区划等级').min(0, '请选择区划等级').max(5, '请选择区划等级'),
  sort: z.coerce.number({ error: '排序应为数字' }).int('排序应为整数').min(0).max(1_000_000).optional(),
  remark: z.string().max(255, '备注不能超过255个字符').optional(),
});
export type RegionInput = z.infer<typeof RegionInput>;

const ParentQuery = z.object({
  parentCode: z
    .string()
    .regex(/^\d{1,12}$/, '区划编号格式不正确')
    .default(REGION_ROOT),
});

export const REGION_PERMS = {
  add: 'region_add',
  edit: 'region_edit',
  delete: 'region_delete',
  view: 'region_view',
  import: 'region_import',
  export: 'region_export',
} as const;

const base = '/blade-system/region';
export const regionEndpoints = {
  lazyTree: endpoint({
    method: 'GET',
    path: `${base}/lazy-tree`,
    summary: '行政区划懒加载树',
    access: 'login',
    query: ParentQuery,
    data: z.array(TreeNode),
  }),
  lazyList: endpoint({
    method: 'GET',
    path: `${base}/lazy-list`,
    summary: '行政区划懒加载列表',
    access: 'login',
    query: ParentQuery.extend({ code: z.string().optional(), name: z.string().optional() }),
    data: z.array(RegionVO),
  }),
  list: endpoint({
    method: 'GET',
    path: `${base}/list`,
    summary: '行政区划分页',
    access: 'login',
    query: PageQuery.extend({
      code: z.string().optional(),
      name: z.string().optional(),
      parentCode: z.string().optional(),
      regionLevel: z.coerce.number({ error: '请求参数类型错误' }).int('请求参数类型错误').min(0, '请求参数类型错误').max(5, '请求参数类型错误').optional(),
    }),
    data: Page(RegionRecord),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${base}/detail`,
    summary: '行政区划详情',
    access: 'login',
    query: z.object({ code: Code('缺少必要的请求参数: code') }),
    data: RegionVO,
  }),
  select: endpoint({
    method: 'GET',
    path: `${base}/select`,
    summary: '下级行政区划(级联选择)',
    access: 'login',
    query: z.object({
      code: z
        .string()
        .regex(/^\d{1,12}$/, '区划编号格式不正确')
        .default(REGION_ROOT),
    }),
    data: z.array(RegionRecord),
  }),
  submit: endpoint({
    method: 'POST',
    path: `${base}/submit`,
    summary: '新增或修改行政区划',
    access: 'login', // region_add for a new code, region_edit for an existing one (checked in the handler)
    body: RegionInput,
    data: Empty,
  }),
  remove: endpoint({
    method: 'POST',
    path: `${base}/remove`,
    summary: '删除行政区划',
    access: { perm: REGION_PERMS.delete },
    query: z.object({ id: Code('缺少必要的请求参数: id') }),
    data: Empty,
  }),
  ...transferEndpoints({
    base,
    slug: 'region',
    noun: '行政区划',
    perms: REGION_PERMS,
    exportFilters: { code: z.string().optional(), name: z.string().optional() },
  }),
};
