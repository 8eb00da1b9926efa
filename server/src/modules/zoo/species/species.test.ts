import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, platformToken, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let admin: string;
let zoo: string;
const base = '/species/species';
const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `${base}/submit`, token, body });
const valid = { speciesName: '棕熊', latinName: 'Ursus arctos', protectionClass: 2, protectionAuthority: 1, citesAppendix: 'II', iucnCategory: 'LC' };

beforeAll(async () => {
  t = await startTestApp();
  admin = await platformToken(t);
  zoo = await zooAdmin(t, '300001');
});
afterAll(async () => t?.close());

describe('public species library', () => {
  it('is seeded with the 46 starter species, their values and a confidence flag per row', async () => {
    const list = await t.request({ url: `${base}/list`, token: zoo, query: { size: '100' } });
    expect(list.body.data.total).toBe(46);
    const byLatin = new Map(list.body.data.records.map((r: any) => [r.latinName, r]));
    expect(byLatin.get('Ailuropoda melanoleuca')).toMatchObject({
      speciesName: '大熊猫',
      protectionClass: 1,
      protectionAuthority: 1,
      citesAppendix: 'I',
      iucnCategory: 'VU',
      iucnYear: 2016,
      source: 'verified',
      className: '哺乳纲',
      orderName: '食肉目',
      familyName: '熊科',
      managementMode: 1,
      // Comfort ranges of the demo species (seed/zoo-species-comfort.ts): the humiture chart's band, the alarms' bounds.
      tempMin: 0,
      tempMax: 26,
      humidityMin: 40,
      humidityMax: 80,
      // Gestation of the species the product knew (seed/zoo-species-gestation.ts; delayed implantation: 83–200).
      gestationMinDays: 83,
      gestationMaxDays: 200,
    });
    expect(byLatin.get('Grus japonensis')).toMatchObject({ gestationMinDays: 29, gestationMaxDays: 34 });
    expect(byLatin.get('Rhinopithecus roxellana')).toMatchObject({ speciesName: '川金丝猴', source: 'unverified', iucnYear: '', gestationMinDays: '' });
    expect((byLatin.get('Rhinopithecus roxellana') as any).sourceNote).toContain('全部取值来自背景知识');
    // "*" rows are aquatic (fisheries authority); "not listed" is CITES none; II* keeps class II.
    expect(byLatin.get('Neophocaena asiaeorientalis asiaeorientalis')).toMatchObject({
      speciesName: '长江江豚',
      protectionClass: 1,
      protectionAuthority: 2,
      iucnCategory: 'CR',
      iucnYear: 2013,
      taxonomyName: '长江江豚 Neophocaena asiaeorientalis asiaeorientalis',
    });
    expect(byLatin.get('Andrias davidianus')).toMatchObject({ protectionClass: 2, protectionAuthority: 2, citesAppendix: 'I', source: 'verified' });
    expect(byLatin.get('Camelus ferus')).toMatchObject({ citesAppendix: 'none', iucnCategory: 'CR' });
    expect(byLatin.get('Python bivittatus')).toMatchObject({ protectionClass: 2, citesAppendix: 'II' });
    const verified = list.body.data.records.filter((r: any) => r.source === 'verified').length;
    expect(verified).toBe(15);
  });

  it('filters by protection class and CITES appendix (numeric filters mean equality)', async () => {
    const res = await t.request({ url: `${base}/list`, token: zoo, query: { protectionClass: '2', citesAppendix_equal: 'I', size: '100' } });
    expect(res.body.data.records.map((r: any) => r.speciesName).sort()).toEqual(['亚洲黑熊', '大鲵', '小熊猫', '水獭'].sort());
    const junk = await t.request({ url: `${base}/list`, token: zoo, query: { protectionClass: 'abc' } });
    // A value the number column cannot hold is the caller's mistake (issue 10): 400 naming the filter.
    expect(junk.body).toMatchObject({ code: 400, msg: '参数 protectionClass: 请求参数类型错误' });
  });

  it('lets the platform administrator add and change a species, with its comfort ranges', async () => {
    const genus = (await t.sql.query(`select id::text from zoo_taxonomy where name_latin = 'Ursus'`)).rows[0].id;
    expect(
      (await submit(admin, { ...valid, taxonomyId: genus, tempMin: -10, tempMax: '25', humidityMin: 30, humidityMax: 80, iucnYear: '2016' })).body.success,
    ).toBe(true);
    const id = await speciesId(t, 'Ursus arctos');
    const detail = await t.request({ url: `${base}/detail`, token: zoo, query: { id } });
    expect(detail.body.data).toMatchObject({
      speciesName: '棕熊',
      tempMin: -10,
      tempMax: 25,
      humidityMax: 80,
      iucnYear: 2016,
      source: 'unverified',
      familyName: '熊科',
    });
    expect((await submit(admin, { ...valid, id, tempMin: '', tempMax: null, source: 'verified' })).body.success).toBe(true);
    expect((await t.request({ url: `${base}/detail`, token: zoo, query: { id } })).body.data).toMatchObject({ tempMin: '', tempMax: '', source: 'verified' });
    const select = await t.request({ url: `${base}/select`, token: zoo, query: { speciesName: '棕' } });
    expect(select.body.data).toEqual([{ id, speciesName: '棕熊', latinName: 'Ursus arctos', managementMode: 1 }]);
  });

  it('keeps a gestation range on any species: both days or neither, whole days 1–1000, shortest first', async () => {
    const body = { ...valid, speciesName: '北极熊', latinName: 'Ursus maritimus' };
    expect((await submit(admin, { ...body, gestationMinDays: '95', gestationMaxDays: 240 })).body.success).toBe(true);
    const id = await speciesId(t, 'Ursus maritimus');
    const read = async () => (await t.request({ url: `${base}/detail`, token: zoo, query: { id } })).body.data;
    expect(await read()).toMatchObject({ gestationMinDays: 95, gestationMaxDays: 240 });
    const row = async () => (await t.sql.query(`select gestation_min_days, gestation_max_days, update_time from zoo_species where id = $1`, [id])).rows[0];
    const before = await row();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ gestationMinDays: 241, gestationMaxDays: 240 }, '妊娠期最短天数不能大于最长天数'],
      [{ gestationMinDays: 0, gestationMaxDays: 240 }, '妊娠期最短天数不能小于1'],
      [{ gestationMinDays: 95, gestationMaxDays: 1001 }, '妊娠期最长天数不能大于1000'],
      [{ gestationMinDays: 95.5, gestationMaxDays: 240 }, '妊娠期最短天数必须是整数'],
      [{ gestationMinDays: 95 }, '妊娠期最短天数与最长天数须同时填写或同时留空'],
      [{ gestationMinDays: '', gestationMaxDays: 240 }, '妊娠期最短天数与最长天数须同时填写或同时留空'],
    ];
    for (const [change, msg] of cases) {
      const res = await submit(admin, { ...body, id, ...change });
      expect(res.status, msg).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, msg });
    }
    expect(await row()).toEqual(before);
    const en = async (change: Record<string, unknown>) =>
      (await t.request({ method: 'POST', url: `${base}/submit`, token: admin, body: { ...body, id, ...change }, headers: { 'accept-language': 'en' } })).body
        .msg;
    expect(await en({ gestationMinDays: 241, gestationMaxDays: 240 })).toBe('The shortest gestation cannot be longer than the longest');
    expect(await en({ gestationMinDays: 95, gestationMaxDays: 1001 })).toBe('Longest gestation (days) must be at most 1000');
    // Corrected, then cleared (a species the curator has no figure for).
    expect((await submit(admin, { ...body, id, gestationMinDays: 100, gestationMaxDays: 100 })).body.success).toBe(true);
    expect(await read()).toMatchObject({ gestationMinDays: 100, gestationMaxDays: 100 });
    expect((await submit(admin, { ...body, id, gestationMinDays: null, gestationMaxDays: '' })).body.success).toBe(true);
    expect(await read()).toMatchObject({ gestationMinDays: '', gestationMaxDays: '' });
  });

  it('validates ranges, enums and required fields with Chinese messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tempMin: 30, tempMax: 20 }, '最低适宜温度不能高于最高适宜温度'],
      [{ humidityMin: 90, humidityMax: 40 }, '最低适宜湿度不能高于最高适宜湿度'],
      [{ humidityMax: 120 }, '最高适宜湿度不能大于100'],
      [{ tempMin: 'warm' }, '最低适宜温度必须是数字'],
      [{ protectionAuthority: 0 }, '国家重点保护物种请选择主管部门(林草或渔业)'],
      [{ citesAppendix: 'IV' }, 'CITES附录取值应为 I、II、III 或 none'],
      [{ iucnCategory: 'XX' }, 'IUCN等级取值应为 EX、EW、CR、EN、VU、NT、LC、DD 或 NE'],
      [{ protectionClass: 3 }, '保护级别取值不正确'],
      [{ speciesName: ' ' }, '请输入中文名'],
      [{ latinName: undefined }, '请输入拉丁名'],
      [{ iucnYear: 1800 }, 'IUCN评估年份不能小于1964'],
      [{ source: 'maybe' }, '数据可信度取值应为 verified 或 unverified'],
    ];
    for (const [change, msg] of cases) {
      const res = await submit(admin, { ...valid, latinName: 'Ursus novus', ...change });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await submit(admin, { ...valid, latinName: 'Ailuropoda melanoleuca' })).body.msg).toBe('物种库中已存在拉丁名为 Ailuropoda melanoleuca 的物种');
    expect((await submit(admin, { ...valid, latinName: 'Ursus novus', taxonomyId: '123' })).body.msg).toBe('分类阶元不存在');
  });

  it('is written by the platform administrator only', async () => {
    const res = await submit(zoo, { ...valid, latinName: 'Ursus zooensis' });
    expect(res.status).toBe(403);
    const id = await speciesId(t, 'Panthera uncia');
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: zoo, query: { ids: id } })).status).toBe(403);
  });

  it('refuses removing a species a zoo is licensed for or holds', async () => {
    await authorise(t, '300001', [{ latin: 'Panthera uncia' }]);
    const uncia = await speciesId(t, 'Panthera uncia');
    await makeAnimal(t, zoo, { speciesId: uncia, sex: 1 });
    const res = await t.request({ method: 'POST', url: `${base}/remove`, token: admin, query: { ids: uncia } });
    expect(res.body).toMatchObject({ code: 400, msg: '该物种已授权给 1 个动物园,请先取消授权再删除' });
    expect((await t.sql.query(`select is_deleted from zoo_species where id = $1`, [uncia])).rows[0].is_deleted).toBe(0);
    const free = await speciesId(t, 'Ursus arctos');
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: admin, query: { ids: free } })).body.success).toBe(true);
  });
});
