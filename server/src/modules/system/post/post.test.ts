import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { tenantAdmin, userWith, type TestUser } from '../../../../test/iam-fixtures';

let t: TestApp;
let admin: string;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  a = await tenantAdmin(t, '330001');
  b = await tenantAdmin(t, '330002');
});
afterAll(async () => t?.close());

const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/blade-system/post/submit', token, body });
const list = async (token: string, query: Record<string, string> = {}) => (await t.request({ url: '/blade-system/post/list', token, query })).body;

describe('post', () => {
  it('creates posts and lists them as a page with categoryName', async () => {
    expect((await submit(a.token, { category: 2, postCode: 'keeper', postName: '饲养员', sort: 2 })).body.msg).toBe('操作成功');
    expect((await submit(a.token, { category: '3', postCode: 'vet', postName: '兽医', sort: 1, remark: '医疗' })).body.success).toBe(true);
    const page = await list(a.token);
    expect(page.data).toMatchObject({ total: 2, size: 10, current: 1, pages: 1 });
    expect(page.data.records.map((p: { postCode: string }) => p.postCode)).toEqual(['vet', 'keeper']);
    expect(page.data.records[0]).toMatchObject({
      category: 3,
      categoryName: '基层',
      postName: '兽医',
      remark: '医疗',
      tenantId: '330001',
      createUser: a.userId,
    });
  });

  it('filters by the entity fields with equality (contract §1.2)', async () => {
    expect((await list(a.token, { postName: '兽' })).data.total).toBe(0);
    expect((await list(a.token, { postName: '兽医' })).data.records.map((p: { postCode: string }) => p.postCode)).toEqual(['vet']);
    expect((await list(a.token, { category: '2' })).data.records.map((p: { postCode: string }) => p.postCode)).toEqual(['keeper']);
    expect((await list(a.token, { postName_like: '饲' })).data.total).toBe(1);
    const bad = await t.request({ url: '/blade-system/post/list', token: a.token, query: { category: 'x' } });
    expect(bad).toMatchObject({ status: 400, body: { msg: '参数 category: 请求参数类型错误' } });
  });

  it('updates and shows the detail', async () => {
    const id = (await list(a.token, { postCode: 'vet' })).data.records[0].id;
    expect((await submit(a.token, { id, category: 1, postCode: 'vet', postName: '首席兽医', sort: 1 })).body.success).toBe(true);
    const d = (await t.request({ url: '/blade-system/post/detail', token: a.token, query: { id } })).body.data;
    expect(d).toMatchObject({ id, postName: '首席兽医', category: 1, categoryName: '高层', updateUser: a.userId });
  });

  it('validates with the form messages', async () => {
    expect((await submit(a.token, { postCode: 'x', postName: 'x', sort: 1 })).body.msg).toBe('请选择岗位类型');
    expect((await submit(a.token, { category: 1, postName: 'x', sort: 1 })).body.msg).toBe('请输入岗位编号');
    expect((await submit(a.token, { category: 1, postCode: 'x', sort: 1 })).body.msg).toBe('请输入岗位名称');
    expect((await submit(a.token, { category: 1, postCode: 'x', postName: 'x' })).body.msg).toBe('请输入岗位排序');
  });

  it('select lists the caller’s tenant (tenantId only honoured for the platform administrator)', async () => {
    const mine = (await t.request({ url: '/blade-system/post/select', token: a.token })).body.data;
    expect(mine.map((p: { postCode: string }) => p.postCode).sort()).toEqual(['keeper', 'vet']);
    const fromB = (await t.request({ url: '/blade-system/post/select', token: b.token, query: { tenantId: '330001' } })).body.data;
    expect(fromB).toEqual([]);
    const asAdmin = (await t.request({ url: '/blade-system/post/select', token: admin, query: { tenantId: '330001' } })).body.data;
    expect(asAdmin.map((p: { postCode: string }) => p.postCode).sort()).toEqual(['keeper', 'vet']);
    expect((await t.request({ url: '/blade-system/post/select', token: admin })).body.data.map((p: { postCode: string }) => p.postCode)).toEqual(['ceo']);
  });

  it('answers 403 without the post menu or buttons', async () => {
    const u = await userWith(t, { tenantId: '330001', account: 'nopost', codes: ['desk'] });
    expect((await t.request({ url: '/blade-system/post/list', token: u.token })).status).toBe(403);
    expect((await submit(u.token, { category: 1, postCode: 'x', postName: 'x', sort: 1 })).status).toBe(403);
    const v = await userWith(t, { tenantId: '330001', account: 'postadd', codes: ['post', 'post_add'] });
    expect((await submit(v.token, { category: 1, postCode: 'y', postName: 'y', sort: 1 })).status).toBe(200);
    const id = (await list(v.token, { postCode: 'y' })).data.records[0].id;
    expect((await submit(v.token, { id, category: 1, postCode: 'y', postName: 'z', sort: 1 })).status).toBe(403);
    expect((await t.request({ method: 'POST', url: '/blade-system/post/remove', token: v.token, query: { ids: id } })).status).toBe(403);
  });
});
