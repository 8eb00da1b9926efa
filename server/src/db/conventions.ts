import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Tables the audit trail leaves out: the trail itself, authentication plumbing (tokens, captchas, counters,
 * the signing key), job progress, request logs and machine-volume data. Every other table — framework and zoo
 * records, including ones added later — is audited without a line of module code.
 */
export const UNAUDITED: readonly string[] = [
  'sys_audit',
  'sys_secret',
  'sys_captcha',
  'sys_login_fail',
  'sys_token',
  'sys_throttle',
  'sys_oauth_state',
  'sys_auth_code',
  'sys_import_job',
  'sys_row_count',
  'blade_log_api',
  'blade_log_error',
  'blade_log_usual',
  'zoo_humiture',
  // hourly folds of the readings, kept by a trigger (decision 0057)
  'zoo_humiture_hour',
  // data-quality counts a nightly job rewrites (decision 0047)
  'zoo_quality_day',
  // a process instance's engine state after each step (its history and tasks are audited instead)
  'flow_engine_state',
  // due timers of waiting instances, rewritten after each step (what fires them is in the instance history)
  'flow_timer',
  // the partition maintenance's own record of what it archived, written by the owner only (decision 0056)
  'sys_partition_archive',
];

/** Columns whose values the audit trail masks (passwords, client secrets, storage and SMS keys, device keys…). */
export const SECRET_COLUMN = /(^|_)(password|secret|secret_key|access_key|key_hash|private_key)(_enc)?$/;

interface Column {
  table: string;
  column: string;
}
interface Trigger {
  table: string;
  name: string;
  args: string;
}

/** A catalog name quoted for DDL text (DDL takes no bind parameters; names come from pg_catalog, never a request). */
export const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Attaches the row-convention triggers to every table of the public schema, after the migrations and on every
 * start (idempotent, one catalog read when nothing is missing): `zoo_stamp` (update time and user, functions in
 * migration 0009) where the table has those columns, `zoo_audit` on every audited table with its secret columns.
 * The request role may read and append audit rows, never change or remove them.
 */
export async function applyConventions(db: Db): Promise<void> {
  const cols = (await db.execute(sql`
    select c.table_name as "table", c.column_name as "column"
    from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      join pg_class r on r.relname = c.table_name and r.relnamespace = 'public'::regnamespace
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      -- A partition gets its partitioned table's triggers from PostgreSQL (cloned, also onto later partitions).
      and not r.relispartition
    order by c.table_name, c.ordinal_position`)) as unknown as { rows: Column[] };
  const trig = (await db.execute(sql`
    select c.relname as "table", t.tgname as "name", encode(t.tgargs, 'escape') as "args"
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and t.tgname in ('zoo_stamp', 'zoo_audit')`)) as unknown as { rows: Trigger[] };
  const existing = new Map(trig.rows.map((t) => [`${t.table}.${t.name}`, t.args]));
  const tables = new Map<string, string[]>();
  for (const c of cols.rows) tables.set(c.table, [...(tables.get(c.table) ?? []), c.column]);

  const ddl: string[] = [];
  for (const [table, columns] of tables) {
    if (columns.includes('update_time') && columns.includes('update_user') && !existing.has(`${table}.zoo_stamp`))
      ddl.push(`CREATE TRIGGER zoo_stamp BEFORE UPDATE ON ${ident(table)} FOR EACH ROW EXECUTE FUNCTION stamp_update()`);
    if (UNAUDITED.includes(table)) {
      // A table taken out of the trail later loses the trigger an earlier start attached.
      if (existing.has(`${table}.zoo_audit`)) ddl.push(`DROP TRIGGER zoo_audit ON ${ident(table)}`);
      continue;
    }
    const secrets = columns.filter((c) => SECRET_COLUMN.test(c));
    // pg_trigger.tgargs holds each argument followed by a NUL byte.
    const args = secrets.map((s) => `${s}\\000`).join('');
    const have = existing.get(`${table}.zoo_audit`);
    if (have === args) continue;
    if (have !== undefined) ddl.push(`DROP TRIGGER zoo_audit ON ${ident(table)}`);
    ddl.push(
      `CREATE TRIGGER zoo_audit AFTER INSERT OR UPDATE OR DELETE ON ${ident(table)} FOR EACH ROW EXECUTE FUNCTION audit_row(${secrets.map(literal).join(', ')})`,
    );
  }
  for (const d of ddl) await db.execute(sql.raw(d));
  // Append-only for everyone but the owner.
  await db.execute(sql`REVOKE UPDATE, DELETE, TRUNCATE ON sys_audit FROM zoo_app, PUBLIC`);
}
