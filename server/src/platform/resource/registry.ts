import type { FastifyInstance } from 'fastify';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDefinition } from '@zoo/contract';

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

export function register(app: FastifyInstance, def: ResourceDefinition, table: PgTable): ResourceRegistration {
  const cols = getTableColumns(table);
  const reg: ResourceRegistration = {
    def,
    table,
    tableName: getTableName(table),
    tenantScoped: Boolean(cols.tenantId),
    keys: new Map(Object.entries(cols).map(([key, c]) => [c.name, key])),
  };
  registry.set(app, [...(registry.get(app) ?? []), reg]);
  return reg;
}

export const resourcesOf = (app: FastifyInstance): readonly ResourceRegistration[] => registry.get(app) ?? [];

/** The resource a table belongs to (the first registered when several resources share a table). */
export const resourceOfTable = (app: FastifyInstance, tableName: string) => resourcesOf(app).find((r) => r.tableName === tableName);
