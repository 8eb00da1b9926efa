import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, makeCageChain, platformToken, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

/**
 * An outside donor as a candidate sire (decision 0042), through HTTP on PostgreSQL: zoo A's female 月月 — a daughter of
 * zoo B's male 远方 (studbook 501) — is paired with A's 本地 and inseminated with 远方's frozen semen. Her cubs are
 * MULT (本地, 远方); a paternity test names 远方, and the cub's sire is his studbook identity, so the studbook's F
 * becomes that of a father × daughter offspring (1/4) instead of the MULT's 1/8.
 */
let t: TestApp;
let zooA: string;
let zooB: string;
let panda: string;
let deer: string;
let cageA: string;
let dam: string;
let local: string;
let donor: string; // 远方, held by B
let other: string; // 远山, held by B, never used
let deerMale: string;
const A = '330121';
const B = '330122';

const post = (url: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/zoo-breeding/${url}`, token: zooA, body });
const get = (url: string, query: Record<string, string>) => t.request({ url: `/zoo-breeding/${url}`, token: zooA, query });
const q = async (text: string, args: unknown[] = []) => (await t.sql.query(text, args)).rows;
const count = async (table: string) => (await q(`select count(*)::int n from ${table} where tenant_id = $1 and is_deleted = 0`, [A]))[0].n as number;
const sireOf = async (id: string) =>
  (await q(`select sire_id::text, sire_identity_id::text, sire_mark, sire_candidates from zoo_animal where id = $1`, [id]))[0] as {
    sire_id: string | null;
    sire_identity_id: string | null;
    sire_mark: string;
    sire_candidates: Array<{ id: string }> | null;
  };
/** The cub's inbreeding coefficient F as zoo A's studbook computes it. */
const fOf = async (id: string) => {
  const res = await t.request({ url: '/zoo-studbook/studbook/list', token: zooA, query: { speciesId: panda, current: '1', size: '100' } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return (res.body.data.records as Array<{ animalId: string; f: number }>).find((r) => r.animalId === id)!.f;
};
async function refused(url: string, body: Record<string, unknown>, msg: string | RegExp, table: string) {
  const before = await count(table);
  const res = await post(url, body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 400, success: false });
  expect(res.body.msg).toMatch(msg);
  expect(await count(table)).toBe(before);
}

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, A, undefined, '甲繁育基地');
  zooB = await zooAdmin(t, B, undefined, '乙繁育基地');
  for (const z of [A, B]) await authorise(t, z, [{ latin: 'Ailuropoda melanoleuca' }, { latin: 'Cervus nippon' }]);
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  deer = await speciesId(t, 'Cervus nippon');
  cageA = (await makeCageChain(t, zooA)).cageId;
  const cageB = (await makeCageChain(t, zooB)).cageId;
  donor = await makeAnimal(t, zooB, {
    speciesId: panda,
    cageId: cageB,
    sex: 1,
    animalName: '远方',
    birthDate: '2006-08-01',
    sireMark: 'WILD',
    damMark: 'WILD',
  });
  other = await makeAnimal(t, zooB, {
    speciesId: panda,
    cageId: cageB,
    sex: 1,
    animalName: '远山',
    birthDate: '2007-08-01',
    sireMark: 'WILD',
    damMark: 'WILD',
  });
  deerMale = await makeAnimal(t, zooB, { speciesId: deer, cageId: cageB, sex: 1, animalName: '鹿王', birthDate: '2015-05-01' });
  // The studbook keeper (the platform) numbers B's males in their species' studbooks.
  const platform = await platformToken(t);
  for (const [speciesId, animalId, studbookNo] of [
    [panda, donor, '501'],
    [panda, other, '502'],
    [deer, deerMale, '77'],
  ])
    expect(
      (await t.request({ method: 'POST', url: '/zoo-studbook/studbook/number', token: platform, body: { speciesId, animalId, studbookNo } })).body.msg,
    ).toBe('操作成功');
  // 月月 is 远方's daughter (a parent of another zoo, by identity); 本地 is unrelated.
  dam = await makeAnimal(t, zooA, {
    speciesId: panda,
    cageId: cageA,
    sex: 2,
    animalName: '月月',
    birthDate: '2015-08-01',
    sireIdentityId: donor,
    damMark: 'WILD',
  });
  local = await makeAnimal(t, zooA, {
    speciesId: panda,
    cageId: cageA,
    sex: 1,
    animalName: '本地',
    birthDate: '2012-08-01',
    sireMark: 'WILD',
    damMark: 'WILD',
  });
});
afterAll(async () => t?.close());

describe('an outside donor as a candidate sire', () => {
  let sample: string;
  let litterId: string;
  let cubs: string[];

  it('the donor picker lists the other bases’ studbook males of the species with number, name and holding zoo', async () => {
    const res = await get('donors', { speciesId: panda });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        { identityId: donor, studbookNo: '501', animalName: '远方', holderName: '乙繁育基地' },
        { identityId: other, studbookNo: '502', animalName: '远山', holderName: '乙繁育基地' },
      ]),
    );
    // Neither the deer nor the zoo's own animals.
    expect(res.body.data.map((d: { identityId: string }) => d.identityId)).not.toContain(deerMale);
    expect(res.body.data.map((d: { identityId: string }) => d.identityId)).not.toContain(local);
  });

  it('refuses a donor of another species, a female and an unregistered identity; a sample names the donor by studbook', async () => {
    const base = { sampleNo: 'GRB-OUT-1', speciesId: panda, collectDate: '2024-03-01', straws: 3 };
    await refused('semen/submit', { ...base, donorIdentityId: deerMale }, '供体个体与样本物种不一致', 'zoo_breed_semen');
    await refused('semen/submit', { ...base, donorIdentityId: dam }, '父本(供体)必须是雄性个体', 'zoo_breed_semen');
    await refused('semen/submit', { ...base, donorIdentityId: '999999999' }, '他园供体(谱系身份 999999999)不存在', 'zoo_breed_semen');
    await refused('semen/submit', { ...base, donorIdentityId: local }, /未在该物种的谱系中登记谱系号/, 'zoo_breed_semen');
    await refused('semen/submit', { ...base, donorIdentityId: donor, donorAnimalId: local }, '本园供体与他园供体只能选择一个', 'zoo_breed_semen');
    const res = await post('semen/submit', { ...base, donorIdentityId: donor });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    sample = (await q(`select id::text from zoo_breed_semen where sample_no = 'GRB-OUT-1' and tenant_id = $1`, [A]))[0].id;
    expect((await get('semen/detail', { id: sample })).body.data).toMatchObject({ donorIdentityId: donor, donorName: '远方', donorStudbookNo: '501' });
    // An insemination naming a donor of another species directly is refused the same way.
    await refused(
      'event/submit',
      { femaleId: dam, kind: 2, eventDate: '2024-04-09', donorIdentityId: deerMale, method: 3 },
      '父本(供体)与雌性不是同一物种',
      'zoo_breed_event',
    );
  });

  it('paired with 本地 and inseminated with 远方’s semen: the cubs are MULT with both, by identity', async () => {
    expect((await post('event/submit', { femaleId: dam, kind: 1, eventDate: '2024-04-10', sireIds: [local], copulations: 1, outcome: 1 })).body.success).toBe(
      true,
    );
    const ai = await post('event/submit', { femaleId: dam, kind: 2, eventDate: '2024-04-11', semenId: sample, straws: 1, method: 3 });
    expect(ai.body.success, JSON.stringify(ai.body)).toBe(true);
    const res = await post('litter/submit', {
      damId: dam,
      birthDate: '2024-08-20',
      cageId: cageA,
      cubs: [
        { localNo: `OUT-A-${A}`, animalName: '月一', sex: 1 },
        { localNo: `OUT-B-${A}`, animalName: '月二', sex: 2 },
      ],
      rearing: 3,
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const [row] = await q(`select id::text, cubs, sire_ids, sire_identity_ids from zoo_breed_litter where dam_id = $1 and is_deleted = 0`, [dam]);
    litterId = row.id;
    cubs = row.cubs.map((c: { id: string }) => c.id);
    expect(row.sire_ids).toEqual([local]);
    expect(row.sire_identity_ids).toEqual([donor]);
    for (const c of cubs) {
      const s = await sireOf(c);
      expect(s).toMatchObject({ sire_id: null, sire_identity_id: null, sire_mark: 'MULT' });
      expect(s.sire_candidates!.map((x) => x.id).sort()).toEqual([local, donor].sort());
    }
    expect((await get('litter/detail', { id: litterId })).body.data.sireNames).toMatch(/本地.*501 远方\(乙繁育基地\)/);
    // MULT (½ 本地, ½ 远方, her father): F = ½ × ¼ = 1/8.
    expect(await fOf(cubs[0]!)).toBeCloseTo(0.125, 6);
  });

  it('the paternity candidates include the outside donor with his studbook number and zoo; a test confirming him sets the sire identity', async () => {
    const list = (await get('litter/paternity', { id: litterId })).body.data;
    expect(list.candidates).toEqual([
      expect.objectContaining({ id: local, identityId: local, outside: false }),
      { id: '', identityId: donor, name: '501 远方(乙繁育基地)', outside: true, studbookNo: '501', holderName: '乙繁育基地' },
    ]);
    const [a, b] = cubs as [string, string];
    // A male of another base not named on her breeding events of the window: refused, nothing written.
    await refused(
      'litter/paternity',
      { cubId: a, testDate: '2024-10-08', method: 1, sireIdentityId: other },
      /^所选父本不在该幼仔的候选父本中\(候选父本: .*本地.*、501 远方\(乙繁育基地\)\)$/,
      'zoo_breed_paternity',
    );
    expect((await sireOf(a)).sire_mark).toBe('MULT');
    const res = await post('litter/paternity', { cubId: a, testDate: '2024-10-08', method: 1, lab: '遗传中心', sireIdentityId: donor });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({
      success: true,
      data: { cubId: a, sireId: '', sireIdentityId: donor, sireName: '501 远方(乙繁育基地)', candidateIdentityIds: [donor] },
    });
    expect(await sireOf(a)).toEqual({ sire_id: null, sire_identity_id: donor, sire_mark: '', sire_candidates: null });
    // The studbook's genetics use him: father × daughter, F = 1/4; the twin stays MULT at 1/8.
    expect(await fOf(a)).toBeCloseTo(0.25, 6);
    expect(await fOf(b)).toBeCloseTo(0.125, 6);
    // The studbook's own pedigree of the cub names his identity as the sire.
    const kin = await t.request({ url: '/zoo-studbook/studbook/kinship', token: zooA, query: { speciesId: panda, a, b: dam } });
    expect(kin.body.data.kinship).toBeCloseTo(0.375, 6);
    // Removing the result gives the cub back the MULT of both.
    const id = (await get('litter/paternity', { id: litterId })).body.data.results[0].id;
    expect((await post('litter/paternity/remove', { id })).body.success).toBe(true);
    const back = await sireOf(a);
    expect(back).toMatchObject({ sire_identity_id: null, sire_mark: 'MULT' });
    expect(back.sire_candidates!.map((x) => x.id).sort()).toEqual([local, donor].sort());
  });
});
