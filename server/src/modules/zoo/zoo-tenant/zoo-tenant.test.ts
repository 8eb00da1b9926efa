import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, makeCageChain, makePopulation, platformToken, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let admin: string;
let zooA: string;
let zooB: string;
const PANDA = 'Ailuropoda melanoleuca';
const TIGER = 'Panthera tigris altaica';
const url = '/blade-system/tenant/authspecies';
const licence = (id: string, more: Record<string, unknown> = {}) => ({
  speciesId: id,
  licenceNo: '(国)驯繁字[2024]001号',
  issuingAuthority: '国家林业和草原局',
  validFrom: '2024-01-01',
  validTo: '2029-12-31',
  ...more,
});

beforeAll(async () => {
  t = await startTestApp();
  admin = await platformToken(t);
  zooA = await zooAdmin(t, '300001', 'adm_a', '甲动物园');
  zooB = await zooAdmin(t, '300002', 'adm_b', '乙动物园');
});
afterAll(async () => t?.close());

describe('licence scope (/blade-system/tenant/authspecies)', () => {
  it("sets a zoo's authorised species with licence data and reads them back", async () => {
    const panda = await speciesId(t, PANDA);
    const tiger = await speciesId(t, TIGER);
    const res = await t.request({
      method: 'POST',
      url,
      token: admin,
      body: { tenantId: '300001', species: [licence(panda, { approvedQuantity: 6 }), licence(tiger, { validTo: '' })] },
    });
    expect(res.body).toMatchObject({ code: 200, success: true });
    const list = await t.request({ url, token: admin, query: { tenantId: '300001' } });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        speciesId: panda,
        speciesName: '大熊猫',
        licenceNo: '(国)驯繁字[2024]001号',
        validFrom: '2024-01-01 00:00:00',
        validTo: '2029-12-31 00:00:00',
        approvedQuantity: 6,
        licenceState: 'valid',
      }),
      expect.objectContaining({ speciesId: tiger, validTo: '', approvedQuantity: '', licenceState: 'valid' }),
    ]);
    const { rows } = await t.sql.query(`select tenant_id from zoo_tenant_species where is_deleted = 0`);
    expect(rows.map((r) => r.tenant_id)).toEqual(['300001', '300001']);
    expect((await t.request({ url, token: admin, query: { tenantId: '300002' } })).body.data).toEqual([]);
  });

  it('replaces the scope: updates kept species, drops the rest (as history)', async () => {
    const panda = await speciesId(t, PANDA);
    const res = await t.request({ method: 'POST', url, token: admin, body: { tenantId: '300001', species: [licence(panda, { licenceNo: 'NEW-1' })] } });
    expect(res.body.success).toBe(true);
    const list = (await t.request({ url, token: admin, query: { tenantId: '300001' } })).body.data;
    expect(list.map((r: any) => [r.speciesName, r.licenceNo])).toEqual([['大熊猫', 'NEW-1']]);
    const { rows } = await t.sql.query(`select count(*)::int n from zoo_tenant_species where tenant_id = '300001' and is_deleted = 1`);
    expect(rows[0].n).toBe(1);
  });

  it('refuses to withdraw a species the zoo still holds, naming it and the count', async () => {
    await authorise(t, '300002', [{ latin: TIGER }, { latin: PANDA }]);
    await makeAnimal(t, zooB, { speciesId: await speciesId(t, TIGER), sex: 1 });
    await makeAnimal(t, zooB, { speciesId: await speciesId(t, TIGER), sex: 2 });
    const res = await t.request({ method: 'POST', url, token: admin, body: { tenantId: '300002', species: [licence(await speciesId(t, PANDA))] } });
    expect(res.body).toMatchObject({ code: 400, msg: '该动物园仍存栏以下物种,不能取消授权: 东北虎(2)' });
    expect((await t.request({ url, token: admin, query: { tenantId: '300002' } })).body.data).toHaveLength(2);
  });

  it('validates the request with Chinese messages', async () => {
    const panda = await speciesId(t, PANDA);
    const post = (body: unknown) => t.request({ method: 'POST', url, token: admin, body });
    expect((await post({ tenantId: '300001', species: [licence(panda, { validTo: '2023-01-01' })] })).body.msg).toBe('许可证截止日期不能早于生效日期');
    expect((await post({ tenantId: '300001', species: [licence(panda, { licenceNo: '' })] })).body.msg).toBe('请输入许可证号');
    expect((await post({ tenantId: '300001', species: [licence(panda, { issuingAuthority: undefined })] })).body.msg).toBe('请输入发证机关');
    expect((await post({ tenantId: '300001', species: [licence(panda, { validFrom: '2024-02-30' })] })).body.msg).toBe('许可证生效日期格式应为 yyyy-MM-dd');
    expect((await post({ tenantId: '300001', species: [licence(panda), licence(panda)] })).body.msg).toBe('同一物种不能重复授权');
    expect((await post({ tenantId: '300001', species: [licence('99999')] })).body.msg).toBe('物种不存在: 99999');
    expect((await post({ tenantId: '12', species: [] })).body.msg).toBe('租户编号应为6位数字');
    expect((await post({ tenantId: '399999', species: [] })).body.msg).toBe('租户 399999 不存在');
    expect((await post({ tenantId: '000000', species: [] })).body.msg).toBe('管理租户不饲养动物,不能授权物种');
  });

  it('is for the platform administrator only', async () => {
    expect((await t.request({ url, token: zooA, query: { tenantId: '300001' } })).status).toBe(403);
    const res = await t.request({ method: 'POST', url, token: zooA, body: { tenantId: '300001', species: [] } });
    expect(res.status).toBe(403);
  });
});

describe('zoo list (/blade-system/tenant/zoo-list)', () => {
  it('pages every zoo except the platform with licence and stock counts', async () => {
    const { cageId } = await makeCageChain(t, zooB);
    await authorise(t, '300002', [{ latin: 'Cervus nippon' }, { latin: 'Panthera uncia', validTo: '2020-12-31', validFrom: '2015-01-01' }]);
    await makePopulation(t, zooB, { speciesId: await speciesId(t, 'Cervus nippon'), cageId, maleQuantity: 2, femaleQuantity: 5, theyQuantity: 1 });
    const res = await t.request({ url: '/blade-system/tenant/zoo-list', token: admin, query: { current: '1', size: '10' } });
    expect(res.body.data.records.map((r: any) => r.tenantId)).toEqual(['300001', '300002']);
    expect(res.body.data.records[1]).toMatchObject({ tenantName: '乙动物园', speciesCount: 4, validSpeciesCount: 3, animalCount: 2, populationQuantity: 8 });
    const filtered = await t.request({ url: '/blade-system/tenant/zoo-list', token: admin, query: { tenantName: '甲' } });
    expect(filtered.body.data).toMatchObject({ total: 1, records: [{ tenantId: '300001', speciesCount: 1 }] });
    expect((await t.request({ url: '/blade-system/tenant/zoo-list', token: zooA })).status).toBe(403);
  });
});
