import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { ident } from './conventions';

/**
 * Partitions are reached through their partitioned table only. The request role's grant on every table
 * (runMigrations) also reaches partitions, and a partition queried by its own name does not apply its parent's
 * row-level security: every tenant's rows would show. So: no privilege on any partition for the request role, and
 * row-level security on with no policy (nothing visible to anyone but the owner) should a grant come back. Tuple
 * routing and queries through the parent check only the parent. Cheap when nothing is to do (one catalog read).
 */
export async function lockPartitions(db: Db): Promise<void> {
  const { rows: parts } = (await db.execute(
    sql`select c.relname as name, c.relrowsecurity as rls,
               has_table_privilege('zoo_app', c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER') as granted
          from pg_class c where c.relnamespace = 'public'::regnamespace and c.relispartition and c.relkind = 'r'`,
  )) as unknown as { rows: Array<{ name: string; granted: boolean; rls: boolean }> };
  const granted = parts.filter((p) => p.granted).map((p) => ident(p.name));
  if (granted.length) await db.execute(sql.raw(`REVOKE ALL ON TABLE ${granted.join(', ')} FROM zoo_app, PUBLIC`));
  for (const p of parts.filter((x) => !x.rls)) await db.execute(sql.raw(`ALTER TABLE ${ident(p.name)} ENABLE ROW LEVEL SECURITY`));
}
