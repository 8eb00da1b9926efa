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
  a = await tenantAdmin(t, '380001');
  b = await tenantAdmin(t, '380002');
});
afterAll(async () => t?.close());

type Api = 'dict' | 'dict-biz';
const submit = (api: Api, token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/blade-system/${api}/submit`, token, body });
const get = async (api: Api, call: string, token: string, query: Record<string, string> = {}) =>
  (await t.request({ url: `/blade-system/${api}/${call}`, token, query })).body;
const dictionary = async (api: Api, token: string, code: string) =>
  (await get(api, 'dictionary', token, { code })).data as Array<{ dictKey: string; dictValue: string }>;
const idOf = async (table: string, code: string, key: string) =>
  (await t.sql.query(`select id::text from ${table} where code = $1 and dict_key = $2 and is_deleted = 0`, [code, key])).rows[0]?.id as string;

/** A root (dictKey -1, as the dictionary screens send it) and its entries. */
async function makeDict(api: Api, token: string, code: string, items: Array<[string, string]>): Promise<string> {
  const root = await submit(api, token, { code, dictKey: -1, dictValue: `${code}名`, sort: 1, isSealed: 0 });
  expect(root.body.msg, JSON.stringify(root.body)).toBe('操作成功');
  const rootId = (await get(api, 'parent-list', token, { code_equal: code })).data.records[0].id as string;
  let sort = 0;
  for (const [dictKey, dictValue] of items) {
    const res = await submit(api, token, { code, dictKey, dictValue, sort: ++sort, isSealed: 0, parentId: rootId });
    expect(res.body.msg).toBe('操作成功');
  }
  return rootId;
}

describe('system dictionary', () => {
  it('validates with the spec’s prompts', async () => {
    const ok = { code: 'c', dictKey: '1', dictValue: 'v', sort: 1, isSealed: 0 };
    expect((await submit('dict', admin, { ...ok, code: '' })).body.msg).toBe('请输入字典编号');
    expect((await submit('dict', admin, { ...ok, dictValue: undefined })).body.msg).toBe('请输入字典名称');
    expect((await submit('dict', admin, { ...ok, sort: '' })).body.msg).toBe('请输入字典排序');
    expect((await submit('dict', admin, { ...ok, isSealed: undefined })).body.msg).toBe('请选择字典封存');
    expect((await submit('dict', admin, { ...ok, dictKey: '' })).body.msg).toBe('请输入字典键值');
  });

  it('missing parentId makes a root; a duplicate code + key is refused', async () => {
    const rootId = await makeDict('dict', admin, 'habitat', [
      ['1', '森林'],
      ['2', '草原'],
    ]);
    expect((await t.sql.query('select parent_id::text p from blade_dict where id = $1', [rootId])).rows[0].p).toBe('0');
    const dup = await submit('dict', admin, { code: 'habitat', dictKey: '2', dictValue: '湿地', sort: 3, isSealed: 0, parentId: rootId });
    expect(dup.body).toMatchObject({ code: 400, msg: '当前字典键值已存在!' });
  });

  it('parent-list pages the roots; child-list gives one dictionary’s entries as a tree ([] for a negative id)', async () => {
    const page = (await get('dict', 'parent-list', admin, { code: 'habitat' })).data;
    expect(page.records).toEqual([expect.objectContaining({ code: 'habitat', dictKey: '-1', parentId: '0', parentName: '顶级' })]);
    expect((await get('dict', 'parent-list', admin, { size: '100' })).data.records.every((r: { parentId: string }) => r.parentId === '0')).toBe(true);
    const rootId = page.records[0].id;
    const forest = (await get('dict', 'child-list', admin, { parentId: rootId })).data;
    expect(forest.map((r: { dictValue: string }) => r.dictValue)).toEqual(['森林', '草原']);
    expect(forest[0]).toMatchObject({ parentName: 'habitat名', code: 'habitat' });
    const sub = await submit('dict', admin, { code: 'ignored', dictKey: '11', dictValue: '热带雨林', sort: 1, isSealed: 0, parentId: forest[0].id });
    expect(sub.body.success).toBe(true);
    const nested = (await get('dict', 'child-list', admin, { parentId: rootId })).data;
    expect(nested[0].children).toEqual([expect.objectContaining({ dictValue: '热带雨林', code: 'habitat' })]);
    expect((await get('dict', 'child-list', admin, { parentId: '-1' })).data).toEqual([]);
    const detail = (await get('dict', 'detail', admin, { id: nested[0].children[0].id })).data;
    expect(detail).toMatchObject({ parentName: '森林', dictKey: '11' });
  });

  it('renaming a root’s code renames its entries', async () => {
    const rootId = await idOf('blade_dict', 'habitat', '-1');
    const res = await submit('dict', admin, { id: rootId, code: 'biome', dictKey: '-1', dictValue: '生境', sort: 1, isSealed: 0 });
    expect(res.body.success).toBe(true);
    const { rows } = await t.sql.query(`select distinct code from blade_dict where id = $1 or parent_id = $1 or dict_value = '热带雨林'`, [rootId]);
    expect(rows.map((r) => r.code)).toEqual(['biome']);
    expect((await dictionary('dict', admin, 'biome')).map((i) => i.dictValue)).toEqual(['森林', '热带雨林', '草原']);
    expect(await dictionary('dict', admin, 'habitat')).toEqual([]);
    const clash = await submit('dict', admin, { id: rootId, code: 'sex', dictKey: '-1', dictValue: '生境', sort: 1, isSealed: 0 });
    expect(clash.body.msg).toBe('当前字典键值已存在!');
  });

  it('dictionary reads are cached and a write is seen at once; sealed entries are left out', async () => {
    const before = await dictionary('dict', admin, 'sex');
    expect(before.map((i) => i.dictValue)).toEqual(['男', '女', '未知']);
    // A change behind the API's back is not seen: the read is cached …
    await t.sql.query(`update blade_dict set dict_value = '男性' where code = 'sex' and dict_key = '1'`);
    expect((await dictionary('dict', admin, 'sex'))[0]!.dictValue).toBe('男');
    // … until a write through the API invalidates it.
    const unknown = await idOf('blade_dict', 'sex', '3');
    const root = await idOf('blade_dict', 'sex', '-1');
    const res = await submit('dict', admin, { id: unknown, code: 'sex', dictKey: '3', dictValue: '未知', sort: 3, isSealed: 1, parentId: root });
    expect(res.body.success).toBe(true);
    expect((await dictionary('dict', admin, 'sex')).map((i) => i.dictValue)).toEqual(['男性', '女']);
    const tree = (await get('dict', 'dictionary-tree', admin, { code: 'sex' })).data;
    expect(tree.map((i: { dictValue: string }) => i.dictValue)).toEqual(['男性', '女']);
    // oauth/clear-cache clears it too
    await t.sql.query(`update blade_dict set dict_value = '男' where code = 'sex' and dict_key = '1'`);
    expect((await t.request({ url: '/blade-auth/oauth/clear-cache', token: admin })).status).toBe(200);
    expect((await dictionary('dict', admin, 'sex'))[0]!.dictValue).toBe('男');
  });

  it('tree and parent-tree are TreeNodes titled by dictValue', async () => {
    const tree = (await get('dict', 'tree', admin, { code: 'DICT' })).data;
    const sexRoot = tree.find((n: { title: string }) => n.title === '性别');
    expect(sexRoot).toMatchObject({ parentId: '0', key: sexRoot.id, value: sexRoot.id });
    expect(sexRoot.children.map((c: { title: string }) => c.title)).toEqual(['男', '女', '未知']);
    const parents = (await get('dict', 'parent-tree', admin)).data;
    expect(parents.every((n: { parentId: string; children?: unknown }) => n.parentId === '0' && !n.children)).toBe(true);
  });

  it('refuses removing an entry with children', async () => {
    const root = await idOf('blade_dict', 'biome', '-1');
    const res = await t.request({ method: 'POST', url: '/blade-system/dict/remove', token: admin, query: { ids: root } });
    expect(res.body.msg).toBe('请先删除子节点!');
  });

  it('is written by the platform only: a tenant admin with the buttons gets 403', async () => {
    const res = await submit('dict', a.token, { code: 'mine', dictKey: '-1', dictValue: 'x', sort: 1, isSealed: 0 });
    expect(res.status).toBe(403);
    const sex = await idOf('blade_dict', 'sex', '1');
    expect((await t.request({ method: 'POST', url: '/blade-system/dict/remove', token: a.token, query: { ids: sex } })).status).toBe(403);
    // reading is fine
    expect((await dictionary('dict', a.token, 'sex')).length).toBe(2);
    const u = await userWith(t, { tenantId: '380001', account: 'nodict', codes: ['desk'] });
    expect((await t.request({ url: '/blade-system/dict/parent-list', token: u.token })).status).toBe(403);
    expect((await t.request({ url: '/blade-system/dict/list', token: u.token })).status).toBe(403);
    expect((await t.request({ url: '/blade-system/dict/dictionary', token: u.token, query: { code: 'sex' } })).status).toBe(200);
  });
});

describe('business dictionary (per tenant)', () => {
  it('each tenant has its own entries; the same code may exist in both', async () => {
    const rootA = await makeDict('dict-biz', a.token, 'feed', [
      ['1', '肉类'],
      ['2', '果蔬'],
    ]);
    await makeDict('dict-biz', b.token, 'feed', [['1', '干草']]);
    expect((await dictionary('dict-biz', a.token, 'feed')).map((i) => i.dictValue)).toEqual(['肉类', '果蔬']);
    expect((await dictionary('dict-biz', b.token, 'feed')).map((i) => i.dictValue)).toEqual(['干草']);
    const { rows } = await t.sql.query(`select distinct tenant_id from blade_dict_biz where parent_id = $1`, [rootA]);
    expect(rows.map((r) => r.tenant_id)).toEqual(['380001']);
  });

  it('tenant B cannot read or change tenant A’s entries through any call', async () => {
    const rootA = (await t.sql.query(`select id::text from blade_dict_biz where code = 'feed' and dict_key = '-1' and tenant_id = '380001'`)).rows[0].id;
    const meatA = (await t.sql.query(`select id::text from blade_dict_biz where code = 'feed' and dict_key = '1' and tenant_id = '380001'`)).rows[0].id;
    const seen = JSON.stringify([
      await get('dict-biz', 'list', b.token),
      await get('dict-biz', 'parent-list', b.token),
      await get('dict-biz', 'child-list', b.token, { parentId: rootA }),
      await get('dict-biz', 'tree', b.token),
      await get('dict-biz', 'parent-tree', b.token),
      await get('dict-biz', 'dictionary-tree', b.token, { code: 'feed' }),
      await get('dict-biz', 'detail', b.token, { id: meatA }),
    ]);
    expect(seen).not.toMatch(/肉类|果蔬/);
    expect(seen).toMatch(/干草/);
    const upd = await submit('dict-biz', b.token, { id: meatA, code: 'feed', dictKey: '1', dictValue: '改', sort: 1, isSealed: 0 });
    expect(upd.body.success).toBe(false);
    await t.request({ method: 'POST', url: '/blade-system/dict-biz/remove', token: b.token, query: { ids: meatA } });
    expect((await dictionary('dict-biz', a.token, 'feed')).map((i) => i.dictValue)).toEqual(['肉类', '果蔬']);
  });

  it('a write invalidates only that tenant’s cached reads, and sealed entries are left out', async () => {
    const rootA = (await t.sql.query(`select id::text from blade_dict_biz where code = 'feed' and dict_key = '-1' and tenant_id = '380001'`)).rows[0].id;
    const veg = (await t.sql.query(`select id::text from blade_dict_biz where code = 'feed' and dict_key = '2' and tenant_id = '380001'`)).rows[0].id;
    expect(
      (await submit('dict-biz', a.token, { id: veg, code: 'feed', dictKey: '2', dictValue: '果蔬', sort: 2, isSealed: 1, parentId: rootA })).body.success,
    ).toBe(true);
    expect((await dictionary('dict-biz', a.token, 'feed')).map((i) => i.dictValue)).toEqual(['肉类']);
    expect((await dictionary('dict-biz', b.token, 'feed')).map((i) => i.dictValue)).toEqual(['干草']);
  });

  it('needs the dictbiz menu for the admin lists and its buttons for writes', async () => {
    const u = await userWith(t, { tenantId: '380001', account: 'nobiz', codes: ['desk'] });
    expect((await t.request({ url: '/blade-system/dict-biz/parent-list', token: u.token })).status).toBe(403);
    expect((await submit('dict-biz', u.token, { code: 'x', dictKey: '-1', dictValue: 'x', sort: 1, isSealed: 0 })).status).toBe(403);
    expect((await dictionary('dict-biz', u.token, 'feed')).map((i) => i.dictValue)).toEqual(['肉类']);
  });
});
