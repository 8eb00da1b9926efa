import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { flat, tenantAdmin, userWith, type TestUser } from '../../../../test/iam-fixtures';

let t: TestApp;
let admin: string;
let a: TestUser;
let systemId: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  a = await tenantAdmin(t, '360001');
  systemId = (await t.sql.query(`select id::text from blade_menu where code = 'system'`)).rows[0].id;
});
afterAll(async () => t?.close());

const submit = (body: Record<string, unknown>, token = admin) => t.request({ method: 'POST', url: '/blade-system/menu/submit', token, body });
const menuBody = (o: Record<string, unknown> = {}) => ({
  code: 'zoo_map',
  name: '园区地图',
  alias: 'menu',
  path: '/system/zoomap',
  sort: 99,
  category: 1,
  parentId: systemId,
  ...o,
});
const routes = async (token = admin) => flat((await t.request({ url: '/blade-system/menu/routes', token })).body.data).map((m: { code: string }) => m.code);

describe('menu CRUD (platform administrator)', () => {
  it('creates a menu, answers {id}, and the cached routes show it at once', async () => {
    expect(await routes()).not.toContain('zoo_map');
    const res = await submit(menuBody());
    expect(res.body).toMatchObject({ code: 200, data: { id: expect.stringMatching(/^\d+$/) } });
    expect(await routes()).toContain('zoo_map');
    const btn = await submit({
      code: 'zoo_map_print',
      name: '打印',
      alias: 'print',
      path: '/system/zoomap/print',
      sort: 1,
      category: 2,
      action: 1,
      parentId: res.body.data.id,
    });
    expect(btn.body.success).toBe(true);
    const buttons = flat((await t.request({ url: '/blade-system/menu/buttons', token: admin })).body.data).map((m: { code: string }) => m.code);
    expect(buttons).toContain('zoo_map_print');
  });

  it('detail carries parentName ("顶级" for roots), categoryName, actionName and isOpenName', async () => {
    const id = (await t.sql.query(`select id::text from blade_menu where code = 'zoo_map_print'`)).rows[0].id;
    const d = (await t.request({ url: '/blade-system/menu/detail', token: admin, query: { id } })).body.data;
    expect(d).toMatchObject({
      code: 'zoo_map_print',
      parentName: '园区地图',
      categoryName: '按钮',
      actionName: '工具栏',
      isOpenName: '否',
      category: 2,
      action: 1,
      isOpen: 1,
    });
    const root = (await t.request({ url: '/blade-system/menu/detail', token: admin, query: { id: systemId } })).body.data;
    expect(root).toMatchObject({ parentName: '顶级', categoryName: '菜单', parentId: '0' });
    const listed = flat((await t.request({ url: '/blade-system/menu/list', token: admin })).body.data).find((m: { id: string }) => m.id === systemId);
    expect(listed.parentName).toBeUndefined();
  });

  it('refuses a duplicate code and a duplicate name among siblings', async () => {
    expect((await submit(menuBody({ name: '另一个' }))).body.msg).toBe('菜单编号已存在!');
    expect((await submit(menuBody({ code: 'zoo_map2' }))).body.msg).toBe('同级菜单名称已存在!');
    const elsewhere = await submit(menuBody({ code: 'zoo_map3', parentId: '0', path: '/zoomap3' }));
    expect(elsewhere.body.success).toBe(true);
  });

  it('validates with the form messages', async () => {
    expect((await submit(menuBody({ code: '' }))).body.msg).toBe('请输入菜单编号');
    expect((await submit(menuBody({ name: undefined }))).body.msg).toBe('请输入菜单名称');
    expect((await submit(menuBody({ alias: '' }))).body.msg).toBe('请输入菜单别名');
    expect((await submit(menuBody({ sort: undefined }))).body.msg).toBe('请输入菜单排序');
    expect((await submit(menuBody({ category: 3 }))).body.msg).toBe('请选择菜单类型');
  });

  it('refuses a cycle and removing a menu with children; removal drops it from the routes', async () => {
    const map = (await t.sql.query(`select id::text from blade_menu where code = 'zoo_map'`)).rows[0].id;
    const btn = (await t.sql.query(`select id::text from blade_menu where code = 'zoo_map_print'`)).rows[0].id;
    expect((await submit(menuBody({ id: map, parentId: btn }))).body.msg).toBe('父节点不可选择其子节点!');
    const refused = await t.request({ method: 'POST', url: '/blade-system/menu/remove', token: admin, query: { ids: map } });
    expect(refused.body.msg).toBe('请先删除子节点!');
    const ok = await t.request({ method: 'POST', url: '/blade-system/menu/remove', token: admin, query: { ids: `${btn},${map}` } });
    expect(ok.body.success).toBe(true);
    expect(await routes()).not.toContain('zoo_map');
  });

  it('is administrator-only: a tenant admin gets 403 on every CRUD and list call', async () => {
    for (const url of [
      '/blade-system/menu/list',
      '/blade-system/menu/lazy-list',
      '/blade-system/menu/menu-list',
      '/blade-system/menu/lazy-menu-list',
      `/blade-system/menu/detail?id=${systemId}`,
    ]) {
      expect((await t.request({ url, token: a.token })).status, url).toBe(403);
    }
    expect((await submit(menuBody({ code: 'x1' }), a.token)).status).toBe(403);
    expect((await t.request({ method: 'POST', url: '/blade-system/menu/remove', token: a.token, query: { ids: systemId } })).status).toBe(403);
  });
});

describe('menu lists', () => {
  it('lazy-list: one level with hasChildren; a filter searches every level', async () => {
    const roots = (await t.request({ url: '/blade-system/menu/lazy-list', token: admin, query: { parentId: '0' } })).body.data;
    expect(roots.find((m: { code: string }) => m.code === 'system')).toMatchObject({ hasChildren: true, parentId: '0' });
    const kids = (await t.request({ url: '/blade-system/menu/lazy-list', token: admin, query: { parentId: systemId } })).body.data;
    expect(kids.map((m: { code: string }) => m.code)).toContain('post');
    const post = kids.find((m: { code: string }) => m.code === 'post');
    expect(post.hasChildren).toBe(true);
    const search = (await t.request({ url: '/blade-system/menu/lazy-list', token: admin, query: { code: 'post_' } })).body.data;
    expect(search.map((m: { code: string }) => m.code).sort()).toEqual(['post_add', 'post_delete', 'post_edit', 'post_view']);
  });

  it('menu-list and lazy-menu-list hold category-1 menus only', async () => {
    const tree = flat((await t.request({ url: '/blade-system/menu/menu-list', token: admin })).body.data);
    expect(tree.every((m: { category: number }) => m.category === 1)).toBe(true);
    expect(tree.map((m: { code: string }) => m.code)).toContain('post');
    const kids = (await t.request({ url: '/blade-system/menu/lazy-menu-list', token: admin, query: { parentId: systemId } })).body.data;
    expect(kids.find((m: { code: string }) => m.code === 'post').hasChildren).toBe(false);
    const filtered = flat((await t.request({ url: '/blade-system/menu/list', token: admin, query: { name: '岗位' } })).body.data);
    expect(filtered.map((m: { code: string }) => m.code)).toEqual(['post']);
  });

  it('tree: every menu for the administrator, the caller’s own (with parents) for others', async () => {
    const all = flat((await t.request({ url: '/blade-system/menu/tree', token: admin })).body.data);
    expect(all.length).toBeGreaterThan(30);
    expect(all[0]).toMatchObject({ key: all[0].id, value: all[0].id });
    const u = await userWith(t, { tenantId: '360001', account: 'treeuser', codes: ['post', 'post_add'] });
    const mine = flat((await t.request({ url: '/blade-system/menu/tree', token: u.token })).body.data).map((n: { title: string }) => n.title);
    expect(mine.sort()).toEqual(['岗位管理', '系统管理'].sort());
  });
});
