import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { makeAnimal, makeCageChain, platformToken, speciesId, uid, zooAdmin } from '../../../../test/zoo-fixtures';

/** The permit gates of decision 0040, through HTTP on PostgreSQL: exports, transfers, births beyond the licence. */

let t: TestApp;
let admin: string;
let panda: string;
let crane: string;
let cageId: string;
let today: string;

const ZOO = '340011';
const post = (token: string, url: string, body: Record<string, unknown>) => t.request({ method: 'POST', url, token, body });
const q = async (text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows;

async function permit(body: Record<string, unknown>, token = admin): Promise<string> {
  const permitNo = `P-${uid()}`;
  const res = await post(token, '/zoo-permit/permit/submit', {
    kind: 3,
    permitNo,
    issuingAuthority: '四川省林业和草原局',
    validFrom: '2024-01-01',
    validTo: '2099-12-31',
    lines: [{ speciesId: panda, quantity: 2 }],
    ...body,
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return (await q(`select id::text from zoo_permit where permit_no = $1`, [permitNo]))[0].id;
}
const pandaAnimal = (sex = 1) => makeAnimal(t, admin, { speciesId: panda, cageId, sex });
const exportOf = (animalId: string, extra: Record<string, unknown> = {}, token = admin) =>
  post(token, '/zoo-stockLog/stockLog/export_enroll', {
    animalType: 1,
    speciesId: panda,
    animalId,
    exportDate: today,
    exportType: 1,
    output: '成都大熊猫繁育研究基地',
    ...extra,
  });
const detail = async (id: string) => (await t.request({ url: '/zoo-permit/permit/detail', token: admin, query: { id } })).body.data;
const statusOf = async (animalId: string) => (await q(`select status from zoo_animal where id = $1`, [animalId]))[0].status as number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await zooAdmin(t, ZOO);
  await zooAdmin(t, '340012');
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  crane = await speciesId(t, 'Grus japonensis');
  const token = await platformToken(t);
  const lic = (s: string, approvedQuantity: number | null) => ({
    speciesId: s,
    licenceNo: `FY-${uid()}`,
    issuingAuthority: '国家林业和草原局',
    validFrom: '2020-01-01',
    validTo: '2099-12-31',
    approvedQuantity,
  });
  for (const zoo of [ZOO, '340012']) {
    const res = await post(token, '/blade-system/tenant/authspecies', { tenantId: zoo, species: [lic(panda, null), lic(crane, 3)] });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  }
  ({ cageId } = await makeCageChain(t, admin));
  today = (await q(`select to_char(current_date, 'YYYY-MM-DD') d`))[0].d;
});
afterAll(async () => t?.close());

describe('exports of a class I/II species', () => {
  it('is refused without a transport certificate, naming what is missing; nothing moves', async () => {
    const a = await pandaAnimal();
    const res = await exportOf(a);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`物种「大熊猫」为国家一级保护野生动物,输出须选择在 ${today} 有效、覆盖该物种1只的野生动物运输证明`);
    expect(await statusOf(a)).toBe(1);
  });

  it('is booked with a covering permit, which records the use and goes down', async () => {
    const p = await permit({});
    const a = await pandaAnimal();
    const res = await exportOf(a, { permitIds: [p] });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(await statusOf(a)).toBe(2);
    expect((await detail(p)).lines[0]).toMatchObject({ quantity: 2, used: 1, remaining: 1 });
    const uses = await t.request({ url: '/zoo-permit/permit/uses', token: admin, query: { permitId: p } });
    expect(uses.body.data).toEqual([
      expect.objectContaining({ speciesId: panda, quantity: 1, useDate: today, useKind: 'export', stockLogId: res.body.data.ids[0] }),
    ]);
  });

  it('refuses an expired, a not yet valid, a used-up and a wrong-species permit', async () => {
    const a = await pandaAnimal();
    const expired = await permit({ validFrom: '2020-01-01', validTo: '2021-06-30' });
    expect((await exportOf(a, { permitIds: [expired] })).body.msg).toContain('已于 2021-06-30 到期');
    const pending = await permit({ validFrom: '2099-01-01' });
    expect((await exportOf(a, { permitIds: [pending] })).body.msg).toContain('自 2099-01-01 起生效');
    const one = await permit({ lines: [{ speciesId: panda, quantity: 1 }] });
    expect((await exportOf(await pandaAnimal(), { permitIds: [one] })).body.success).toBe(true);
    const usedUp = await exportOf(a, { permitIds: [one] });
    expect(usedUp.status).toBe(400);
    expect(usedUp.body.msg).toContain('许可数量已用完');
    expect((await detail(one)).state).toBe('used');
    const cranes = await permit({ lines: [{ speciesId: crane, quantity: 5 }] });
    expect((await exportOf(a, { permitIds: [cranes] })).body.msg).toContain('不含物种「大熊猫」');
    const licence = (await q(`select id::text from zoo_permit where kind = 1 and tenant_id = $1 limit 1`, [ZOO]))[0].id;
    expect((await exportOf(a, { permitIds: [licence] })).body.msg).toContain('不能作为输出的运输或进出口证件');
    expect(await statusOf(a)).toBe(1);
  });

  it('abroad needs a CITES document with matching purpose and source codes', async () => {
    const transport = await permit({});
    const a = await pandaAnimal();
    const abroad = { crossBorder: true, purposeCode: 'S', sourceCode: 'C' };
    expect((await exportOf(a, { ...abroad, permitIds: [transport] })).body.msg).toContain('列入CITES附录I,出境须选择CITES出口许可证');
    expect((await exportOf(a, { crossBorder: true, permitIds: [transport] })).body.msg).toBe('出境输出须填写CITES交易目的代码');
    const cites = await permit({ kind: 4, purposeCode: 'Z', sourceCode: 'C' });
    const wrong = await exportOf(a, { ...abroad, permitIds: [transport, cites] });
    expect(wrong.body.msg).toContain('交易目的代码为 Z,与本次输出的 S 不符');
    const ok = await exportOf(a, { ...abroad, purposeCode: 'Z', permitIds: [transport, cites] });
    expect(ok.body.success, JSON.stringify(ok.body)).toBe(true);
    // Both documents covered the animal: both went down.
    expect((await detail(cites)).lines[0].used).toBe(1);
    expect((await detail(transport)).lines[0].used).toBe(1);
  });

  it('lets exactly one of two parallel exports take the last unit', async () => {
    const p = await permit({ lines: [{ speciesId: panda, quantity: 1 }] });
    const [a, b] = [await pandaAnimal(), await pandaAnimal()];
    const answers = await Promise.all([exportOf(a, { permitIds: [p] }), exportOf(b, { permitIds: [p] })]);
    expect(answers.filter((r) => r.body.success)).toHaveLength(1);
    expect(answers.find((r) => !r.body.success)!.body.msg).toContain('许可数量已用完');
    expect((await q(`select coalesce(sum(quantity), 0)::int n from zoo_permit_use where permit_id = $1 and is_deleted = 0`, [p]))[0].n).toBe(1);
    expect([await statusOf(a), await statusOf(b)].sort()).toEqual([1, 2]);
  });
});

describe('outgoing transfers', () => {
  it('need a transport certificate; a withdrawal gives the quantity back', async () => {
    const a = await pandaAnimal();
    const body = { toTenantId: '340012', animalType: 1, speciesId: panda, animalId: a, transferDate: today };
    const refused = await post(admin, '/zoo-transfer/transferLog/submit', body);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('转移须选择');
    const p = await permit({ lines: [{ speciesId: panda, quantity: 1 }] });
    const ok = await post(admin, '/zoo-transfer/transferLog/submit', { ...body, permitIds: [p] });
    expect(ok.body.success, JSON.stringify(ok.body)).toBe(true);
    const transferId = (await q(`select id::text from zoo_transfer_log where animal_id = $1`, [a]))[0].id;
    expect((await q(`select transfer_id::text from zoo_permit_use where permit_id = $1 and is_deleted = 0`, [p]))[0].transfer_id).toBe(transferId);
    expect((await detail(p)).state).toBe('used');
    expect((await post(admin, `/zoo-transfer/transferLog/remove?ids=${transferId}`, {})).body.success).toBe(true);
    expect((await detail(p)).lines[0].remaining).toBe(1);
  });
});

describe("births beyond the licence's approved quantity", () => {
  const born = (token: string, cage: string, n: number) =>
    post(token, '/zoo-stockLog/stockLog/born_enroll', { animalType: 2, speciesId: crane, cageId: cage, bornDate: today, theyQuantity: n });

  it('warn by default: booked, the warning in the answer and on the ledger row', async () => {
    const ok = await born(admin, cageId, 2);
    expect(ok.body.success).toBe(true);
    expect(ok.body.data.warnings).toBeUndefined();
    const over = await born(admin, cageId, 2);
    expect(over.body.success).toBe(true);
    expect(over.body.data.warnings).toEqual([expect.stringMatching(/^物种「丹顶鹤」存栏将达4只,超过许可证\(FY-\w+\)核准数量3只$/)]);
    expect((await q(`select remark from zoo_stock_log where id = $1`, [over.body.data.ids[0]]))[0].remark).toContain('超过许可证');
  });

  it('the registry form (submit without 出生/引进登记) is an import and is noted too', async () => {
    const id = await makeAnimal(t, admin, { speciesId: crane, cageId, sex: 2 });
    const [row] = await q(`select remark from zoo_stock_log where animal_id = $1`, [id]);
    expect(row.remark).toMatch(/^档案登记.*; 物种「丹顶鹤」存栏将达\d+只,超过许可证\(FY-\w+\)核准数量3只$/);
  });

  it('refuse when the zoo says so (zoo.permit.overQuota.<zoo> = refuse)', async () => {
    await q(`insert into blade_param (param_name, param_key, param_value) values ('超出核准数量', 'zoo.permit.overQuota.340012', 'refuse')`);
    const token = await t.login('adm340012', 'pw', '340012');
    const cage = (await makeCageChain(t, token)).cageId;
    const over = await born(token, cage, 4);
    expect(over.status).toBe(400);
    expect(over.body.msg).toContain('核准数量3只');
    expect((await q(`select count(*)::int n from zoo_stock_log where tenant_id = '340012'`))[0].n).toBe(0);
    // The registry form's population with counts is refused the same way, and nothing is kept.
    const registry = await post(token, '/zoo-population/population/submit', { speciesId: crane, cageId: cage, theyQuantity: 4 });
    expect(registry.status).toBe(400);
    expect(registry.body.msg).toContain('核准数量3只');
    expect((await q(`select count(*)::int n from zoo_population where tenant_id = '340012' and is_deleted = 0`))[0].n).toBe(0);
  });
});

describe('a reversed export', () => {
  it('gives the permit back what it used', async () => {
    const p = await permit({ lines: [{ speciesId: panda, quantity: 1 }] });
    const res = await exportOf(await pandaAnimal(), { permitIds: [p] });
    expect((await detail(p)).state).toBe('used');
    const rev = await t.request({ method: 'POST', url: '/zoo-stockLog/stockLog/remove', token: admin, query: { ids: res.body.data.ids[0] } });
    expect(rev.body.success, JSON.stringify(rev.body)).toBe(true);
    expect((await detail(p)).lines[0]).toMatchObject({ used: 0, remaining: 1 });
  });
});

describe('sex-specific permit lines', () => {
  it('a line stating a sex covers only animals of that sex', async () => {
    const males = await permit({ lines: [{ speciesId: panda, sex: 1, quantity: 1 }] });
    const female = await pandaAnimal(2);
    const refused = await exportOf(female, { permitIds: [males] });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^许可证「P-\w+」的物种「大熊猫」许可为雄性1只,可用于雌性的仅剩0只,本次输出1只雌性$/);
    expect(await statusOf(female)).toBe(1);
    const male = await exportOf(await pandaAnimal(1), { permitIds: [males] });
    expect(male.body.success, JSON.stringify(male.body)).toBe(true);
    expect((await detail(males)).lines[0]).toMatchObject({ sex: 1, quantity: 1, used: 1, remaining: 0 });
  });

  it('each sex takes its own line first, then the any-sex line; the lines show it', async () => {
    const p = await permit({
      lines: [
        { speciesId: panda, sex: 1, quantity: 1 },
        { speciesId: panda, sex: 0, quantity: 1 },
      ],
    });
    // A female takes the any-sex line: a second female finds nothing for her sex, though a male line is left.
    expect((await exportOf(await pandaAnimal(2), { permitIds: [p] })).body.success).toBe(true);
    const second = await exportOf(await pandaAnimal(2), { permitIds: [p] });
    expect(second.body.msg).toContain('许可为雄性1只、不限性别1只,可用于雌性的仅剩0只,本次输出1只雌性');
    expect((await detail(p)).lines.map((l: any) => [l.sex, l.used, l.remaining])).toEqual([
      [1, 0, 1],
      [0, 1, 0],
    ]);
    expect((await exportOf(await pandaAnimal(1), { permitIds: [p] })).body.success).toBe(true);
    expect((await detail(p)).state).toBe('used');
    // The lines may not be edited so that the uses (a male, a female) no longer fit.
    const d = await detail(p);
    const edit = await post(admin, '/zoo-permit/permit/submit', {
      ...d,
      lines: [{ speciesId: panda, sex: 2, quantity: 2 }],
    });
    expect(edit.status).toBe(400);
    expect(edit.body.msg).toBe('物种「大熊猫」已使用雄性1只、雌性1只,修改后的性别许可行不能覆盖已使用数量');
  });

  // After the births above: the cranes born here are the zoo's (their quota is tested there).
  it('holds for transfers and population heads counted M.F.U', async () => {
    const males = await permit({ lines: [{ speciesId: crane, sex: 1, quantity: 2 }] });
    const heads = await post(admin, '/zoo-stockLog/stockLog/born_enroll', {
      animalType: 2,
      speciesId: crane,
      cageId,
      bornDate: today,
      maleQuantity: 1,
      femaleQuantity: 1,
    });
    expect(heads.body.success, JSON.stringify(heads.body)).toBe(true);
    const body = { toTenantId: '340012', animalType: 2, speciesId: crane, cageId, transferDate: today, permitIds: [males] };
    const mixed = await post(admin, '/zoo-transfer/transferLog/submit', { ...body, maleQuantity: 1, femaleQuantity: 1 });
    expect(mixed.status).toBe(400);
    expect(mixed.body.msg).toContain('可用于雌性的仅剩0只,本次转移1只雌性');
    const ok = await post(admin, '/zoo-transfer/transferLog/submit', { ...body, maleQuantity: 1 });
    expect(ok.body.success, JSON.stringify(ok.body)).toBe(true);
    expect((await detail(males)).lines[0]).toMatchObject({ used: 1, remaining: 1 });
  });
});

describe('an accepted transfer is an import for the receiver', () => {
  it("beyond the receiver's approved quantity: refused by its parameter, else let through with a warning", async () => {
    const covering = await permit({ lines: [{ speciesId: crane, quantity: 10 }] });
    const born = await post(admin, '/zoo-stockLog/stockLog/born_enroll', { animalType: 2, speciesId: crane, cageId, bornDate: today, theyQuantity: 8 });
    expect(born.body.success, JSON.stringify(born.body)).toBe(true);
    const token = await platformToken(t);
    const warnZoo = '340013';
    const warnAdmin = await zooAdmin(t, warnZoo);
    const lic = {
      speciesId: crane,
      licenceNo: `FY-${uid()}`,
      issuingAuthority: '国家林业和草原局',
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
      approvedQuantity: 3,
    };
    expect((await post(token, '/blade-system/tenant/authspecies', { tenantId: warnZoo, species: [lic] })).body.success).toBe(true);
    const send = async (toTenantId: string) => {
      const res = await post(admin, '/zoo-transfer/transferLog/submit', {
        toTenantId,
        animalType: 2,
        speciesId: crane,
        cageId,
        transferDate: today,
        theyQuantity: 4,
        permitIds: [covering],
      });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      return (await q(`select id::text from zoo_transfer_log where tenant_id = $1 and to_tenant_id = $2 order by id desc limit 1`, [ZOO, toTenantId]))[0].id;
    };
    const accept = async (receiver: string, id: string) =>
      post(receiver, '/zoo-transfer/transferLog/confirm', { id, status: 1, transferOpinion: '同意', toCageId: (await makeCageChain(t, receiver)).cageId });

    const refuseAdmin = await t.login('adm340012', 'pw', '340012');
    const refused = await accept(refuseAdmin, await send('340012'));
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^物种「丹顶鹤」存栏将达\d+只,超过许可证\(FY-\w+\)核准数量3只$/);
    const id = await send(warnZoo);
    const warned = await accept(warnAdmin, id);
    expect(warned.body.success, JSON.stringify(warned.body)).toBe(true);
    expect(warned.body.data.warnings).toEqual(['物种「丹顶鹤」存栏将达4只,超过许可证(' + lic.licenceNo + ')核准数量3只']);
    const [row] = await q(`select l.remark from zoo_stock_log l join zoo_transfer_log t on t.import_log_id = l.id where t.id = $1`, [id]);
    expect(row.remark).toContain('超过许可证');
  });
});
