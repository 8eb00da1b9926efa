import type { FastifyInstance } from 'fastify';
import type { AuditRecord } from '@zoo/contract';
import type { sysAudit } from '../../../platform/audit/audit.tables';
import type { Wire } from '../../../platform/http/route';
import { auditedTable } from '../../../platform/resource/registry';

type AuditRow = typeof sysAudit.$inferSelect;

const camel = (col: string) => col.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * A stored audit row as the contract's record: the changed columns under their record keys (the table's
 * resource says `flag_type` is `type`), before and after side by side, the resource's title for the table.
 * Values pass as stored: the trigger writes bigint ids beyond 2^53 as strings (migration 0043), so the JSON.parse
 * that reads jsonb keeps every digit.
 */
export function auditRecord(app: FastifyInstance, row: AuditRow): Wire<AuditRecord> {
  const reg = auditedTable(app, row.tableName);
  const changes = Object.entries((row.changes ?? {}) as Record<string, [unknown, unknown]>).map(([col, [before, after]]) => ({
    field: reg?.keys.get(col) ?? camel(col),
    before,
    after,
  }));
  return {
    ...row,
    action: row.action as AuditRecord['action'],
    resource: reg?.name,
    title: reg?.title ?? row.tableName,
    changes,
  };
}

/** One line per change for the spreadsheet: `field: before → after`. */
export const changesText = (r: Wire<AuditRecord>) => r.changes.map((c) => `${c.field}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`).join('\n');
