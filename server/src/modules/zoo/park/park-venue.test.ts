import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { messagesOf } from '../../../../test/messages';
import { makeCage, makePark, makeVenue, platformToken, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let admin: string;
let zooA: string;
let zooB: string;
let parkA: string;
let venueA: string;
let cageA: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await platformToken(t);
  zooA = await zooAdmin(t, '300001');
  zooB = await zooAdmin(t, '300002');
  parkA = await makePark(t, zooA, '北园');
  venueA = await makeVenue(t, zooA, parkA, '熊猫馆');
  cageA = await makeCage(t, zooA, venueA, 'PD-01');
});
afterAll(async () => t?.close());

describe('parks', () => {
  it('creates, lists with venue counts, updates and refuses duplicate names within a zoo', async () => {
    const list = await t.request({ url: '/blade-zoo/park/list', token: zooA });
    expect(list.body.data.records).toEqual([expect.objectContaining({ id: parkA, parkName: '北园', venueCount: 1, tenantId: '300001' })]);
    const dup = await t.request({ method: 'POST', url: '/blade-zoo/park/submit', token: zooA, body: { parkName: '北园' } });
    expect(dup.body).toMatchObject({ code: 400, msg: '园区名称「北园」已存在' });
    // Another zoo may use the same name.
    expect((await t.request({ method: 'POST', url: '/blade-zoo/park/submit', token: zooB, body: { parkName: '北园' } })).body.success).toBe(true);
    const upd = await t.request({
      method: 'POST',
      url: '/blade-zoo/park/submit',
      token: zooA,
      body: { id: parkA, parkName: '北园', address: '北京路1号', sort: 2 },
    });
    expect(upd.body.success).toBe(true);
    expect((await t.request({ url: '/blade-zoo/park/detail', token: zooA, query: { id: parkA } })).body.data).toMatchObject({ address: '北京路1号', sort: 2 });
    expect((await t.request({ method: 'POST', url: '/blade-zoo/park/submit', token: zooA, body: { parkName: '' } })).body.msg).toBe('请输入园区名称');
  });

  it('an edit that keeps the name reads no duplicate under the row lock; a rename onto another park is refused', async () => {
    const south = await makePark(t, zooA, '南园');
    const save = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/blade-zoo/park/submit', token: zooA, body: { id: south, ...body } });
    const { out, sent } = await messagesOf(() => save({ parkName: '南园', remark: '不改名' }));
    expect(out.body.success).toBe(true);
    expect(sent.filter((q) => /from "zoo_park"/.test(q) && !/for update/.test(q))).toEqual([]);
    expect((await save({ parkName: '北园' })).body).toMatchObject({ code: 400, msg: '园区名称「北园」已存在' });
    const renamed = await messagesOf(() => save({ parkName: '南园二' }));
    expect(renamed.out.body.success).toBe(true);
    expect(renamed.sent.filter((q) => /from "zoo_park"/.test(q) && !/for update/.test(q))).toHaveLength(1);
    await t.request({ method: 'POST', url: '/blade-zoo/park/remove', token: zooA, query: { ids: south } });
  });

  it('refuses removing a park that still has venues', async () => {
    const res = await t.request({ method: 'POST', url: '/blade-zoo/park/remove', token: zooA, query: { ids: parkA } });
    expect(res.body).toMatchObject({ code: 400, msg: '园区「北园」下还有场馆,请先删除或迁移场馆后再删除园区' });
    const empty = await makePark(t, zooA);
    expect((await t.request({ method: 'POST', url: '/blade-zoo/park/remove', token: zooA, query: { ids: empty } })).body.success).toBe(true);
  });

  it('select: own parks; the platform administrator may name a zoo; others cannot', async () => {
    expect((await t.request({ url: '/blade-zoo/park/select', token: zooA })).body.data).toEqual([{ id: parkA, parkName: '北园', tenantId: '300001' }]);
    const asAdmin = await t.request({ url: '/blade-zoo/park/select', token: admin, query: { tenantId: '300001' } });
    expect(asAdmin.body.data).toEqual([{ id: parkA, parkName: '北园', tenantId: '300001' }]);
    const bTriesA = await t.request({ url: '/blade-zoo/park/select', token: zooB, query: { tenantId: '300001' } });
    expect(bTriesA.body.data.map((p: any) => p.tenantId)).toEqual(['300002']);
  });

  it('trees: park, park → venue, park → venue → cage, and venues of a park', async () => {
    expect((await t.request({ url: '/blade-zoo/park/tree', token: zooA })).body.data).toEqual([
      { id: parkA, parentId: '0', title: '北园', key: parkA, value: parkA, type: 'park' },
    ]);
    const venues = (await t.request({ url: '/blade-zoo/park/tree/venue', token: zooA })).body.data;
    expect(venues[0]).toMatchObject({ id: parkA, hasChildren: true, children: [{ id: venueA, parentId: parkA, title: '熊猫馆', type: 'venue' }] });
    expect(venues[0].children[0].children).toBeUndefined();
    const cages = (await t.request({ url: '/blade-zoo/park/tree/venue', token: zooA, query: { withCage: 'true' } })).body.data;
    expect(cages[0].children[0]).toMatchObject({ hasChildren: true, children: [{ id: cageA, parentId: venueA, title: '笼舍PD-01 (PD-01)', type: 'cage' }] });
    expect((await t.request({ url: '/blade-zoo/venue/tree', token: zooA, query: { parkId: parkA } })).body.data.map((v: any) => v.id)).toEqual([venueA]);
  });

  it("never shows one zoo's parks, venues or cages in another zoo's trees", async () => {
    const treeB = (await t.request({ url: '/blade-zoo/park/tree/venue', token: zooB, query: { withCage: 'true' } })).body.data;
    expect(JSON.stringify(treeB)).not.toContain(parkA);
    expect(JSON.stringify(treeB)).not.toContain(venueA);
    expect((await t.request({ url: '/blade-zoo/venue/tree', token: zooB, query: { parkId: parkA } })).body.data).toEqual([]);
    expect((await t.request({ url: '/blade-zoo/park/tree', token: zooB })).body.data.map((p: any) => p.id)).not.toContain(parkA);
  });
});

describe('venues and contacts', () => {
  it('needs a park of the same zoo and a unique name within the park', async () => {
    const parkB = await makePark(t, zooB);
    const foreign = await t.request({ method: 'POST', url: '/blade-zoo/venue/submit', token: zooA, body: { parkId: parkB, venueName: '越界馆' } });
    expect(foreign.body).toMatchObject({ code: 400, msg: '所选园区不存在' });
    const dup = await t.request({ method: 'POST', url: '/blade-zoo/venue/submit', token: zooA, body: { parkId: parkA, venueName: '熊猫馆' } });
    expect(dup.body.msg).toBe('该园区下已存在场馆「熊猫馆」');
    expect((await t.request({ method: 'POST', url: '/blade-zoo/venue/submit', token: zooA, body: { venueName: '无园区' } })).body.msg).toBe('请选择园区');
    expect((await t.request({ method: 'POST', url: '/blade-zoo/venue/submit', token: zooA, body: { parkId: parkA, venueName: 'x', area: -3 } })).body.msg).toBe(
      '面积不能小于0',
    );
    const list = await t.request({ url: '/blade-zoo/venue/list', token: zooA, query: { parkId: parkA } });
    expect(list.body.data.records).toEqual([expect.objectContaining({ id: venueA, parkName: '北园', cageCount: 1 })]);
  });

  it('refuses removing a venue that still has cages; removing an empty one removes its contacts', async () => {
    const res = await t.request({ method: 'POST', url: '/blade-zoo/venue/remove', token: zooA, query: { ids: venueA } });
    expect(res.body).toMatchObject({ code: 400, msg: '场馆「熊猫馆」下还有笼舍,请先删除或迁移笼舍后再删除场馆' });
    const empty = await makeVenue(t, zooA, parkA);
    await t.request({ method: 'POST', url: '/blade-zoo/venueContacts/submit', token: zooA, body: { venueId: empty, contactName: '赵', phone: '13800001111' } });
    expect((await t.request({ method: 'POST', url: '/blade-zoo/venue/remove', token: zooA, query: { ids: empty } })).body.success).toBe(true);
    expect((await t.sql.query(`select is_deleted from zoo_venue_contacts where venue_id = $1`, [empty])).rows).toEqual([{ is_deleted: 1 }]);
  });

  it("validates contact phones with the spec's three messages in order", async () => {
    const post = (phone: unknown) =>
      t.request({ method: 'POST', url: '/blade-zoo/venueContacts/submit', token: zooA, body: { venueId: venueA, contactName: '钱', phone } });
    expect((await post('')).body.msg).toBe('手机号码不能为空');
    expect((await post('1380000')).body.msg).toBe('手机号码长度不为11位');
    expect((await post('23800001111')).body.msg).toBe('手机号码格式不正确');
    expect((await post('13800001111')).body.success).toBe(true);
    const list = await t.request({ url: '/blade-zoo/venueContacts/list', token: zooA, query: { venueId: venueA } });
    expect(list.body.data.records).toEqual([expect.objectContaining({ contactName: '钱', venueName: '熊猫馆', phone: '13800001111' })]);
    const id = list.body.data.records[0].id;
    expect((await t.request({ url: '/blade-zoo/venueContacts/detail', token: zooA, query: { id } })).body.data).toMatchObject({ contactName: '钱' });
    expect((await t.request({ method: 'POST', url: '/blade-zoo/venueContacts/remove', token: zooA, query: { ids: id } })).body.success).toBe(true);
    expect((await t.request({ url: '/blade-zoo/venueContacts/list', token: zooA, query: { venueId: venueA } })).body.data.total).toBe(0);
  });
});
