import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { zooAdmin } from '../../test/zoo-fixtures';
import { seed } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** The menus of a group (its root and everything under it). */
const GROUP = (code: string) => `with recursive grp as (
    select id from blade_menu where code = '${code}' and is_deleted = 0
    union all select m.id from blade_menu m join grp p on m.parent_id = p.id where m.is_deleted = 0)`;
const grantedCodes = async (group: string, roleId: string) =>
  (
    await t.sql.query(
      `${GROUP(group)} select m.code from blade_role_menu g join blade_menu m on m.id = g.menu_id where g.role_id = $1 and m.id in (select id from grp) order by m.code`,
      [roleId],
    )
  ).rows.map((r) => r.code as string);

// The medical group (with its 兽医 holders and the migration's grant) has its own test: medical-grants.test.ts.
describe.each([
  { group: 'breed', screens: ['breed', 'breed_season', 'breed_oestrus', 'breed_oestrus_add', 'breed_event', 'breed_semen'], list: '/zoo-breeding/semen/list' },
  { group: 'permit', screens: ['permit'], list: '/zoo-permit/permit/list' },
])('menus of group $group on an existing install', ({ group, screens, list }) => {
  it('a seed that adds them grants them to each zoo’s admin role, and never puts back a removed grant', async () => {
    const tenant = group === 'breed' ? '340101' : '340102';
    await zooAdmin(t, tenant);
    const admin = (await t.sql.query(`select id::text from blade_role where tenant_id = $1 and role_alias = 'admin' and is_deleted = 0`, [tenant])).rows[0]
      .id as string;
    // An install from before the group: none of its menus at all.
    await t.sql.query(`${GROUP(group)} delete from blade_role_menu where menu_id in (select id from grp)`);
    await t.sql.query(`${GROUP(group)} delete from blade_menu where id in (select id from grp)`);
    expect(await grantedCodes(group, admin)).toEqual([]);

    await seed(t.database, { demo: false });
    const codes = await grantedCodes(group, admin);
    expect(codes).toEqual(expect.arrayContaining(screens));
    const token = await t.login(`adm${tenant}`, 'pw', tenant);
    expect((await t.request({ url: list, token })).body.success).toBe(true);

    const removed = codes.find((c) => c !== group)!;
    await t.sql.query(`delete from blade_role_menu where role_id = $1 and menu_id = (select id from blade_menu where code = $2)`, [admin, removed]);
    await seed(t.database, { demo: false });
    expect(await grantedCodes(group, admin)).not.toContain(removed);
  });
});
