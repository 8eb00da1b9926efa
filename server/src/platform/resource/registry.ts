import type { FastifyInstance } from 'fastify';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Access, ResourceDefinition } from '@zoo/contract';

export interface ResourceRegistration {
  def: ResourceDefinition;
  table: PgTable;
  tableName: string;
  tenantScoped: boolean;
  /** Database column name → record key (`flag_type` → `type`), for readers of raw rows such as the audit trail. */
  keys: Map<string, string>;
}

/**
 * Every resource the app registered through `resourceRoutes`, whatever its verbs: the tenant-isolation test walks
 * it, the audit trail finds a table's resource (title, data scopes, access rule) in it.
 */
const registry = new WeakMap<FastifyInstance, ResourceRegistration[]>();

const keysOf = (table: PgTable) => new Map(Object.entries(getTableColumns(table)).map(([key, c]) => [c.name, key]));

export function register(app: FastifyInstance, def: ResourceDefinition, table: PgTable): ResourceRegistration {
  const reg: ResourceRegistration = {
    def,
    table,
    tableName: getTableName(table),
    tenantScoped: Boolean(getTableColumns(table).tenantId),
    keys: keysOf(table),
  };
  registry.set(app, [...(registry.get(app) ?? []), reg]);
  return reg;
}

export const resourcesOf = (app: FastifyInstance): readonly ResourceRegistration[] => registry.get(app) ?? [];

/** What the audit trail needs to show a table's history: its record's name (data scopes), title and detail rule. */
export interface AuditedTable {
  table: PgTable;
  tableName: string;
  name: string;
  title: string;
  detailAccess: Access;
  keys: Map<string, string>;
}

const handServed = new WeakMap<FastifyInstance, AuditedTable[]>();

/**
 * A table served by hand-written routes rather than the builder (users: page, detail and writes follow the
 * contract's user API) whose record history may still be read, with the rules of its detail call.
 */
export function registerAudited(app: FastifyInstance, o: { table: PgTable; name: string; title: string; detailAccess: Access }): void {
  handServed.set(app, [...(handServed.get(app) ?? []), { ...o, tableName: getTableName(o.table), keys: keysOf(o.table) }]);
}

/** Every table whose history can be read: the builder's resources first, then hand-served ones. */
export function auditedTables(app: FastifyInstance): AuditedTable[] {
  const fromResources = resourcesOf(app).map((r) => ({
    table: r.table,
    tableName: r.tableName,
    name: r.def.name,
    title: r.def.title,
    detailAccess: r.def.endpoints.detail?.access ?? ('login' as const),
    keys: r.keys,
  }));
  return [...fromResources, ...(handServed.get(app) ?? [])];
}

export const auditedTable = (app: FastifyInstance, tableName: string) => auditedTables(app).find((t) => t.tableName === tableName);
