import { z } from 'zod';
import { Id, TenantRecord } from '../common';
import { endpoint } from '../endpoint';
import type { Permission } from '../menus';

/**
 * What OSS and SMS configurations share (contract §4): a dictionary category, a per-tenant resource code, a key
 * pair whose secret never leaves the server, and "one enabled per tenant".
 */
export const providerRecord = {
  ...TenantRecord,
  category: z.number().meta({ title: '分类' }),
  categoryName: z.string().meta({ title: '分类' }),
  accessKey: z.string().meta({ title: 'accessKey' }),
  secretKey: z.string().meta({ title: 'secretKey' }),
  remark: z.string().meta({ title: '备注' }),
  statusName: z.string().meta({ title: '是否启用' }),
};

export const ProviderCategory = z.coerce.number({ error: '请选择分类' }).int('请选择分类').min(1, '请选择分类').max(5, '请选择分类');

export const ResourceCode = z
  .string({ error: '请输入资源编号' })
  .trim()
  .min(1, '请输入资源编号')
  .max(32, '资源编号不能超过32个字符')
  .regex(/^[A-Za-z0-9_-]+$/, '资源编号只能包含字母、数字、下划线和短横线');

export const OptionalText = (max = 255) => z.string().trim().max(max).optional();

export const HttpUrl = (msg: string) =>
  z
    .string()
    .trim()
    .max(255)
    .regex(/^https?:\/\/[^\s/]+/i, msg)
    .optional()
    .or(z.literal(''));

/** Adds "required" issues for the fields a real provider needs (the built-in one needs none). */
export function requireFields<T extends Record<string, unknown>>(v: T, ctx: z.RefinementCtx, need: Array<[keyof T & string, string]>): void {
  for (const [k, msg] of need) if (!v[k]) ctx.addIssue({ code: 'custom', path: [k], message: msg });
}

export const enableEndpoint = (base: string, summary: string, perm: Permission) =>
  endpoint({
    method: 'POST',
    path: `${base}/enable`,
    summary,
    access: { perm },
    query: z.object({ id: Id }),
    data: z.object({}).loose(),
  });
