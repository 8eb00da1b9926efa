import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DATA_SCOPE_TYPE } from '@zoo/contract';
import type { Tx } from '../../db/client';
import { bladeDept } from '../identity/identity.tables';
import { bladeRoleScope, bladeScopeData } from './access.tables';
import type { Cache } from '../cache';
import { parseRule, resolveColumn, ruleCondition, type ScopeColumns } from './data-scope-rule';
import { BizError } from '../http/errors';
import { SCOPE_CACHE } from './scope-cache';
import { isAdministrator, type Session } from '../auth/session';

export const DATA_SCOPE_CATEGORY = 1;

/**
 * Resources data scopes can bind to, by resource code (= the contract CRUD definition's `name`). crudRoutes
 * registers every CRUD resource; non-CRUD lists register with `registerScopedResource`. Resources are static
 * (the same table for a name in every app instance), so one process-wide map is enough.
 */
const resources = new Map<string, ScopeColumns>();

/** `fields`: the keys a rule may name (the resource's record keys); only real columns of `table` count. */
export function registerScopedResource(name: string, table: PgTable, fields: readonly string[]): void {
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const allowed: ScopeColumns = new Map();
  for (const f of fields) if (cols[f] && f !== 'tenantId') allowed.set(f, cols[f]);
  resources.set(name, allowed);
}

export const scopedResourceNames = () => [...resources.keys()].sort();

interface Granted {
  scopeType: number;
  scopeColumn: string;
  scopeValue: string;
}

export interface DataScopeInput {
  resourceCode: string;
  scopeType: number;
  scopeColumn?: string;
  scopeValue?: string;
}

const BIGINT = /^bigint/;
const defaultColumn = (type: number) => (type === DATA_SCOPE_TYPE.own ? 'createUser' : 'createDept');

/** Validates a data scope before it is saved (submit), so enforcement never meets a rule it cannot apply. */
export function validateDataScope(input: DataScopeInput): void {
  const cols = resources.get(input.resourceCode);
  if (!cols) throw new BizError(`资源编号 ${input.resourceCode} 不支持数据权限 (可用: ${scopedResourceNames().join(', ')})`);
  if (input.scopeType === DATA_SCOPE_TYPE.all) return;
  if (input.scopeType === DATA_SCOPE_TYPE.custom) {
    parseRule(input.scopeValue ?? '', cols);
    return;
  }
  const name = input.scopeColumn?.trim() || defaultColumn(input.scopeType);
  const col = resolveColumn(cols, name);
  if (!col) throw new BizError(`权限字段 ${name} 不可用于资源 ${input.resourceCode}`);
  if (!BIGINT.test(col.getSQLType())) throw new BizError(`权限字段 ${name} 应为用户或机构编号列`);
}

function loadGranted(cache: Cache, db: Tx, s: Session, resource: string): Promise<Granted[]> {
  const roles = [...s.roleIds].sort();
  return cache.get(`${SCOPE_CACHE}data:${s.tenantId}:${roles.join(',')}:${resource}`, 300_000, () =>
    db
      .selectDistinct({ scopeType: bladeScopeData.scopeType, scopeColumn: bladeScopeData.scopeColumn, scopeValue: bladeScopeData.scopeValue })
      .from(bladeScopeData)
      .innerJoin(bladeRoleScope, and(eq(bladeRoleScope.scopeId, bladeScopeData.id), eq(bladeRoleScope.scopeCategory, DATA_SCOPE_CATEGORY)))
      .where(and(inArray(bladeRoleScope.roleId, roles), eq(bladeScopeData.resourceCode, resource), eq(bladeScopeData.isDeleted, 0))),
  );
}

/** The caller's departments and, for type 4, every department below them (blade_dept.ancestors). */
function deptCondition(col: PgColumn, s: Session, withChildren: boolean): SQL {
  const depts = s.deptId.split(',').filter((d) => /^\d+$/.test(d));
  if (depts.length === 0) return sql`false`;
  if (!withChildren) return inArray(col, depts);
  const arr = `{${depts.join(',')}}`;
  return sql`${col} in (select ${bladeDept.id} from ${bladeDept} where ${bladeDept.isDeleted} = 0 and (${bladeDept.id} = any(${arr}::bigint[]) or string_to_array(${bladeDept.ancestors}, ',')::bigint[] && ${arr}::bigint[]))`;
}

function condition(g: Granted, cols: ScopeColumns, s: Session): SQL | undefined {
  try {
    if (g.scopeType === DATA_SCOPE_TYPE.all) return undefined;
    if (g.scopeType === DATA_SCOPE_TYPE.custom) return ruleCondition(parseRule(g.scopeValue, cols), cols, s);
    const col = resolveColumn(cols, g.scopeColumn.trim() || defaultColumn(g.scopeType));
    if (!col) return sql`false`;
    if (g.scopeType === DATA_SCOPE_TYPE.own) return eq(col, s.userId);
    if (g.scopeType === DATA_SCOPE_TYPE.ownDept) return deptCondition(col, s, false);
    if (g.scopeType === DATA_SCOPE_TYPE.ownDeptAndChildren) return deptCondition(col, s, true);
  } catch {
    // A rule that no longer fits the table (schema changed) shows nothing rather than everything.
  }
  return sql`false`;
}

/**
 * The data-scope condition for a list of `resource`: none when the caller's roles hold no data scope for it
 * (or the caller is the administrator), else the OR of the granted scopes (type 1 "all" lifts the limit).
 */
export async function dataScopeWhere(call: { db: Tx; session: Session; cache: Cache }, resource: string): Promise<SQL | undefined> {
  const { session: s } = call;
  if (isAdministrator(s) || s.roleIds.length === 0) return undefined;
  const cols = resources.get(resource);
  if (!cols) return undefined;
  const granted = await loadGranted(call.cache, call.db, s, resource);
  if (granted.length === 0) return undefined;
  const conds: SQL[] = [];
  for (const g of granted) {
    const c = condition(g, cols, s);
    if (!c) return undefined;
    conds.push(c);
  }
  return or(...conds);
}

/** Why a write was refused: the row exists, but the caller's data scope for its resource does not reach it. */
export const OUT_OF_SCOPE = '该记录不在您的数据权限范围内, 不能修改';

/**
 * Refuses (BizError, OUT_OF_SCOPE) a write of any of the rows `ids` of `table` that the caller's data scope for
 * `resource` does not reach, by the same condition its lists apply (no scope: nothing refused). For resources
 * whose writes keep to the scope (`scopedWrites`) and for writes that reach the same rows another way (the
 * offline round's sync).
 */
export async function assertInDataScope(call: { db: Tx; session: Session; cache: Cache }, resource: string, table: PgTable, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const where = await dataScopeWhere(call, resource);
  if (!where) return;
  const id = (getTableColumns(table) as Record<string, PgColumn>).id!;
  // A scope column that is null is outside the scope, as in the list (`coalesce`: not(null) would pass it).
  const outside = await call.db
    .select({ id })
    .from(table)
    .where(and(inArray(id, ids), sql`not coalesce((${where}), false)`))
    .limit(1);
  if (outside.length) throw new BizError(OUT_OF_SCOPE);
}
