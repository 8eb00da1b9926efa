import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { zooAdmin } from '../../test/zoo-fixtures';
import { seed } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const BREEDING = `with recursive breeding as (
    select id from blade_menu where code = 'breed' and is_deleted = 0
    union all select m.id from blade_menu m join breeding p on m.parent_id = p.id where m.is_deleted = 0)`;
const breedingCodes = async (roleId: string) =>
  (
    await t.sql.query(
      `${BREEDING} select m.code from blade_role_menu g join blade_menu m on m.id = g.menu_id where g.role_id = $1 and m.id in (select id from breeding) order by m.code`,
      [roleId],
    )
  ).rows.map((r) => r.code as string);

describe('繁殖管理 menus on an existing install', () => {
  it('a seed that adds them grants them to each zoo’s admin role, and never puts back a removed grant', async () => {
    await zooAdmin(t, '340101');
    const admin = (await t.sql.query(`select id::text from blade_role where tenant_id = '340101' and role_alias = 'admin' and is_deleted = 0`)).rows[0]
      .id as string;
    // An install from before reproduction: no 繁殖管理 menus at all.
    await t.sql.query(`${BREEDING} delete from blade_role_menu where menu_id in (select id from breeding)`);
    await t.sql.query(`${BREEDING} delete from blade_menu where id in (select id from breeding)`);
    expect(await breedingCodes(admin)).toEqual([]);

    await seed(t.database, { demo: false });
    const codes = await breedingCodes(admin);
    expect(codes).toEqual(expect.arrayContaining(['breed', 'breed_season', 'breed_oestrus', 'breed_oestrus_add', 'breed_event', 'breed_semen']));
    const token = await t.login('adm340101', 'pw', '340101');
    expect((await t.request({ url: '/zoo-breeding/semen/list', token })).body.success).toBe(true);

    await t.sql.query(`delete from blade_role_menu where role_id = $1 and menu_id = (select id from blade_menu where code = 'breed_semen_delete')`, [admin]);
    await seed(t.database, { demo: false });
    expect(await breedingCodes(admin)).not.toContain('breed_semen_delete');
  });
});
