import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chipPrefixMeaning, parseMicrochip } from '@zoo/contract';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let zooA: string;
let zooB: string;
let animal: string;
let other: string;
const base = '/zoo-animal/animalFlag';
const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `${base}/submit`, token, body });
const newVersion = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `${base}/newversion`, token, body });
const history = async (animalId: string, type: number) =>
  (
    await t.sql.query(
      `select code, version, void_time is not null as voided, void_reason, is_deleted from zoo_animal_flag where animal_id = $1 and flag_type = $2 order by version`,
      [animalId, type],
    )
  ).rows;

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, '300001');
  zooB = await zooAdmin(t, '300002');
  await authorise(t, '300001', [{ latin: 'Ailuropoda melanoleuca' }]);
  const panda = await speciesId(t, 'Ailuropoda melanoleuca');
  animal = await makeAnimal(t, zooA, { speciesId: panda, sex: 1, localNo: 'FLAG-1' });
  other = await makeAnimal(t, zooA, { speciesId: panda, sex: 2, localNo: 'FLAG-2' });
});
afterAll(async () => t?.close());

describe('microchip codes (ISO 11784 / GB/T 20563)', () => {
  it('explains the 3-digit prefix: 999 test, 900–998 manufacturer, else ISO 3166 country', () => {
    expect(parseMicrochip('156 0001 2345 6789')).toMatchObject({
      code: '156000123456789',
      isoCompliant: true,
      prefix: '156',
      prefixKind: 'country',
      prefixMeaning: '中国 (ISO 3166 国家代码 156)',
    });
    expect(chipPrefixMeaning('999')).toEqual({ prefixKind: 'test', prefixMeaning: '测试芯片 (999, ISO 11784 保留用于测试)' });
    expect(chipPrefixMeaning('900').prefixKind).toBe('manufacturer');
    expect(chipPrefixMeaning('985')).toEqual({ prefixKind: 'manufacturer', prefixMeaning: '制造商代码 985 (900–998 为制造商代码段)' });
    expect(chipPrefixMeaning('998').prefixKind).toBe('manufacturer');
    expect(chipPrefixMeaning('276').prefixMeaning).toBe('德国 (ISO 3166 国家代码 276)');
    expect(chipPrefixMeaning('123').prefixMeaning).toBe('ISO 3166 国家代码 123');
    expect(parseMicrochip('0a1b2c3d4e')).toMatchObject({ code: '0A1B2C3D4E', isoCompliant: false, prefix: '' });
    expect(parseMicrochip('15600012345678')).toBeNull();
    expect(parseMicrochip('1560001234567890')).toBeNull();
    expect(parseMicrochip('15600012345678X')).toBeNull();
  });

  it('stores an ISO chip with its compliance flag and shows the prefix meaning', async () => {
    expect((await submit(zooA, { animalId: animal, type: 1, code: '156 000 123 456 789', issueDate: '2020-05-01', issuer: '示范兽医院' })).body.success).toBe(
      true,
    );
    const list = await t.request({ url: `${base}/list`, token: zooA, query: { animalId: animal } });
    expect(list.body.data.records).toEqual([
      expect.objectContaining({
        type: 1,
        code: '156000123456789',
        version: 1,
        isoCompliant: 1,
        prefix: '156',
        prefixMeaning: '中国 (ISO 3166 国家代码 156)',
        current: true,
        voidTime: '',
        localNo: 'FLAG-1',
        issueDate: '2020-05-01 00:00:00',
      }),
    ]);
  });

  it('flags a legacy non-ISO chip instead of rejecting it, and rejects malformed codes', async () => {
    expect((await submit(zooA, { animalId: other, type: 1, code: 'a1b2c3d4e5' })).body.success).toBe(true);
    const list = await t.request({ url: `${base}/list`, token: zooA, query: { animalId: other, type: '1' } });
    expect(list.body.data.records[0]).toMatchObject({ code: 'A1B2C3D4E5', isoCompliant: 0, prefix: '' });
    expect(list.body.data.records[0].prefixMeaning).toContain('非ISO旧式芯片');
    const bad = await submit(zooA, { animalId: other, type: 1, code: '15600012345678' });
    expect(bad.body).toMatchObject({ code: 400, msg: '芯片号应为15位数字(ISO 11784/GB/T 20563),旧式非ISO芯片为9至10位字母或数字' });
    // Other types take free codes.
    expect((await submit(zooA, { animalId: other, type: 2, code: 'CN-RING-7' })).body.success).toBe(true);
  });

  it('refuses a chip code another animal of the zoo already carries', async () => {
    const res = await newVersion(zooA, { animalId: other, type: 1, code: '156000123456789' });
    expect(res.body.msg).toBe('「芯片」标识码 156000123456789 已被个体「FLAG-1」使用');
  });
});

describe('flag versions (专用标识 void and reissue)', () => {
  it('newversion voids the current flag, keeps it, and opens version + 1 in one step', async () => {
    const first = await submit(zooA, { animalId: animal, type: 4, code: 'ZYBS-2020-0001' });
    expect(first.body.success).toBe(true);
    const res = await newVersion(zooA, { animalId: animal, type: 4, code: 'ZYBS-2024-0001', voidReason: '用途变更', issuer: '国家林草局' });
    expect(res.body.data).toMatchObject({ type: 4, code: 'ZYBS-2024-0001', version: 2, current: true, issuer: '国家林草局' });
    const third = await newVersion(zooA, { animalId: animal, type: 4, code: 'ZYBS-2025-0001' });
    expect(third.body.data.version).toBe(3);
    expect(await history(animal, 4)).toEqual([
      { code: 'ZYBS-2020-0001', version: 1, voided: true, void_reason: '用途变更', is_deleted: 0 },
      { code: 'ZYBS-2024-0001', version: 2, voided: true, void_reason: '换发新版本', is_deleted: 0 },
      { code: 'ZYBS-2025-0001', version: 3, voided: false, void_reason: '', is_deleted: 0 },
    ]);
    const list = await t.request({ url: `${base}/list`, token: zooA, query: { animalId: animal, type: '4' } });
    expect(list.body.data.records.map((r: any) => [r.version, r.current])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
  });

  it('never overwrites a code: submit on an existing flag cannot change it, voided versions are read-only', async () => {
    const [cur] = (await t.sql.query(`select id::text from zoo_animal_flag where animal_id = $1 and flag_type = 4 and void_time is null`, [animal])).rows;
    const [old] = (await t.sql.query(`select id::text from zoo_animal_flag where animal_id = $1 and flag_type = 4 and version = 1`, [animal])).rows;
    const change = await submit(zooA, { id: cur.id, animalId: animal, type: 4, code: 'ZYBS-HACKED' });
    expect(change.body.msg).toBe('标识的个体、类型和标识码不能修改,如需更换请使用"换发新版本"');
    expect((await submit(zooA, { id: cur.id, animalId: animal, type: 4, code: 'ZYBS-2025-0001', remark: '补充备注' })).body.success).toBe(true);
    expect((await submit(zooA, { id: old.id, animalId: animal, type: 4, code: 'ZYBS-2020-0001', remark: 'x' })).body.msg).toBe(
      '该标识版本已作废,历史记录不能修改',
    );
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: zooA, query: { ids: old.id } })).body.msg).toBe('已作废的历史版本不能删除');
    expect((await history(animal, 4)).map((h) => h.code)).toEqual(['ZYBS-2020-0001', 'ZYBS-2024-0001', 'ZYBS-2025-0001']);
  });

  it('refuses a second current flag of a type through submit, and a new version with the same code', async () => {
    const dup = await submit(zooA, { animalId: animal, type: 4, code: 'ZYBS-OTHER' });
    expect(dup.body.msg).toBe('该个体已有有效的「专用标识」(第3版),如需更换请使用"换发新版本"');
    expect((await newVersion(zooA, { animalId: animal, type: 4, code: 'ZYBS-2025-0001' })).body.msg).toBe('新版本的标识码不能与当前版本相同');
  });

  it('replaces a legacy chip by an ISO one through a new version, numbering on after a removed version', async () => {
    const res = await newVersion(zooA, { animalId: other, type: 1, code: '999000000000001' });
    expect(res.body.data).toMatchObject({ version: 2, isoCompliant: 1, prefixMeaning: '测试芯片 (999, ISO 11784 保留用于测试)' });
    const cur = res.body.data.id;
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: zooA, query: { ids: cur } })).body.success).toBe(true);
    const again = await newVersion(zooA, { animalId: other, type: 1, code: '156000000000002' });
    expect(again.body.data.version).toBe(3);
  });

  it('keeps flags to their zoo: another zoo cannot read, version or attach flags to the animal', async () => {
    expect((await newVersion(zooB, { animalId: animal, type: 4, code: 'ZYBS-B' })).body.msg).toBe('所选个体不存在');
    expect((await submit(zooB, { animalId: animal, type: 2, code: 'B-RING' })).body.msg).toBe('所选个体不存在');
    expect((await t.request({ url: `${base}/list`, token: zooB, query: { animalId: animal } })).body.data.total).toBe(0);
    expect((await history(animal, 4)).filter((h) => !h.voided)).toHaveLength(1);
  });
});
