import { z } from 'zod';
import { BaseRecord, DateTimeIn, Empty, Id, IdList, INT32_MAX } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';

const optText = (max: number, msg: string) => z.string().trim().max(max, msg).optional();

export const TenantRow = z.object({
  ...BaseRecord,
  tenantId: z.string().meta({ title: '租户ID' }),
  tenantName: z.string().meta({ title: '租户名称' }),
  domain: z.string().meta({ title: '绑定域名' }),
  backgroundUrl: z.string().meta({ title: '系统背景' }),
  linkman: z.string().meta({ title: '联系人' }),
  contactNumber: z.string().meta({ title: '联系电话' }),
  address: z.string().meta({ title: '联系地址' }),
  /** -1 = unlimited. */
  accountNumber: z.number().meta({ title: '账号额度' }),
  expireTime: z.string().meta({ title: '过期时间' }),
  packageId: z.string().meta({ title: '产品包' }),
  datasourceId: z.string().meta({ title: '数据源' }),
  licenseKey: z.string(),
});
export type Tenant = z.infer<typeof TenantRow>;

/**
 * A new tenant gets a generated 6-digit tenant id, the default account quota and a bootstrapped admin role,
 * root department, post, admin account, business dictionaries and menu grants (its package's menus if given).
 */
export const tenant = defineCrud({
  name: 'tenant',
  base: '/blade-system/tenant',
  title: '租户',
  record: TenantRow,
  input: z.object({
    id: Id.optional(),
    tenantName: z.string({ error: '请输入租户名称' }).trim().min(1, '请输入租户名称').max(45, '租户名称不能超过45个字符'),
    linkman: z.string({ error: '请输入联系人' }).trim().min(1, '请输入联系人').max(20, '联系人不能超过20个字符'),
    contactNumber: optText(20, '联系电话不能超过20个字符'),
    address: optText(255, '联系地址不能超过255个字符'),
    domain: optText(255, '绑定域名不能超过255个字符'),
    backgroundUrl: optText(1000, '系统背景地址过长'),
    /** Only read when the tenant is created; later changes go through package-setting. */
    packageId: z.union([Id, z.literal('')]).optional(),
  }),
  filters: z.object({
    tenantId: z.string().optional(),
    tenantName: z.string().optional(),
    linkman: z.string().optional(),
    contactNumber: z.string().optional(),
    domain: z.string().optional(),
  }),
  access: { list: 'admin', detail: 'admin', submit: 'administrator', remove: 'administrator' },
  crossTenant: true,
});

const AccountNumber = z.coerce
  .number({ error: '请输入账号额度' })
  .int('账号额度应为整数')
  .min(-1, '账号额度应为 -1(不限) 或非负整数')
  .max(INT32_MAX, '账号额度过大');

export const TenantPackageRef = z.object({ id: z.string(), packageName: z.string(), menuId: z.string() });

export const tenantEndpoints = {
  select: endpoint({
    method: 'GET',
    path: '/blade-system/tenant/select',
    summary: '租户下拉列表',
    access: 'admin',
    data: z.array(z.object({ id: z.string(), tenantId: z.string(), tenantName: z.string() })),
    crossTenant: true,
  }),
  setting: endpoint({
    method: 'POST',
    path: '/blade-system/tenant/setting',
    summary: '授权配置(账号额度、过期时间)',
    access: 'administrator',
    query: z.object({
      ids: IdList,
      accountNumber: AccountNumber,
      expireTime: z.union([DateTimeIn, z.literal('')]).optional(),
    }),
    data: Empty,
    crossTenant: true,
  }),
  datasource: endpoint({
    method: 'POST',
    path: '/blade-system/tenant/datasource',
    summary: '配置租户数据源',
    access: 'administrator',
    query: z.object({
      tenantId: z.string({ error: '缺少必要的请求参数: tenantId' }).regex(/^\d{6}$/, '租户ID格式不正确'),
      datasourceId: z.union([Id, z.literal('')]).optional(),
    }),
    data: Empty,
    crossTenant: true,
  }),
  packageDetail: endpoint({
    method: 'GET',
    path: '/blade-system/tenant/package-detail',
    summary: '租户的产品包',
    access: 'administrator',
    /** tenantId here is the tenant row id (contract §5.3). */
    query: z.object({ tenantId: Id }),
    data: z.union([TenantPackageRef, Empty]),
    crossTenant: true,
  }),
  packageSetting: endpoint({
    method: 'POST',
    path: '/blade-system/tenant/package-setting',
    summary: '配置租户产品包',
    access: 'administrator',
    query: z.object({ tenantId: Id, packageId: z.union([Id, z.literal('')]).optional() }),
    data: Empty,
    crossTenant: true,
  }),
};
