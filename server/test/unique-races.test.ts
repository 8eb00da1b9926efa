import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { authorise, makeAnimal, makeCageChain, platformToken, speciesId, uid, zooAdmin } from './zoo-fixtures';

// Every create below checks for a live duplicate before inserting (refuseDuplicate): two requests sent at once both
// pass that check, and only the unique index decides. These prove the loser gets a clear 400 — the route's own
// duplicate message, or the error handler's for a unique violation — never a 500, and one row is left.
const PARALLEL = 4;
const GENERIC = '数据已存在,请勿重复提交';

let t: TestApp;
let zoo: string;
let platform: string;
let chain: { parkId: string; venueId: string; cageId: string };
let deer: string;

beforeAll(async () => {
  t = await startTestApp();
  zoo = await zooAdmin(t, '300061');
  platform = await platformToken(t);
  chain = await makeCageChain(t, zoo);
  await authorise(t, '300061', [{ latin: 'Cervus nippon' }, { latin: 'Ailuropoda melanoleuca' }]);
  deer = await speciesId(t, 'Cervus nippon');
});
afterAll(async () => t?.close());

interface Case {
  name: string;
  url: string;
  token: () => string;
  body: () => Record<string, unknown>;
  /** The route's own message for a duplicate. */
  duplicate: (body: Record<string, unknown>) => string;
  /** Live rows holding the body's unique key. */
  rows: (body: Record<string, unknown>) => [string, unknown[]];
}

const cases: Case[] = [
  {
    name: 'park name in a zoo',
    url: '/blade-zoo/park/submit',
    token: () => zoo,
    body: () => ({ parkName: `园区${uid()}` }),
    duplicate: (b) => `园区名称「${b.parkName}」已存在`,
    rows: (b) => [`select 1 from zoo_park where tenant_id = '300061' and park_name = $1 and is_deleted = 0`, [b.parkName]],
  },
  {
    name: 'venue name in a park',
    url: '/blade-zoo/venue/submit',
    token: () => zoo,
    body: () => ({ parkId: chain.parkId, venueName: `场馆${uid()}` }),
    duplicate: (b) => `该园区下已存在场馆「${b.venueName}」`,
    rows: (b) => [`select 1 from zoo_venue where park_id = $1 and venue_name = $2 and is_deleted = 0`, [b.parkId, b.venueName]],
  },
  {
    name: 'cage code in a zoo',
    url: '/zoo-cage/cage/submit',
    token: () => zoo,
    body: () => {
      const cageCode = `C-${uid()}`;
      return { venueId: chain.venueId, cageCode, cageName: `笼舍${cageCode}`, cageType: 1 };
    },
    duplicate: (b) => `笼舍编号「${b.cageCode}」已存在`,
    rows: (b) => [`select 1 from zoo_cage where tenant_id = '300061' and cage_code = $1 and is_deleted = 0`, [b.cageCode]],
  },
  {
    name: "animal's local number in a zoo",
    url: '/zoo-animal/animal/submit',
    token: () => zoo,
    body: () => ({ localNo: `A-${uid()}`, sex: 3, speciesId: deer, cageId: chain.cageId }),
    duplicate: (b) => `本园编号「${b.localNo}」已存在`,
    rows: (b) => [`select 1 from zoo_animal where tenant_id = '300061' and local_no = $1 and is_deleted = 0`, [b.localNo]],
  },
  {
    name: 'system parameter key',
    url: '/blade-system/param/submit',
    token: () => platform,
    body: () => ({ paramName: '并发参数', paramKey: `race.${uid()}`, paramValue: 'v' }),
    duplicate: (b) => `参数键名 ${b.paramKey} 已存在`,
    rows: (b) => [`select 1 from blade_param where param_key = $1 and is_deleted = 0`, [b.paramKey]],
  },
];

describe('the same unique key created by parallel requests', () => {
  it.each(cases)('$name: one is created, the others get a clear 400, one row is left', async (c) => {
    const body = c.body();
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => t.request({ method: 'POST', url: c.url, token: c.token(), body })));
    const codes = answers.map((r) => r.status);
    expect(
      codes.filter((s) => s === 200),
      JSON.stringify(answers.map((r) => r.body)),
    ).toHaveLength(1);
    expect(codes.filter((s) => s === 400)).toHaveLength(PARALLEL - 1);
    for (const r of answers.filter((a) => a.status === 400)) expect([c.duplicate(body), GENERIC]).toContain(r.body.msg);
    const [sql, params] = c.rows(body);
    expect((await t.sql.query(sql, params)).rows).toHaveLength(1);
    // And once the first has committed, a later duplicate meets the route's own check.
    const again = await t.request({ method: 'POST', url: c.url, token: c.token(), body });
    expect([again.status, again.body.msg]).toEqual([400, c.duplicate(body)]);
  });

  it('two parks of the same name in two zoos are both created (the key is per zoo)', async () => {
    const other = await zooAdmin(t, '300062');
    const parkName = `园区${uid()}`;
    const answers = await Promise.all([zoo, other].map((token) => t.request({ method: 'POST', url: '/blade-zoo/park/submit', token, body: { parkName } })));
    expect(answers.map((r) => [r.status, r.body.msg])).toEqual([
      [200, '操作成功'],
      [200, '操作成功'],
    ]);
  });

  it('one studbook number asked for two animals at once: one gets it, the other a clear 400', async () => {
    const panda = await speciesId(t, 'Ailuropoda melanoleuca');
    const [a, b] = await Promise.all(['甲', '乙'].map((n) => makeAnimal(t, zoo, { speciesId: panda, cageId: chain.cageId, sex: 2, animalName: n })));
    const studbookNo = String(9000 + Math.floor(Math.random() * 900));
    const answers = await Promise.all(
      [a, b].map((animalId) =>
        t.request({ method: 'POST', url: '/zoo-studbook/studbook/number', token: platform, body: { speciesId: panda, animalId, studbookNo } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expect([`谱系号 ${studbookNo} 已被其他个体使用(谱系号不能重复使用)`, GENERIC]).toContain(answers.find((r) => r.status === 400)!.body.msg);
    const held = await t.sql.query(
      `select n.identity_id from zoo_studbook_no n join zoo_studbook s on s.id = n.studbook_id
        where s.species_id = $1 and n.studbook_no = $2 and n.is_deleted = 0`,
      [panda, studbookNo],
    );
    expect(held.rows).toHaveLength(1);
  });
});
