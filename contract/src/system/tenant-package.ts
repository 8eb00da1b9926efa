import { z } from 'zod';
import { BaseRecord, Id, isIdText } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';

/** The menu picker sends an array or a comma-joined string; the wire and the table keep "id,id,…". */
const MenuIds = z
  .union([z.string({ error: '请选择菜单' }), z.array(z.union([z.string(), z.number()]).transform(String))], { error: '请选择菜单' })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.string().refine(isIdText, '菜单ID格式不正确')).min(1, '请选择菜单').max(2000, '菜单过多'))
  .transform((ids) => [...new Set(ids)].join(','));

export const tenantPackage = defineCrud({
  name: 'tenant_package',
  base: '/blade-system/tenant-package',
  title: '租户产品包',
  record: z.object({
    ...BaseRecord,
    packageName: z.string().meta({ title: '产品包名称' }),
    menuId: z.string().meta({ title: '菜单ID' }),
    remark: z.string().meta({ title: '备注' }),
  }),
  input: z.object({
    id: Id.optional(),
    packageName: z.string({ error: '请输入产品包名称' }).trim().min(1, '请输入产品包名称').max(50, '产品包名称不能超过50个字符'),
    menuId: MenuIds,
    remark: z.string().max(255, '备注不能超过255个字符').optional(),
  }),
  filters: z.object({ packageName: z.string().optional() }),
  access: { list: 'administrator', detail: 'administrator', submit: 'administrator', remove: 'administrator' },
  // Removing a package checks every tenant bound to it.
  crossTenant: true,
});

export const tenantPackageEndpoints = {
  select: endpoint({
    method: 'GET',
    path: '/blade-system/tenant-package/select',
    summary: '产品包下拉列表',
    access: 'administrator',
    data: z.array(z.object({ id: z.string(), packageName: z.string() })),
  }),
};
