import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { makePark, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let zooA: string;
let zooB: string;
let parkA: string;
const base = '/zoo-biz-attach/bizAttach';
const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `${base}/submit`, token, body });

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, '300001');
  zooB = await zooAdmin(t, '300002');
  parkA = await makePark(t, zooA, '北园');
});
afterAll(async () => t?.close());

describe('business attachments', () => {
  it('stores a link on a zoo record, naming it from the link when no name is given', async () => {
    expect((await submit(zooA, { bizType: 'park', bizId: parkA, link: 'https://oss.example.com/zoo/%E5%9B%AD%E5%8C%BA%E5%9B%BE.pdf?v=1', attachId: '' })).body.success).toBe(true);
    expect((await submit(zooA, { bizType: 'park', bizId: parkA, link: '/api/files/a.png', originalName: '平面图.png', attachId: '12345' })).body.success).toBe(true);
    const list = await t.request({ url: `${base}/list`, token: zooA, query: { bizType: 'park', bizId: parkA } });
    expect(list.body.data.records.map((r: any) => [r.originalName, r.attachId])).toEqual([['平面图.png', '12345'], ['园区图.pdf', '']]);
  });

  it('validates the type, the link and that the record belongs to the zoo', async () => {
    expect((await submit(zooA, { bizType: 'tenant', bizId: parkA, link: 'https://x/a' })).body.msg).toBe('业务类型只能是 park、venue、cage、animal、animal_flag、population');
    expect((await submit(zooA, { bizType: 'park', bizId: parkA, link: 'file:///etc/passwd' })).body.msg).toBe('附件链接不是有效的链接地址');
    expect((await submit(zooA, { bizType: 'park', bizId: parkA })).body.msg).toBe('请输入附件链接');
    expect((await submit(zooB, { bizType: 'park', bizId: parkA, link: 'https://x/a' })).body.msg).toBe('所选园区不存在');
    expect((await submit(zooA, { bizType: 'cage', bizId: parkA, link: 'https://x/a' })).body.msg).toBe('所选笼舍不存在');
  });

  it('needs the edit button of the record it hangs on', async () => {
    const { roleId } = await createTenantUser(t.sql, { tenantId: '300001', account: 'viewer', password: 'pw', roleAlias: 'viewer' });
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select '300001', $1, id from blade_menu where code in ('park', 'park_view')`, [roleId]);
    const viewer = await t.login('viewer', 'pw', '300001');
    const res = await submit(viewer, { bizType: 'park', bizId: parkA, link: 'https://x/a' });
    expect(res.status).toBe(403);
    const id = (await t.sql.query(`select id::text from zoo_biz_attach limit 1`)).rows[0].id;
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: viewer, query: { ids: id } })).status).toBe(403);
    expect((await t.request({ url: `${base}/list`, token: viewer })).body.data.total).toBe(2);
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: zooA, query: { ids: id } })).body.success).toBe(true);
  });
});
