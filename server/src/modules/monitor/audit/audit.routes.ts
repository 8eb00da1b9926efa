import type { FastifyInstance } from 'fastify';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { audit, auditEndpoints, isIdText } from '@zoo/contract';
import { checkAccess } from '../../../platform/access/permissions';
import { sysAudit } from '../../../platform/audit/audit.tables';
import { sendXlsx, sheetName, writeSheet } from '../../../platform/excel';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mapFilters } from '../../../platform/resource/list-filter';
import { pageOf, selectPage } from '../../../platform/resource/paging';
import { auditedTable, auditedTables } from '../../../platform/resource/registry';
import { listDataScope, NOT_FOUND, resourceRoutes } from '../../../platform/resource/resource-routes';
import { auditRecord, changesText } from './audit.records';
import { nameReferences } from './audit-names';

const EXPORT_LIMIT = 50_000;
const ACTION_NAMES: Record<string, { zh: string; en: string }> = {
  create: { zh: '新增', en: 'Create' },
  update: { zh: '修改', en: 'Update' },
  delete: { zh: '删除', en: 'Delete' },
};
const SHEET = [
  { key: 'createTime', header: '时间', en: 'Time', width: 20 },
  { key: 'tenantId', header: '租户', en: 'Tenant', width: 10 },
  { key: 'title', header: '数据类型', en: 'Data type', width: 16 },
  { key: 'recordId', header: '记录ID', en: 'Record ID', width: 22 },
  { key: 'action', header: '操作', en: 'Action', width: 8 },
  { key: 'userName', header: '操作人', en: 'Operator', width: 14 },
  { key: 'clientIp', header: '客户端IP', en: 'Client IP', width: 16 },
  { key: 'reason', header: '原因', en: 'Reason', width: 24 },
  { key: 'changes', header: '变更内容', en: 'Changes', width: 80 },
] as const;

/**
 * 审计日志: the trail the database writes (platform/audit). The list and detail are a read-only resource (the
 * platform administrator sees every tenant); a record's history is visible to whoever may see the record.
 */
export function auditRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    def: audit,
    table: sysAudit,
    count: 'appendOnly',
    toRecords: async (rows, { db }) =>
      nameReferences(
        db,
        rows.map((r) => auditRecord(app, r)),
      ) as never,
  });

  route(app, auditEndpoints.history, async (call) => {
    const { table, id, current, size } = call.query;
    const reg = auditedTable(app, table);
    if (!reg) throw new BizError('该类数据没有变更记录');
    await checkAccess(app.zoo.cache, call.db, call.session, reg.detailAccess);
    const cols = getTableColumns(reg.table) as Record<string, PgColumn>;
    const key = cols.id ?? cols.code!;
    if (key === cols.id && !isIdText(id)) throw new BizError('ID格式不正确');
    // Only a record the caller may see (its tenant by row-level security, its data scopes); deleted ones included.
    const [seen] = await call.db
      .select({ one: sql<number>`1` })
      .from(reg.table)
      .where(and(eq(key, id), await listDataScope(call, reg.name)))
      .limit(1);
    if (!seen) throw new BizError(NOT_FOUND);
    const where = and(eq(sysAudit.tableName, table), eq(sysAudit.recordId, id));
    const { rows, total } = await selectPage(call.db, sysAudit, where, [desc(sysAudit.id)], { current, size });
    return pageOf(
      await nameReferences(
        call.db,
        rows.map((r) => auditRecord(app, r)),
      ),
      total,
      { current, size },
    );
  });

  route(app, auditEndpoints.tables, async () =>
    auditedTables(app)
      .filter((r, i, all) => all.findIndex((x) => x.tableName === r.tableName) === i)
      .map((r) => ({ tableName: r.tableName, resource: r.name, title: r.title })),
  );

  route(app, auditEndpoints.export, async ({ db, query, reply }) => {
    const where = and(...mapFilters(sysAudit, query as Record<string, unknown>, Object.keys(audit.filters.shape)));
    const rows = await db.select().from(sysAudit).where(where).orderBy(desc(sysAudit.id)).limit(EXPORT_LIMIT);
    const data = rows.map((r) => {
      const rec = auditRecord(app, r);
      return { ...rec, action: sheetName(ACTION_NAMES[String(rec.action)] ?? String(rec.action)), changes: changesText(rec) };
    });
    return sendXlsx(reply, { zh: '审计日志.xlsx', en: 'Audit trail.xlsx' }, await writeSheet({ zh: '审计日志', en: 'Audit trail' }, SHEET, data)) as never;
  });
}
