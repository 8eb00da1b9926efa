import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { messagesOf } from '../../../test/messages';
import { authorise, makeAnimal, makeCageChain, speciesId, zooAdmin } from '../../../test/zoo-fixtures';

/** Statements that look names up by id (`… = any($1)`), beside the version read. */
const nameLookups = (sent: string[]) => sent.filter((s) => /= any\(\$1\)/.test(s) && !s.includes('sys_row_count'));

/**
 * Names in animal records come from the lookup cache (lookup-cache.ts, decision 0033): a warm list or detail is one
 * message to PostgreSQL, and a name changed by any writer (this server's API, another instance, plain SQL) shows
 * on the next request.
 */
let t: TestApp;
let zooA: string;
let zooB: string;
let panda: string;
let chainA: { parkId: string; venueId: string; cageId: string };
let chainB: { parkId: string; venueId: string; cageId: string };
let animalA: string;
let animalB: string;

const list = async (token: string) => (await t.request({ url: '/zoo-animal/animal/list', token, query: { current: '1', size: '10' } })).body;
const detail = async (token: string, id: string) => (await t.request({ url: '/zoo-animal/animal/detail', token, query: { id } })).body.data;

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, '300001');
  zooB = await zooAdmin(t, '300002');
  await authorise(t, '300001', [{ latin: 'Ailuropoda melanoleuca' }]);
  await authorise(t, '300002', [{ latin: 'Ailuropoda melanoleuca' }]);
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  chainA = await makeCageChain(t, zooA);
  chainB = await makeCageChain(t, zooB);
  animalA = await makeAnimal(t, zooA, { speciesId: panda, cageId: chainA.cageId, animalName: '甲' });
  animalB = await makeAnimal(t, zooB, { speciesId: panda, cageId: chainB.cageId, animalName: '乙' });
});
afterAll(async () => t?.close());

describe('names in records', () => {
  it('a warm list and a warm detail look no name up: the versions beside their rows are all they read', async () => {
    await list(zooA);
    await detail(zooA, animalA);
    const l = await messagesOf(() => list(zooA));
    expect(l.out.data.records[0]).toMatchObject({ id: animalA, speciesName: '大熊猫', cageId: chainA.cageId });
    expect(nameLookups(l.sent)).toEqual([]);
    expect(l.sent.filter((s) => s.includes('sys_row_count'))).toHaveLength(2); // the versions and the kept count
    const d = await messagesOf(() => detail(zooA, animalA));
    expect(d.out).toMatchObject({ id: animalA, speciesName: '大熊猫' });
    expect(nameLookups(d.sent)).toEqual([]);
    // The row and the versions, once each, beside BEGIN, the opening and COMMIT (and the caller's live row when
    // this instance's copy of it expired meanwhile).
    expect(d.sent.filter((s) => s.includes('from "zoo_animal"'))).toHaveLength(1);
    expect(d.sent.filter((s) => s.includes('sys_row_count'))).toHaveLength(1);
  });

  it('a cage renamed through the API shows on the next list', async () => {
    const cage = (await t.request({ url: '/zoo-cage/cage/detail', token: zooA, query: { id: chainA.cageId } })).body.data;
    const res = await t.request({ method: 'POST', url: '/zoo-cage/cage/submit', token: zooA, body: { ...cage, cageName: '熊猫馆一号笼' } });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect((await list(zooA)).data.records[0].cageName).toBe('熊猫馆一号笼');
    expect((await detail(zooA, animalA)).cageName).toBe('熊猫馆一号笼');
  });

  it('a name changed by another writer (plain SQL, as another instance would) shows on the next request', async () => {
    await list(zooA);
    try {
      await t.sql.query(`update zoo_species set species_name = '大熊猫(改)' where id = $1`, [panda]);
      expect((await list(zooA)).data.records[0].speciesName).toBe('大熊猫(改)');
      expect((await detail(zooB, animalB)).speciesName).toBe('大熊猫(改)');
      await t.sql.query(`update zoo_cage set cage_name = 'SQL 改名' where id = $1`, [chainB.cageId]);
      expect((await detail(zooB, animalB)).cageName).toBe('SQL 改名');
    } finally {
      await t.sql.query(`update zoo_species set species_name = '大熊猫' where id = $1`, [panda]);
    }
    expect((await detail(zooA, animalA)).speciesName).toBe('大熊猫');
  });

  it('each zoo sees its own names: a rename in one zoo leaves the other zoo warm', async () => {
    await detail(zooB, animalB);
    await t.sql.query(`update zoo_cage set cage_name = 'A 区' where id = $1`, [chainA.cageId]);
    const b = await messagesOf(() => detail(zooB, animalB));
    expect(b.out.cageName).toBe('SQL 改名');
    expect(nameLookups(b.sent)).toEqual([]);
    expect((await detail(zooA, animalA)).cageName).toBe('A 区');
  });
});
