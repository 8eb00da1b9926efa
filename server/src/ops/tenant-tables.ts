import { sql } from 'drizzle-orm';
import { rowsOf, type DbLike } from '../db/client';

/**
 * The tables that hold a zoo's rows: every table of the public schema with a `tenant_id` column, read from the
 * catalogue (a table added by a later migration is exported without anyone listing it), less the ones below.
 */
export interface TenantTable {
  name: string;
  /** Stored columns in table order (generated ones are computed again by PostgreSQL, never copied). */
  columns: string[];
  hasId: boolean;
}

/**
 * Not part of a zoo's data: sign-in state that belongs to one installation's keys and one moment (tokens, OAuth
 * handshakes, authorization codes, failed-login counters). Copying it would carry sessions to another installation.
 */
export const NOT_EXPORTED = new Set(['sys_token', 'sys_oauth_state', 'sys_auth_code', 'sys_login_fail']);

export async function tenantTables(db: DbLike): Promise<TenantTable[]> {
  const rows = await rowsOf<{ name: string; columns: string[] }>(
    db,
    sql`select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
         where c.relkind in ('r', 'p') and not c.relispartition
           and exists (select 1 from pg_attribute t where t.attrelid = c.oid and t.attname = 'tenant_id' and not t.attisdropped)
         group by c.relname
         order by c.relname`,
  );
  return rows.filter((r) => !NOT_EXPORTED.has(r.name)).map((r) => ({ name: r.name, columns: r.columns, hasId: r.columns.includes('id') }));
}
