import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { flat, tenantAdmin, userWith, type TestUser } from '../../../../test/iam-fixtures';

let t: TestApp;
let admin: string;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  a = await tenantAdmin(t, '300001');
  b = await tenantAdmin(t, '300002');
});
afterAll(async () => t?.close());

const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/blade-system/role/submit', token, body });
const list = async (token: string, query: Record<string, string> = {}) => (await t.request({ url: '/blade-system/role/list', token, query })).body;
const idOf = async (token: string, roleName: string) =>
  flat((await list(token)).data as Array<{ id: string; roleName: string; children?: never[] }>).find((r) => r.roleName === roleName)!.id;

describe('role list, submit and remove', () => {
  it('answers the tenant roles as a tree with parentName', async () => {
    expect((await submit(a.token, { roleName: '饲养组', roleAlias: 'keeper', sort: 1 })).body.msg).toBe('操作成功');
    const parent = await idOf(a.token, '饲养组');
    expect((await submit(a.token, { roleName: '饲养员', roleAlias: 'feeder', sort: 1, parentId: parent })).body.success).toBe(true);
    const res = await list(a.token);
    const root = res.data.find((r: { id: string }) => r.id === parent);
    expect(root).toMatchObject({ roleName: '饲养组', roleAlias: 'keeper', parentId: '0', parentName: '顶级', tenantId: '300001' });
    expect(root.children).toEqual([expect.objectContaining({ roleName: '饲养员', parentId: parent, parentName: '饲养组' })]);
    expect(flat(res.data).every((r: { tenantId: string }) => r.tenantId === '300001')).toBe(true);
  });

  it('filters by roleName / roleAlias (LIKE)', async () => {
    const res = await list(a.token, { roleAlias: 'feed' });
    expect(flat(res.data).map((r: { roleAlias: string }) => r.roleAlias)).toEqual(['feeder']);
  });

  it('lets the platform administrator see every tenant’s roles; a tenant admin only its own', async () => {
    const all = flat((await list(admin)).data).map((r: { tenantId: string }) => r.tenantId);
    expect(new Set(all)).toEqual(new Set(['000000', '300001', '300002']));
    expect(flat((await list(b.token)).data).map((r: { tenantId: string }) => r.tenantId)).toEqual(['300002']);
  });

  it('validates with the form messages', async () => {
    expect((await submit(a.token, { roleAlias: 'x', sort: 1 })).body.msg).toBe('请输入角色名称');
    expect((await submit(a.token, { roleName: 'x', roleAlias: ' ', sort: 1 })).body.msg).toBe('请输入角色别名');
    expect((await submit(a.token, { roleName: 'x', roleAlias: 'x' })).body.msg).toBe('请输入角色排序');
    expect((await submit(a.token, { roleName: 'x', roleAlias: 'x', sort: '' })).status).toBe(400);
  });

  it('refuses a tenant creating the super-admin alias', async () => {
    const res = await submit(a.token, { roleName: '超管', roleAlias: 'administrator', sort: 1 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('无权限创建超管角色!');
  });

  it('refuses a parent that is the role itself or below it', async () => {
    const parent = await idOf(a.token, '饲养组');
    const child = await idOf(a.token, '饲养员');
    expect((await submit(a.token, { id: parent, roleName: '饲养组', roleAlias: 'keeper', sort: 1, parentId: parent })).body.msg).toBe('父节点不可选择自身!');
    expect((await submit(a.token, { id: parent, roleName: '饲养组', roleAlias: 'keeper', sort: 1, parentId: child })).body.msg).toBe('父节点不可选择其子节点!');
  });

  it('refuses removing a role that still has children, then removes it and its grants once they are gone', async () => {
    const parent = await idOf(a.token, '饲养组');
    const child = await idOf(a.token, '饲养员');
    const refused = await t.request({ method: 'POST', url: '/blade-system/role/remove', token: a.token, query: { ids: parent } });
    expect(refused.body).toMatchObject({ code: 400, msg: '请先删除子节点!' });
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select '300001', $1, id from blade_menu where code = 'post'`, [child]);
    const ok = await t.request({ method: 'POST', url: '/blade-system/role/remove', token: a.token, query: { ids: `${child},${parent}` } });
    expect(ok.body.success).toBe(true);
    const { rows } = await t.sql.query('select count(*)::int n from blade_role_menu where role_id = $1', [child]);
    expect(rows[0].n).toBe(0);
    expect(flat((await list(a.token)).data).map((r: { roleName: string }) => r.roleName)).not.toContain('饲养组');
  });

  it('requires the role menu to list, admin to read a detail, and the add button to create', async () => {
    const u = await userWith(t, { tenantId: '300001', account: 'plain1', codes: ['desk'] });
    expect((await t.request({ url: '/blade-system/role/list', token: u.token })).status).toBe(403);
    expect((await t.request({ url: '/blade-system/role/detail', token: u.token, query: { id: u.roleId } })).status).toBe(403);
    const denied = await submit(u.token, { roleName: 'x', roleAlias: 'x', sort: 1 });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('权限不足,无法访问该资源');
    const v = await userWith(t, { tenantId: '300001', account: 'roleadder', codes: ['role', 'role_add'] });
    expect((await t.request({ url: '/blade-system/role/list', token: v.token })).status).toBe(200);
    expect((await submit(v.token, { roleName: '新增者建', roleAlias: 'made', sort: 3 })).body.success).toBe(true);
  });
});

describe('role pickers', () => {
  it('tree: TreeNode forest of the tenant; a non-admin user does not see admin roles', async () => {
    await submit(a.token, { roleName: '兽医', roleAlias: 'vet', sort: 2 });
    const tree = (await t.request({ url: '/blade-system/role/tree', token: a.token })).body.data;
    const vet = flat(tree).find((n: { title: string }) => n.title === '兽医');
    expect(vet).toMatchObject({ parentId: '0', key: vet.id, value: vet.id });
    expect(flat(tree).map((n: { title: string }) => n.title)).toContain('admin');
    const u = await userWith(t, { tenantId: '300001', account: 'plain2' });
    const seen = flat((await t.request({ url: '/blade-system/role/tree', token: u.token })).body.data).map((n: { title: string }) => n.title);
    expect(seen).toContain('兽医');
    expect(seen).not.toContain('admin');
  });

  it('tree?tenantId reads another tenant only for the platform administrator', async () => {
    const asAdmin = flat((await t.request({ url: '/blade-system/role/tree', token: admin, query: { tenantId: '300001' } })).body.data);
    expect(asAdmin.map((n: { title: string }) => n.title)).toContain('兽医');
    const asB = flat((await t.request({ url: '/blade-system/role/tree', token: b.token, query: { tenantId: '300001' } })).body.data);
    expect(asB.map((n: { title: string }) => n.title)).not.toContain('兽医');
  });

  it('tree-by-id answers the subtree of one role', async () => {
    const top = await idOf(a.token, '兽医');
    await submit(a.token, { roleName: '兽医助理', roleAlias: 'vet_aid', sort: 1, parentId: top });
    const res = (await t.request({ url: '/blade-system/role/tree-by-id', token: a.token, query: { roleId: top } })).body.data;
    expect(res).toHaveLength(1);
    expect(res[0].title).toBe('兽医');
    expect(res[0].children.map((c: { title: string }) => c.title)).toEqual(['兽医助理']);
    const fromB = (await t.request({ url: '/blade-system/role/tree-by-id', token: b.token, query: { roleId: top } })).body.data;
    expect(fromB).toEqual([]);
  });

  it('select: a user’s roles, listed roles, or all; never another tenant’s', async () => {
    const byUser = (await t.request({ url: '/blade-system/role/select', token: a.token, query: { userId: a.userId } })).body.data;
    expect(byUser.map((r: { id: string }) => r.id)).toEqual([a.roleId]);
    const vet = await idOf(a.token, '兽医');
    expect((await t.request({ url: '/blade-system/role/select', token: a.token, query: { roleId: vet } })).body.data[0].roleName).toBe('兽医');
    expect((await t.request({ url: '/blade-system/role/select', token: b.token, query: { roleId: vet } })).body.data).toEqual([]);
    expect((await t.request({ url: '/blade-system/role/select', token: b.token, query: { userId: a.userId } })).body.data).toEqual([]);
    const all = (await t.request({ url: '/blade-system/role/select', token: b.token })).body.data;
    expect(all.every((r: { tenantId: string }) => r.tenantId === '300002')).toBe(true);
  });
});
