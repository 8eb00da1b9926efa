import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { inTenant } from '../platform/tenancy/tenant-tx';
import { DEMO_TENANT } from './zoo-demo-data';

const PANDA = 'Ailuropoda melanoleuca';
/** Demo studbook numbers of the demo zoo's pandas (national studbook), oldest first. */
const PANDA_NUMBERS: ReadonlyArray<readonly [localNo: string, studbookNo: string]> = [
  ['P000', '1'],
  ['P001', '2'],
  ['P002', '3'],
  ['P006', '4'],
  ['P003', '5'],
  ['P004', '6'],
  ['P005', '7'],
];

/**
 * The studbook menu for the demo zoo's administrators (databases seeded before it existed lack it), and — for the
 * demo only — the demo zoo as keeper of the giant-panda national studbook with numbers for its pandas (decision
 * 0037). Idempotent.
 */
export async function seedDemoStudbook(database: Database): Promise<void> {
  await inTenant(database.db, { tenantId: DEMO_TENANT.tenantId, audit: false }, async (tx) => {
    await tx.execute(sql`
      insert into blade_role_menu (role_id, menu_id)
      select r.id, m.id from blade_role r cross join blade_menu m
       where r.role_alias = 'admin' and r.is_deleted = 0 and (m.code = 'studbook' or m.code like 'studbook\\_%') and m.is_deleted = 0
         and not exists (select 1 from blade_role_menu x where x.role_id = r.id and x.menu_id = m.id)`);
  });
  // As the owner: the numbers name the demo zoo's animals, which the platform tenant's row-level security hides.
  await inTenant(database.db, { tenantId: '000000', allTenants: true, audit: false }, async (tx) => {
    const sp = (await tx.execute(sql`select id::text from zoo_species where latin_name = ${PANDA} and is_deleted = 0`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    const speciesId = sp.rows[0]?.id;
    if (!speciesId) return;
    await tx.execute(sql`insert into zoo_studbook_keeper (keeper_tenant_id, species_id)
      select ${DEMO_TENANT.tenantId}, ${speciesId}::bigint where not exists
        (select 1 from zoo_studbook_keeper where keeper_tenant_id = ${DEMO_TENANT.tenantId} and species_id = ${speciesId}::bigint and is_deleted = 0)`);
    await tx.execute(sql`insert into zoo_studbook (species_id, studbook_name, scope)
      select ${speciesId}::bigint, '大熊猫国家谱系(示范)', 1 where not exists
        (select 1 from zoo_studbook where species_id = ${speciesId}::bigint and scope = 1 and is_deleted = 0)`);
    for (const [localNo, no] of PANDA_NUMBERS)
      await tx.execute(sql`insert into zoo_studbook_no (studbook_id, identity_id, studbook_no)
        select s.id, coalesce(a.identity_id, a.id), ${no} from zoo_studbook s, zoo_animal a
         where s.species_id = ${speciesId}::bigint and s.scope = 1 and s.is_deleted = 0
           and a.tenant_id = ${DEMO_TENANT.tenantId} and a.local_no = ${localNo} and a.is_deleted = 0
           and not exists (select 1 from zoo_studbook_no n where n.studbook_id = s.id and n.is_deleted = 0 and (n.studbook_no = ${no} or n.identity_id = coalesce(a.identity_id, a.id)))`);
  });
}
