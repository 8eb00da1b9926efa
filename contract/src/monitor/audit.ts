import { z } from 'zod';
import { DateFilterIn, IdOut, Page, PageQuery } from '../common';
import { defineReadonly } from '../resource';
import { endpoint } from '../endpoint';

/**
 * The permanent audit trail: one append-only row per create / update / delete of a framework or zoo record,
 * written by the database in the writing transaction (docs/decisions/0011-audit-trail.md).
 */
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One changed field: its record key (camelCase, as the resource's record names it), before and after. */
export const AuditChange = z.object({
  field: z.string(),
  /** Values as stored; "" when empty; secrets are "******"; numbers beyond 2^53 (bigint ids) as their digits in a string. */
  before: z.unknown(),
  after: z.unknown(),
  /** The names of the records a reference field (role, department, post, cage, species) pointed to. */
  beforeName: z.string().optional(),
  afterName: z.string().optional(),
});
export type AuditChange = z.infer<typeof AuditChange>;

export const AuditRecord = z.object({
  id: IdOut,
  /** Tenant the record belongs to (the platform's for shared tables). */
  tenantId: z.string(),
  tableName: z.string().meta({ title: '数据表' }),
  /** The resource (contract name) of the table, "" for tables without one; and its title. */
  resource: z.string(),
  title: z.string().meta({ title: '数据类型' }),
  recordId: z.string().meta({ title: '记录ID' }),
  action: z.enum(AUDIT_ACTIONS).meta({ title: '操作' }),
  userId: z.string(),
  userName: z.string().meta({ title: '操作人' }),
  deptId: z.string(),
  /** Tenant of the person who made the change (the platform administrator may act in a zoo). */
  actorTenantId: z.string(),
  clientIp: z.string().meta({ title: '客户端IP' }),
  /** Rows written by one request share it. */
  requestId: z.string(),
  reason: z.string().meta({ title: '原因' }),
  changes: z.array(AuditChange),
  createTime: z.string().meta({ title: '时间' }),
});
export type AuditRecord = z.infer<typeof AuditRecord>;

const auditFilters = {
  tableName_equal: z.string().optional(),
  recordId_equal: z.string().optional(),
  action_equal: z.string().optional(),
  userName: z.string().optional(),
  createTime_dategt: DateFilterIn,
  createTime_datelt: DateFilterIn,
  tenantId_equal: z.string().optional(),
};

/** 审计日志 (系统监控): the caller's tenant, every tenant for the platform administrator. */
export const audit = defineReadonly({
  name: 'audit',
  base: '/blade-log/audit',
  title: '审计日志',
  crossTenant: true,
  record: AuditRecord,
  filters: z.object(auditFilters),
});

export const AuditTable = z.object({ tableName: z.string(), resource: z.string(), title: z.string() });

export const auditEndpoints = {
  /**
   * A record's change timeline, newest first. Visible to whoever may see the record itself: same tenant, same
   * data scopes, same access rule as the resource's detail call.
   */
  history: endpoint({
    method: 'GET',
    path: '/blade-log/audit/history',
    summary: '记录的变更历史',
    access: 'login',
    query: PageQuery.extend({
      table: z.string({ error: '缺少必要的请求参数: table' }).regex(/^[a-z][a-z0-9_]{0,62}$/, '数据表名称不正确'),
      id: z.string({ error: '缺少必要的请求参数: id' }).min(1, '缺少必要的请求参数: id').max(64, '记录ID不正确'),
    }),
    data: Page(AuditRecord),
  }),
  /** Audited tables with their resource titles (the audit screen's table filter). */
  tables: endpoint({
    method: 'GET',
    path: '/blade-log/audit/tables',
    summary: '可审计的数据表',
    access: { perm: 'audit_view' },
    data: z.array(AuditTable),
  }),
  /** The filtered list as xlsx (token in the Blade-Auth query parameter, like the other downloads). */
  export: endpoint({
    method: 'GET',
    path: '/blade-log/audit/export',
    download: true,
    summary: '导出审计日志',
    access: { perm: 'audit_export' },
    query: z.object(auditFilters).loose(),
    data: z.unknown(),
    raw: true,
    crossTenant: true,
  }),
};
