import { z } from 'zod';
import { DateTimeOut, Empty, Page, PageQuery } from '../common';
import { endpoint } from '../endpoint';
import { LICENCE_STATES } from './zoo-species';
import { NumOut, dateIn, optDate, optInt, reqId, reqText } from '../fields';

/** The 6-digit tenant code (blade_tenant.tenant_id), not the row id. */
const TenantCode = z
  .string({ error: '请选择租户' })
  .trim()
  .regex(/^\d{6}$/, '租户编号应为6位数字');

/** One species in a zoo's breeding licence scope (驯养繁殖/人工繁育许可证). */
export const AuthSpeciesInput = z
  .object({
    speciesId: reqId('物种'),
    licenceNo: reqText('许可证号', 100),
    issuingAuthority: reqText('发证机关', 100),
    validFrom: dateIn('许可证生效日期'),
    validTo: optDate('许可证截止日期'),
    approvedQuantity: optInt('核准数量', 0, 1_000_000),
  })
  .refine((v) => !v.validTo || v.validTo >= v.validFrom, { message: '许可证截止日期不能早于生效日期', path: ['validTo'] });

export const AuthSpeciesRecord = z.object({
  id: z.string(),
  speciesId: z.string(),
  speciesName: z.string(),
  latinName: z.string(),
  licenceNo: z.string(),
  issuingAuthority: z.string(),
  validFrom: DateTimeOut,
  validTo: DateTimeOut,
  approvedQuantity: NumOut,
  licenceState: z.enum(LICENCE_STATES),
});

export const ZooTenantRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  linkman: z.string(),
  contactNumber: z.string(),
  address: z.string(),
  expireTime: DateTimeOut,
  /** Authorised species (any licence state) and those whose licence is in force today. */
  speciesCount: z.number(),
  validSpeciesCount: z.number(),
  animalCount: z.number(),
  populationQuantity: z.number(),
});

export const zooTenantEndpoints = {
  authSpeciesList: endpoint({
    method: 'GET',
    path: '/blade-system/tenant/authspecies',
    summary: '动物园的授权物种 (许可证范围)',
    access: 'administrator',
    query: z.object({ tenantId: TenantCode }),
    data: z.array(AuthSpeciesRecord),
  }),
  authSpecies: endpoint({
    method: 'POST',
    path: '/blade-system/tenant/authspecies',
    summary: '设置动物园的授权物种 (整体替换)',
    access: 'administrator',
    body: z.object({
      tenantId: TenantCode,
      species: z.array(AuthSpeciesInput, { error: '请选择授权物种' }).max(2000),
    }),
    data: Empty,
  }),
  zooList: endpoint({
    method: 'GET',
    path: '/blade-system/tenant/zoo-list',
    summary: '动物园 (租户) 分页,含授权物种数',
    access: 'administrator',
    query: PageQuery.extend({ tenantId: z.string().optional(), tenantName: z.string().optional() }).loose(),
    data: Page(ZooTenantRecord),
    crossTenant: true,
  }),
  /**
   * A new zoo set up like an existing one: its package, account quota and expiry, roles with their menu and scope
   * grants, departments, posts, business dictionaries, zoo parameters (`….<zoo code>`) and authorised species —
   * no animals, people or records. It gets a new 6-digit tenant id and an `admin` account (role admin, root
   * department) with the default password (parameter `tenant.default.password`).
   */
  copy: endpoint({
    method: 'POST',
    path: '/blade-system/tenant/copy',
    summary: '复制租户 (以现有动物园的配置新建动物园)',
    access: 'administrator',
    body: z.object({
      sourceTenantId: TenantCode,
      tenantName: z.string({ error: '请输入租户名称' }).trim().min(1, '请输入租户名称').max(45, '租户名称不能超过45个字符'),
      linkman: z.string({ error: '请输入联系人' }).trim().min(1, '请输入联系人').max(20, '联系人不能超过20个字符'),
      contactNumber: z.string().trim().max(20, '联系电话不能超过20个字符').optional(),
      address: z.string().trim().max(255, '联系地址不能超过255个字符').optional(),
      domain: z.string().trim().max(255, '绑定域名不能超过255个字符').optional(),
    }),
    data: z.object({ id: z.string(), tenantId: z.string(), tenantName: z.string(), account: z.string() }),
    crossTenant: true,
  }),
};
