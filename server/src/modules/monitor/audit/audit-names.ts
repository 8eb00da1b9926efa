import { sql } from 'drizzle-orm';
import { isIdText, type AuditChange } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import type { Wire } from '../../../platform/http/route';

/**
 * Changed fields that hold a reference, and where the referenced record's name is: an audit row shows the role,
 * department, post, cage or species by name, never a bare id. The platform administrator reads the trail across
 * tenants (the list is cross-tenant), so the names come from the record's own tenant; a zoo's user sees only its
 * own (row-level security), like the trail itself.
 */
const REFERENCES: Readonly<Record<string, { table: string; name: string }>> = {
  roleId: { table: 'blade_role', name: 'role_name' },
  deptId: { table: 'blade_dept', name: 'dept_name' },
  postId: { table: 'blade_post', name: 'post_name' },
  cageId: { table: 'zoo_cage', name: 'cage_name' },
  fromCageId: { table: 'zoo_cage', name: 'cage_name' },
  toCageId: { table: 'zoo_cage', name: 'cage_name' },
  speciesId: { table: 'zoo_species', name: 'species_name' },
};

/**
 * Ids as the trail holds them: text (comma lists of varchar columns; bigint ids beyond 2^53, which the trigger
 * stores as strings since migration 0043), or a JSON number small enough to be exact.
 */
const idsOf = (v: unknown): string[] =>
  typeof v === 'string' ? v.split(',').filter(isIdText) : Number.isSafeInteger(v) && (v as number) > 0 ? [String(v)] : [];

type Named = Wire<AuditChange>;

/** Adds `beforeName`/`afterName` to the reference fields of the given changes: one statement per referenced table. */
export async function nameReferences<T extends { changes: Array<Wire<AuditChange>> }>(db: Tx, records: T[]): Promise<T[]> {
  const want = new Map<string, Set<string>>();
  for (const r of records)
    for (const c of r.changes) {
      const ref = REFERENCES[String(c.field)];
      if (!ref) continue;
      const set = want.get(ref.table) ?? new Set<string>();
      for (const id of [...idsOf(c.before), ...idsOf(c.after)]) set.add(id);
      want.set(ref.table, set);
    }
  const names = new Map<string, string>();
  for (const [table, ids] of want) {
    if (!ids.size) continue;
    // One array literal of checked ids (digits only), bound as one parameter.
    const col = Object.values(REFERENCES).find((r) => r.table === table)!.name;
    const res = (await db.execute(
      sql`select id::text as id, ${sql.identifier(col)} as name from ${sql.identifier(table)} where id = any(${`{${[...ids].join(',')}}`}::bigint[])`,
    )) as unknown as { rows: Array<{ id: string; name: string }> };
    for (const row of res.rows) names.set(`${table}:${row.id}`, row.name);
  }
  if (!names.size) return records;
  const name = (table: string, v: unknown) => {
    const ids = idsOf(v);
    return ids.length ? ids.map((id) => names.get(`${table}:${id}`) ?? id).join(', ') : undefined;
  };
  return records.map((r) => ({
    ...r,
    changes: r.changes.map((c): Named => {
      const ref = REFERENCES[String(c.field)];
      return ref ? { ...c, beforeName: name(ref.table, c.before), afterName: name(ref.table, c.after) } : c;
    }),
  }));
}
