import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockApprovalParamKey, SUBMIT_EDIT_MSG, SUBMIT_TYPE_MSG } from '@zoo/contract';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { authorise, makeAnimal, makeCageChain, platformToken, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

process.env.TZ = 'Asia/Shanghai';

const ZOO = '300061';
let t: TestApp;
let admin: string;
let deer: string;
let macaque: string;
let chain: { parkId: string; venueId: string; cageId: string };
const url = '/zoo-stockLog/stockLog/submit';
const submit = (body: unknown, token = admin) => t.request({ method: 'POST', url, token, body });
const q = async (sql: string, params: unknown[] = []) => (await t.sql.query(sql, params)).rows;
const mfu = async (cageId: string) => {
  const [r] = await q(
    `select male_quantity m, female_quantity f, they_quantity u from zoo_population where cage_id = $1 and species_id = $2 and is_deleted = 0`,
    [cageId, deer],
  );
  return r ? [r.m, r.f, r.u] : undefined;
};
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** A zoo user holding only the given buttons (and the menus above them). */
async function userWith(account: string, buttons: string[]): Promise<string> {
  const { roleId } = await createTenantUser(t.sql, { tenantId: ZOO, account, password: 'pw', roleAlias: account });
  await q(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu where code = any($3) or category = 1`, [
    ZOO,
    roleId,
    buttons,
  ]);
  return t.login(account, 'pw', ZOO);
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await zooAdmin(t, ZOO);
  await authorise(t, ZOO, [{ latin: 'Cervus nippon' }, { latin: 'Macaca mulatta', validFrom: '2010-01-01', validTo: '2012-12-31', licenceNo: 'M-OLD' }]);
  deer = await speciesId(t, 'Cervus nippon');
  macaque = await speciesId(t, 'Macaca mulatta');
  chain = await makeCageChain(t, admin);
});
afterAll(async () => t?.close());

describe('stockLog/submit books the movement its body describes', () => {
  it('a birth, a move and a death go through the same ledger as their *_enroll calls', async () => {
    const born = await submit({
      movementType: 'born',
      animalType: 2,
      speciesId: deer,
      cageId: chain.cageId,
      bornDate: today,
      maleQuantity: 2,
      femaleQuantity: 3,
    });
    expect(born.body, JSON.stringify(born.body)).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(born.body.data.ids).toHaveLength(1);
    expect(await mfu(chain.cageId)).toEqual([2, 3, 0]);
    const [row] = await q(`select movement_type from zoo_stock_log where id = $1`, [born.body.data.ids[0]]);
    expect(row.movement_type).toBe('born');

    const animal = await makeAnimal(t, admin, { speciesId: deer, sex: 1, cageId: chain.cageId });
    const died = await submit({ movementType: 'die', animalType: 1, speciesId: deer, animalId: animal, dieDate: today, dieType: 1, reason: '年老' });
    expect(died.body).toMatchObject({ success: true, data: { animalIds: [animal] } });
    expect((await q(`select status from zoo_animal where id = $1`, [animal]))[0].status).not.toBe(1);
  });

  it('refuses with the rules of the movement: licence, stock, fields, unknown type, edits', async () => {
    expect(
      (await submit({ movementType: 'born', animalType: 2, speciesId: macaque, cageId: chain.cageId, bornDate: today, maleQuantity: 1 })).body,
    ).toMatchObject({
      code: 400,
      msg: '物种「猕猴」的许可证(M-OLD)已于 2012-12-31 到期,不能登记该物种的个体或种群',
    });
    const tooMany = await submit({ movementType: 'die', animalType: 2, speciesId: deer, cageId: chain.cageId, dieDate: today, dieType: 1, maleQuantity: 50 });
    expect(tooMany.body.code).toBe(400);
    expect(tooMany.body.msg).toBe(
      (
        await t.request({
          method: 'POST',
          url: '/zoo-stockLog/stockLog/die_enroll',
          token: admin,
          body: { animalType: 2, speciesId: deer, cageId: chain.cageId, dieDate: today, dieType: 1, maleQuantity: 50 },
        })
      ).body.msg,
    );
    expect((await submit({ movementType: 'export', animalType: 2, speciesId: deer, cageId: chain.cageId, maleQuantity: 1 })).body).toMatchObject({
      code: 400,
      msg: '请选择输出日期',
    });
    for (const bad of [{}, { movementType: 'transfer' }, { movementType: 'reverse', animalType: 1 }]) {
      const res = await submit(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, msg: SUBMIT_TYPE_MSG });
    }
    expect(
      (await submit({ id: '123', movementType: 'born', animalType: 2, speciesId: deer, cageId: chain.cageId, bornDate: today, maleQuantity: 1 })).body,
    ).toMatchObject({ code: 400, msg: SUBMIT_EDIT_MSG });
    expect(await mfu(chain.cageId)).toEqual([2, 3, 0]);
  });

  it("holds the same rights as the movement's own call", async () => {
    const bornOnly = await userWith('born_clerk', ['stocklog_born']);
    const body = { movementType: 'born', animalType: 2, speciesId: deer, cageId: chain.cageId, bornDate: today, theyQuantity: 1 };
    expect((await submit(body, bornOnly)).body).toMatchObject({ success: true });
    const death = { movementType: 'die', animalType: 2, speciesId: deer, cageId: chain.cageId, dieDate: today, dieType: 1, theyQuantity: 1 };
    expect((await submit(death, bornOnly)).status).toBe(403);
    // An unknown type is a field message for who may book something, 403 for who may book nothing.
    expect((await submit({ movementType: 'x' }, bornOnly)).body.msg).toBe(SUBMIT_TYPE_MSG);
    const nobody = await userWith('reader', []);
    expect((await submit({ movementType: 'x' }, nobody)).status).toBe(403);
    expect((await submit(body, nobody)).status).toBe(403);
    expect(await mfu(chain.cageId)).toEqual([2, 3, 1]);
  });

  it("a disposition waits for the zoo's approval as its *_enroll call does", async () => {
    // Set through the parameter screen's call, so every cached reading of it is dropped.
    const param = await t.request({
      method: 'POST',
      url: '/blade-system/param/submit',
      token: await platformToken(t),
      body: { paramName: '存栏审批', paramKey: stockApprovalParamKey(ZOO), paramValue: 'zoo_stock_approval' },
    });
    expect(param.body.success, JSON.stringify(param.body)).toBe(true);
    const animal = await makeAnimal(t, admin, { speciesId: deer, sex: 2, cageId: chain.cageId });
    const res = await submit({ movementType: 'cancel', animalType: 1, speciesId: deer, animalId: animal, cancelDate: today, cancelType: 1 });
    expect(res.body).toMatchObject({ success: true, data: { ids: [], approval: { state: 'pending' } } });
    expect((await q(`select status from zoo_animal where id = $1`, [animal]))[0].status).toBe(1);
  });
});
