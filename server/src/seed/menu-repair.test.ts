import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { seed } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const row = async (code: string) =>
  (await t.sql.query(`select id::text, parent_id::text as parent, category from blade_menu where code = $1 and is_deleted = 0`, [code])).rows;

describe('menu seed on a database seeded before the 产品包配置 fix', () => {
  it('gives the button its own code, recreates the 租户产品包 menu and moves its buttons under it', async () => {
    // Rebuild the old state: the button holds the menu's code, the menu is missing, its buttons hang under the button.
    const [menu] = await row('tenant_package');
    const [button] = await row('tenant_package_setting');
    await t.sql.query(`delete from blade_role_menu where menu_id = $1`, [menu.id]);
    await t.sql.query(`delete from blade_menu where id = $1`, [menu.id]);
    await t.sql.query(`update blade_menu set code = 'tenant_package' where id = $1`, [button.id]);
    await t.sql.query(`update blade_menu set parent_id = $1 where code like 'tenant\\_package\\_%' and category = 2`, [button.id]);

    await seed(t.database, { demo: false });

    const [fixedButton] = await row('tenant_package_setting');
    expect(fixedButton).toMatchObject({ id: button.id, category: 2 });
    const [tenantMenu] = await row('tenant');
    expect(fixedButton.parent).toBe(tenantMenu.id);
    const [newMenu] = await row('tenant_package');
    expect(newMenu).toMatchObject({ category: 1 });
    for (const verb of ['add', 'edit', 'delete', 'view']) expect((await row(`tenant_package_${verb}`))[0].parent).toBe(newMenu.id);
  });
});
