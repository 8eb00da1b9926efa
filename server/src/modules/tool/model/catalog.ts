import type { Session } from '../datasource/connect';

/**
 * Reads a datasource's real catalog (information_schema) — the same questions on PostgreSQL and MySQL/MariaDB.
 * PostgreSQL: the tables of the search path's first schema (public unless the login sets another); MySQL: the
 * connection's database. Workflow engine tables (ACT_*, FLW_*) are left out, as in BladeX (contract §5.16).
 */
export interface CatalogColumn {
  name: string;
  type: string;
  comment: string;
  nullable: boolean;
  primaryKey: boolean;
}

const ENGINE_TABLES = /^(act|flw)_/i;

export async function listTables(s: Session): Promise<Array<{ name: string; comment: string }>> {
  const rows =
    s.kind === 'postgres'
      ? await s.query<{ name: string; comment: string | null }>(
          `select c.relname as name, obj_description(c.oid, 'pg_class') as comment
             from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
          [],
        )
      : await s.query<{ name: string; comment: string | null }>(
          `select table_name as name, table_comment as comment from information_schema.tables
            where table_schema = database() and table_type = 'BASE TABLE' order by table_name`,
          [],
        );
  return rows.filter((r) => !ENGINE_TABLES.test(r.name)).map((r) => ({ name: r.name, comment: r.comment ? `${r.name}:${r.comment}` : r.name }));
}

/** The table's comment and columns in order, or undefined when the table does not exist. */
export async function tableColumns(s: Session, table: string): Promise<{ comment: string; columns: CatalogColumn[] } | undefined> {
  if (s.kind === 'postgres') {
    const [t] = await s.query<{ oid: number; comment: string | null }>(
      `select c.oid, obj_description(c.oid, 'pg_class') as comment from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relname = $1 and c.relkind in ('r', 'p')`,
      [table],
    );
    if (!t) return undefined;
    const cols = await s.query<{ name: string; type: string; nullable: string; comment: string | null; pk: boolean }>(
      `select c.column_name as name, c.udt_name as type, c.is_nullable as nullable,
              col_description($2::oid, c.ordinal_position::int) as comment,
              exists (select 1 from information_schema.table_constraints tc
                        join information_schema.key_column_usage k on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema and k.table_name = tc.table_name
                       where tc.table_schema = c.table_schema and tc.table_name = c.table_name and tc.constraint_type = 'PRIMARY KEY' and k.column_name = c.column_name) as pk
         from information_schema.columns c
        where c.table_schema = current_schema() and c.table_name = $1 order by c.ordinal_position`,
      [table, t.oid],
    );
    return {
      comment: t.comment ?? '',
      columns: cols.map((c) => ({ name: c.name, type: c.type, comment: c.comment ?? '', nullable: c.nullable === 'YES', primaryKey: Boolean(c.pk) })),
    };
  }
  const [t] = await s.query<{ comment: string | null }>(
    `select table_comment as comment from information_schema.tables where table_schema = database() and table_name = ?`,
    [table],
  );
  if (!t) return undefined;
  const cols = await s.query<{ name: string; type: string; nullable: string; comment: string | null; ckey: string }>(
    `select column_name as name, data_type as type, is_nullable as nullable, column_comment as comment, column_key as ckey
       from information_schema.columns where table_schema = database() and table_name = ? order by ordinal_position`,
    [table],
  );
  return {
    comment: t.comment ?? '',
    columns: cols.map((c) => ({ name: c.name, type: c.type, comment: c.comment ?? '', nullable: c.nullable === 'YES', primaryKey: c.ckey === 'PRI' })),
  };
}

/** The TypeScript type of a database type (bigint ids stay strings on the wire, as everywhere in the contract). */
export function propertyTypeOf(dbType: string): 'string' | 'number' | 'boolean' {
  const t = dbType.toLowerCase();
  if (t === 'bool' || t === 'boolean') return 'boolean';
  if (/^(int2|int4|smallint|integer|int|mediumint|tinyint|float4|float8|real|double|double precision|numeric|decimal|float)$/.test(t)) return 'number';
  return 'string';
}

export const camel = (s: string) => s.toLowerCase().replace(/_+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
