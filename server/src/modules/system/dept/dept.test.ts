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
  a = await tenantAdmin(t, '320001');
  b = await tenantAdmin(t, '320002');
});
afterAll(async () => t?.close());

const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/blade-system/dept/submit', token, body });
const create = async (token: string, deptName: string, parentId = '0', deptCategory = 2) => {
  const res = await submit(token, { deptName, fullName: `${deptName}全称`, deptCategory, sort: 1, parentId });
  expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
  return res.body.data.id as string;
};
const ancestors = async (id: string) => (await t.sql.query('select ancestors from blade_dept where id = $1', [id])).rows[0].ancestors as string;

describe('dept submit and ancestors', () => {
  it('answers {id, tenantId, deptCategoryName} and computes ancestors from the parent', async () => {
    const res = await submit(a.token, { deptName: '动物园', fullName: '市动物园', deptCategory: 1, sort: 1 });
    expect(res.body.data).toEqual({ id: expect.stringMatching(/^\d+$/), tenantId: '320001', deptCategoryName: '公司' });
    const zoo = res.body.data.id;
    const area = await create(a.token, '猛兽区', zoo);
    const team = await create(a.token, '虎舍组', area, 3);
    expect(await ancestors(zoo)).toBe('0');
    expect(await ancestors(area)).toBe(`0,${zoo}`);
    expect(await ancestors(team)).toBe(`0,${zoo},${area}`);
  });

  it('moving a department rewrites its descendants’ ancestors', async () => {
    const root2 = await create(a.token, '分园', '0', 1);
    const area = (await t.sql.query(`select id::text from blade_dept where dept_name = '猛兽区'`)).rows[0].id;
    const team = (await t.sql.query(`select id::text from blade_dept where dept_name = '虎舍组'`)).rows[0].id;
    const sub = await create(a.token, '虎舍一班', team, 3);
    const res = await submit(a.token, { id: area, deptName: '猛兽区', fullName: '猛兽区全称', deptCategory: 2, sort: 1, parentId: root2 });
    expect(res.body.success).toBe(true);
    expect(await ancestors(area)).toBe(`0,${root2}`);
    expect(await ancestors(team)).toBe(`0,${root2},${area}`);
    expect(await ancestors(sub)).toBe(`0,${root2},${area},${team}`);
    // back to the top level
    await submit(a.token, { id: area, deptName: '猛兽区', fullName: '猛兽区全称', deptCategory: 2, sort: 1, parentId: '' });
    expect(await ancestors(area)).toBe('0');
    expect(await ancestors(sub)).toBe(`0,${area},${team}`);
  });

  it('refuses making a department its own parent or descendant', async () => {
    const area = (await t.sql.query(`select id::text from blade_dept where dept_name = '猛兽区'`)).rows[0].id;
    const sub = (await t.sql.query(`select id::text from blade_dept where dept_name = '虎舍一班'`)).rows[0].id;
    const body = { id: area, deptName: '猛兽区', fullName: '猛兽区全称', deptCategory: 2, sort: 1 };
    expect((await submit(a.token, { ...body, parentId: area })).body.msg).toBe('父节点不可选择自身!');
    expect((await submit(a.token, { ...body, parentId: sub })).body.msg).toBe('父节点不可选择其子节点!');
    expect(await ancestors(area)).toBe('0');
  });

  it('validates with the form messages', async () => {
    expect((await submit(a.token, { fullName: 'x', deptCategory: 1, sort: 1 })).body.msg).toBe('请输入机构名称');
    expect((await submit(a.token, { deptName: 'x', deptCategory: 1, sort: 1 })).body.msg).toBe('请输入机构全称');
    expect((await submit(a.token, { deptName: 'x', fullName: 'x', sort: 1 })).body.msg).toBe('请输入机构类型');
    expect((await submit(a.token, { deptName: 'x', fullName: 'x', deptCategory: 1 })).body.msg).toBe('请输入排序');
    expect((await submit(a.token, { deptName: 'x', fullName: 'x', deptCategory: 1, sort: 1, parentId: '999' })).body.msg).toBe('上级机构不存在');
  });

  it('refuses removing a department with children', async () => {
    const area = (await t.sql.query(`select id::text from blade_dept where dept_name = '猛兽区'`)).rows[0].id;
    const res = await t.request({ method: 'POST', url: '/blade-system/dept/remove', token: a.token, query: { ids: area } });
    expect(res.body).toMatchObject({ code: 400, msg: '请先删除子节点!' });
    const leaf = await create(a.token, '临时组', area, 3);
    expect((await t.request({ method: 'POST', url: '/blade-system/dept/remove', token: a.token, query: { ids: leaf } })).body.success).toBe(true);
  });
});

describe('dept lists and pickers', () => {
  it('list: tree with parentName and deptCategoryName; a name filter searches', async () => {
    const tree = (await t.request({ url: '/blade-system/dept/list', token: a.token })).body.data;
    const zoo = tree.find((d: { deptName: string }) => d.deptName === '动物园');
    expect(zoo).toMatchObject({ parentId: '0', parentName: '顶级', deptCategory: 1, deptCategoryName: '公司', tenantId: '320001' });
    const area = tree.find((d: { deptName: string }) => d.deptName === '猛兽区');
    expect(area.children[0]).toMatchObject({ deptName: '虎舍组', parentName: '猛兽区', deptCategoryName: '小组' });
    const hits = (await t.request({ url: '/blade-system/dept/list', token: a.token, query: { deptName: '虎舍' } })).body.data;
    expect(
      flat(hits)
        .map((d: { deptName: string }) => d.deptName)
        .sort(),
    ).toEqual(['虎舍一班', '虎舍组']);
  });

  it('lazy-list: one level with hasChildren', async () => {
    const top = (await t.request({ url: '/blade-system/dept/lazy-list', token: a.token, query: { parentId: '0' } })).body.data;
    const area = top.find((d: { deptName: string }) => d.deptName === '猛兽区');
    expect(area).toMatchObject({ hasChildren: true, parentName: '顶级' });
    expect(top.find((d: { deptName: string }) => d.deptName === '动物园').hasChildren).toBe(false);
    const kids = (await t.request({ url: '/blade-system/dept/lazy-list', token: a.token, query: { parentId: area.id } })).body.data;
    expect(kids.map((d: { deptName: string }) => d.deptName)).toEqual(['虎舍组']);
  });

  it('tree, lazy-tree and select give TreeNodes / depts of the caller’s tenant only', async () => {
    const tree = (await t.request({ url: '/blade-system/dept/tree', token: a.token })).body.data;
    const area = tree.find((n: { title: string }) => n.title === '猛兽区');
    expect(area).toMatchObject({ key: area.id, value: area.id, parentId: '0' });
    expect(area.children[0].title).toBe('虎舍组');
    const lazy = (await t.request({ url: '/blade-system/dept/lazy-tree', token: a.token, query: { parentId: area.id } })).body.data;
    expect(lazy).toEqual([expect.objectContaining({ title: '虎舍组', hasChildren: true })]);
    await t.sql.query(`update blade_user set dept_id = $1 where id = $2`, [area.id, a.userId]);
    const mine = (await t.request({ url: '/blade-system/dept/select', token: a.token, query: { userId: a.userId } })).body.data;
    expect(mine.map((d: { deptName: string }) => d.deptName)).toEqual(['猛兽区']);

    for (const [url, query] of [
      ['/blade-system/dept/tree', {}],
      ['/blade-system/dept/tree', { tenantId: '320001' }],
      ['/blade-system/dept/lazy-tree', { parentId: '0', tenantId: '320001' }],
      ['/blade-system/dept/lazy-tree', { parentId: area.id }],
      ['/blade-system/dept/lazy-list', { parentId: area.id }],
      ['/blade-system/dept/select', { deptId: area.id }],
      ['/blade-system/dept/select', { userId: a.userId }],
      ['/blade-system/dept/list', { deptName: '猛兽' }],
    ] as const) {
      const res = await t.request({ url, token: b.token, query });
      expect(res.status, url).toBe(200);
      expect(JSON.stringify(res.body.data), `${url} ${JSON.stringify(query)}`).not.toMatch(/猛兽|虎舍|动物园/);
    }
    const asAdmin = (await t.request({ url: '/blade-system/dept/tree', token: admin, query: { tenantId: '320001' } })).body.data;
    expect(flat(asAdmin).map((n: { title: string }) => n.title)).toContain('猛兽区');
  });

  it('needs the dept menu for lists, admin for detail, buttons for writes', async () => {
    const u = await userWith(t, { tenantId: '320001', account: 'deptless', codes: ['desk'] });
    expect((await t.request({ url: '/blade-system/dept/list', token: u.token })).status).toBe(403);
    expect((await t.request({ url: '/blade-system/dept/lazy-list', token: u.token })).status).toBe(403);
    expect((await t.request({ url: '/blade-system/dept/detail', token: u.token, query: { id: '1' } })).status).toBe(403);
    expect((await submit(u.token, { deptName: 'x', fullName: 'x', deptCategory: 1, sort: 1 })).status).toBe(403);
    expect((await t.request({ method: 'POST', url: '/blade-system/dept/remove', token: u.token, query: { ids: '1' } })).status).toBe(403);
    expect((await t.request({ url: '/blade-system/dept/tree', token: u.token })).status).toBe(200);
  });
});
