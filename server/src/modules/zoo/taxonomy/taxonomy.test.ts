import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { platformToken, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let admin: string;
let zoo: string;
const base = '/blade-taxonomy/taxonomy';
const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `${base}/submit`, token, body });
const idOf = async (latin: string) =>
  (await t.sql.query(`select id::text from zoo_taxonomy where name_latin = $1 and is_deleted = 0`, [latin])).rows[0]?.id as string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await platformToken(t);
  zoo = await zooAdmin(t, '300001');
});
afterAll(async () => t?.close());

describe('taxonomy (platform table)', () => {
  it('is seeded from the starter list: class → order → family → genus → species → subspecies', async () => {
    const mammals = await idOf('Mammalia');
    const lazy = await t.request({ url: `${base}/lazy-tree`, token: zoo, query: { parentId: '0' } });
    expect(lazy.body.data.map((n: any) => n.title)).toEqual(expect.arrayContaining(['哺乳纲', '鸟纲', '爬行纲', '两栖纲', '辐鳍鱼纲']));
    expect(lazy.body.data.find((n: any) => n.id === mammals)).toMatchObject({
      rank: 1,
      nameLatin: 'Mammalia',
      hasChildren: true,
      key: mammals,
      value: mammals,
    });
    const tree = await t.request({ url: `${base}/tree`, token: zoo });
    const path = ['Mammalia', 'Carnivora', 'Felidae', 'Panthera', 'Panthera tigris', 'Panthera tigris altaica'];
    let level = tree.body.data;
    for (const latin of path) {
      const node = level.find((n: any) => n.nameLatin === latin);
      expect(node, latin).toBeTruthy();
      level = node.children ?? [];
    }
    const { rows } = await t.sql.query(`select count(*)::int n from zoo_taxonomy where rank = 6`);
    expect(rows[0].n).toBe(4);
  });

  it('lists with parent names and children flags, filtered by rank', async () => {
    const res = await t.request({ url: `${base}/list`, token: zoo, query: { rank: '3', nameLatin: 'Ursidae' } });
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.records[0]).toMatchObject({ nameCn: '熊科', parentName: '食肉目', hasChildren: true });
  });

  it('lets the platform administrator add, rename and remove a taxon', async () => {
    const genus = await idOf('Ursus');
    expect((await submit(admin, { parentId: genus, rank: 5, nameCn: '棕熊', nameLatin: 'Ursus arctos' })).body.success).toBe(true);
    const id = await idOf('Ursus arctos');
    expect((await submit(admin, { id, parentId: genus, rank: 5, nameCn: '棕熊(更正)', nameLatin: 'Ursus arctos' })).body.success).toBe(true);
    expect((await t.request({ url: `${base}/detail`, token: zoo, query: { id } })).body.data).toMatchObject({ nameCn: '棕熊(更正)', rank: 5, parentId: genus });
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: admin, query: { ids: id } })).body.success).toBe(true);
    expect(await idOf('Ursus arctos')).toBeUndefined();
  });

  it('refuses writes by zoo users, even a zoo role aliased administrator', async () => {
    const res = await submit(zoo, { parentId: '0', rank: 1, nameCn: '测试纲', nameLatin: 'Testia' });
    expect(res.status).toBe(403);
    await createTenantUser(t.sql, { tenantId: '300009', account: 'fake', password: 'pw', roleAlias: 'administrator' });
    const fake = await t.login('fake', 'pw', '300009');
    const again = await submit(fake, { parentId: '0', rank: 1, nameCn: '测试纲', nameLatin: 'Testia' });
    expect(again.status).toBe(403);
    expect(await idOf('Testia')).toBeUndefined();
  });

  it('keeps ranks in order and the tree acyclic', async () => {
    const felidae = await idOf('Felidae');
    const panthera = await idOf('Panthera');
    const carnivora = await idOf('Carnivora');
    expect((await submit(admin, { parentId: '0', rank: 2, nameCn: '某目', nameLatin: 'Someorder' })).body.msg).toBe('顶级阶元必须是纲');
    expect((await submit(admin, { parentId: panthera, rank: 3, nameCn: '某科', nameLatin: 'Somefamily' })).body.msg).toBe(
      '下级阶元的等级必须低于上级「豹属」(属)',
    );
    expect((await submit(admin, { parentId: felidae, rank: 4, nameCn: '豹属', nameLatin: 'Panthera' })).body.msg).toBe(
      '同一上级下已存在拉丁名为 Panthera 的阶元',
    );
    // Moving the family under its own genus would make a loop; lowering an order below its families breaks ranks.
    expect((await submit(admin, { id: felidae, parentId: panthera, rank: 5, nameCn: '猫科', nameLatin: 'Felidae' })).body.msg).toBe(
      '上级阶元不能是自身或其下级',
    );
    expect((await submit(admin, { id: carnivora, parentId: await idOf('Mammalia'), rank: 3, nameCn: '食肉目', nameLatin: 'Carnivora' })).body.msg).toBe(
      '存在等级不低于新等级的下级阶元,不能修改等级',
    );
    expect((await submit(admin, { parentId: '0', rank: 9, nameCn: 'x', nameLatin: 'X' })).body.msg).toBe('阶元取值不正确');
    expect((await submit(admin, { parentId: '0', rank: 1, nameCn: '', nameLatin: 'X' })).body.msg).toBe('请输入中文名');
    expect((await submit(admin, { parentId: '0', rank: 1, nameCn: '某纲', nameLatin: '某' })).body.msg).toBe('拉丁名只能包含拉丁字母、空格和连字符');
  });

  it('refuses removing a taxon with children or used by the species library', async () => {
    const felidae = await idOf('Felidae');
    const res = await t.request({ method: 'POST', url: `${base}/remove`, token: admin, query: { ids: felidae } });
    expect(res.body).toMatchObject({ code: 400, msg: '该阶元下还有下级阶元,请先删除下级' });
    const uncia = await idOf('Panthera uncia');
    const used = await t.request({ method: 'POST', url: `${base}/remove`, token: admin, query: { ids: uncia } });
    expect(used.body.msg).toBe('该阶元已被物种库中的物种引用,不能删除');
  });
});
