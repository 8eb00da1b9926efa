import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { createTenantUser } from '../../test/fixtures';
import { zooAdmin } from '../../test/zoo-fixtures';
import { seed } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const MEDICAL = `with recursive medical as (
    select id from blade_menu where code = 'vet' and is_deleted = 0
    union all select m.id from blade_menu m join medical p on m.parent_id = p.id where m.is_deleted = 0)`;
/** Codes of the medical menus a role holds. */
const medicalCodes = async (roleId: string) =>
  (
    await t.sql.query(
      `${MEDICAL} select m.code from blade_role_menu g join blade_menu m on m.id = g.menu_id where g.role_id = $1 and m.id in (select id from medical) order by m.code`,
      [roleId],
    )
  ).rows.map((r) => r.code as string);
const roleOf = async (tenantId: string, alias: string) =>
  (await t.sql.query(`select id::text from blade_role where tenant_id = $1 and role_alias = $2 and is_deleted = 0`, [tenantId, alias])).rows[0].id as string;
/** The last statement of migration 0032: the grant to zoos created before veterinary care. */
const migrationGrant = () =>
  readFileSync(new URL('../../drizzle/0032_quarantine-necropsy.sql', import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .at(-1)!;

describe('medical menus on an existing install', () => {
  it('the migration grants the medical menus to each zoo’s admin role; a seed grants the ones it adds; neither puts back a removed grant', async () => {
    await zooAdmin(t, '340001');
    const admin = await roleOf('340001', 'admin');
    // A vet role the zoo made by hand, holding the 兽医管理 group and its case screen.
    const { roleId: vet } = await createTenantUser(t.sql, { tenantId: '340001', account: 'vet340001', password: 'pw', roleAlias: 'vet' });
    await t.sql.query(
      `insert into blade_role_menu (tenant_id, role_id, menu_id) select '340001', $1, id from blade_menu where code in ('vet', 'vet_case', 'vet_case_view')`,
      [vet],
    );
    // An install from before the quarantine screen: its menus missing, the zoo's admin without any medical menu.
    await t.sql.query(`${MEDICAL} delete from blade_role_menu where role_id = $1 and menu_id in (select id from medical)`, [admin]);
    const gone = (await t.sql.query(`select id from blade_menu where code like 'vet\\_quarantine%'`)).rows.map((r) => r.id);
    await t.sql.query(`delete from blade_role_menu where menu_id = any($1::bigint[])`, [gone]);
    await t.sql.query(`delete from blade_menu where id = any($1::bigint[])`, [gone]);
    expect(await medicalCodes(admin)).toEqual([]);

    await t.sql.query(migrationGrant());
    const afterMigration = await medicalCodes(admin);
    expect(afterMigration).toContain('vet_case_view');
    expect(afterMigration).toContain('vet');
    expect(afterMigration.some((c) => c.startsWith('vet_quarantine'))).toBe(false);

    await seed(t.database, { demo: false });
    const quarantine = [
      'vet_quarantine',
      'vet_quarantine_add',
      'vet_quarantine_delete',
      'vet_quarantine_edit',
      'vet_quarantine_release',
      'vet_quarantine_view',
    ];
    for (const role of [admin, vet]) expect((await medicalCodes(role)).filter((c) => c.startsWith('vet_quarantine'))).toEqual(quarantine);
    const adminToken = await t.login('adm340001', 'pw', '340001');
    expect((await t.request({ url: '/zoo-medical/quarantine/list', token: adminToken })).body.success).toBe(true);

    // The administrator takes one away: the next start leaves it so, and grants nothing twice.
    await t.sql.query(`delete from blade_role_menu where role_id = $1 and menu_id = (select id from blade_menu where code = 'vet_quarantine_release')`, [
      admin,
    ]);
    const rows = async () => (await t.sql.query(`select count(*)::int as n from blade_role_menu`)).rows[0].n as number;
    const before = await rows();
    await seed(t.database, { demo: false });
    expect(await rows()).toBe(before);
    expect(await medicalCodes(admin)).not.toContain('vet_quarantine_release');
  });
});
