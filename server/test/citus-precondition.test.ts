import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { CITUS_ALLOWED, REFERENCE_WITH_TENANT_ID } from './citus-allow-list';

/**
 * The precondition for distributing the tenant tables by `tenant_id` on Citus (decision 0054), read from
 * pg_catalog of the migrated schema: every unique index (primary keys and unique constraints included) of a tenant
 * table contains `tenant_id`, and every foreign key between two tenant tables matches `tenant_id` to `tenant_id`.
 * Citus cannot enforce a uniqueness that spans shards, nor a foreign key whose rows may sit on two shards.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** Tables of the public schema with a `tenant_id` column, less the ones that would be reference tables. */
async function tenantTables(): Promise<string[]> {
  const { rows } = await t.sql.query<{ t: string }>(
    `select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind in ('r', 'p') and not c.relispartition
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
      order by 1`,
  );
  return rows.map((r) => r.t).filter((name) => !REFERENCE_WITH_TENANT_ID.has(name));
}

/**
 * `table.index` of every unique index (primary keys and unique constraints too) of `tables` lacking tenant_id, but
 * the `idCol()` primary keys: `id` alone, drawn from `next_id()` (decision 0054, "Keys"), or `(id, <partition key>)`
 * of a time-partitioned table (decision 0056), counted in `idKeys`.
 */
async function uniqueWithoutTenant(tables: string[]): Promise<string[]> {
  return (await departures(tables)).filter((d) => !d.idKey).map((d) => d.ix);
}

async function departures(tables: string[]): Promise<{ ix: string; idKey: boolean }[]> {
  const { rows } = await t.sql.query<{ ix: string; idKey: boolean }>(
    `select c.relname || '.' || ic.relname as ix,
            (i.indisprimary and exists (
               select 1 from pg_attribute a join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
                where a.attrelid = c.oid and a.attnum = i.indkey[0] and a.attname = 'id'
                  and pg_get_expr(d.adbin, d.adrelid) = 'next_id()')
             and (i.indnatts = 1
               -- A time-partitioned table's key (id, <partition key>), partitionPk() in db/columns.ts: PostgreSQL
               -- requires the partition key in every unique index of a partitioned table; id from next_id() is
               -- unique alone, so the pair is an idCol() key of the same shape (decision 0056).
               or (i.indnatts = 2 and c.relkind = 'p'
                   and i.indkey[1] = (select pt.partattrs[0] from pg_partitioned_table pt where pt.partrelid = c.oid)))) as "idKey"
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_class ic on ic.oid = i.indexrelid
      where i.indisunique and c.relname = any($1::text[])
        and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and a.attnum = any(i.indkey))
      order by 1`,
    [tables],
  );
  return rows;
}

/** `table.constraint` of every foreign key between two of `tables` that does not match tenant_id to tenant_id. */
async function foreignKeysWithoutTenant(tables: string[]): Promise<string[]> {
  const { rows } = await t.sql.query<{ fk: string; ok: boolean }>(
    `select c.relname || '.' || con.conname as fk,
              exists (select 1 from unnest(con.conkey, con.confkey) k(a, b)
                       join pg_attribute x on x.attrelid = con.conrelid and x.attnum = k.a
                       join pg_attribute y on y.attrelid = con.confrelid and y.attnum = k.b
                      where x.attname = 'tenant_id' and y.attname = 'tenant_id') as ok
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid
         join pg_class r on r.oid = con.confrelid
        where con.contype = 'f' and c.relname = any($1::text[]) and r.relname = any($1::text[])`,
    [tables],
  );
  return rows.filter((r) => !r.ok).map((r) => r.fk);
}

describe('Citus precondition: tenant_id in every key of a tenant table', () => {
  it('every unique index of a tenant table includes tenant_id, but for the id keys and the listed ones (which must only shrink)', async () => {
    const tables = await tenantTables();
    expect(tables.length).toBeGreaterThan(80);
    // The idCol() keys: one per table with an id, all of one shape, so the Citus migration can rewrite them at once.
    expect((await departures(tables)).filter((d) => d.idKey).length).toBeGreaterThan(80);
    const found = await uniqueWithoutTenant(tables);
    // A new departure: a table or unique index added without tenant_id.
    expect(found.filter((ix) => !CITUS_ALLOWED.has(ix))).toEqual([]);
    // A departure fixed (or a table gone): its entry leaves the list.
    expect([...CITUS_ALLOWED].filter((ix) => !found.includes(ix))).toEqual([]);
  });

  it('every foreign key between two tenant tables matches tenant_id to tenant_id', async () => {
    const tables = await tenantTables();
    // Today the schema declares no foreign keys (references are checked by the services); any added must qualify.
    expect(await foreignKeysWithoutTenant(tables)).toEqual([]);
  });

  it('the checks themselves see departures: a key and a foreign key without tenant_id are found', async () => {
    await t.sql.query(`create table citus_probe (id bigint primary key, tenant_id varchar(12) not null, code text)`);
    await t.sql.query(`create unique index citus_probe_code_uq on citus_probe (tenant_id, code)`);
    expect(await uniqueWithoutTenant(['citus_probe'])).toEqual(['citus_probe.citus_probe_pkey']);
    // An idCol() key (id alone, from next_id()) is the rule's one exception; the same key without the generator is not.
    await t.sql.query(`create table citus_probe_id (id bigint primary key default next_id(), tenant_id varchar(12) not null)`);
    expect(await uniqueWithoutTenant(['citus_probe_id'])).toEqual([]);
    await t.sql.query(`drop table citus_probe_id`);
    // …and so is (id, partition key) of a partitioned table; (id, another column) is not.
    await t.sql.query(
      `create table citus_probe_part (id bigint default next_id(), tenant_id varchar(12) not null, at date not null, code text not null, primary key (id, at)) partition by range (at)`,
    );
    expect(await uniqueWithoutTenant(['citus_probe_part'])).toEqual([]);
    await t.sql.query(`drop table citus_probe_part`);
    await t.sql.query(
      `create table citus_probe_part (id bigint default next_id(), tenant_id varchar(12) not null, at date not null, code text not null, primary key (id, code, at)) partition by range (at)`,
    );
    expect(await uniqueWithoutTenant(['citus_probe_part'])).toEqual(['citus_probe_part.citus_probe_part_pkey']);
    await t.sql.query(`drop table citus_probe_part`);
    await t.sql.query(`create table citus_probe_child (tenant_id varchar(12) not null, probe_id bigint references citus_probe (id))`);
    expect(await foreignKeysWithoutTenant(['citus_probe', 'citus_probe_child'])).toEqual(['citus_probe_child.citus_probe_child_probe_id_fkey']);
    await t.sql.query(`drop table citus_probe_child`);
    await t.sql.query(`drop table citus_probe`);
  });
});
