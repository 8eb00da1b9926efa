import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { seedBizDicts } from '../src/seed/biz-dicts';
import { inTenant } from '../src/platform/tenancy/tenant-tx';
import type { TestApp } from './harness';
import { authorise, coverOutgoing, covered, makeAnimal, makeCageChain, makePark, makePopulation, makeVenue, speciesId, uid } from './zoo-fixtures';

export interface IsolationFixture {
  /**
   * A valid submit (or create) body for a new row, created as tenant A (may create prerequisites through the
   * API). Resources with neither verb (logs, the audit trail) give `seed` instead.
   */
  create?(t: TestApp, tokenA: string): Promise<Record<string, unknown>>;
  /** Makes tenant A hold at least one matching row by other means (a request that logs, a change that audits). */
  seed?(t: TestApp, tokenA: string): Promise<void>;
  /** Finds the created row in tenant A's list. */
  match(row: Record<string, unknown>): boolean;
  /** Fields the row must still have after tenant B's attempts. */
  unchanged?: Record<string, unknown>;
  /**
   * Token that submits the body when the resource's writes belong to the platform administrator (tenant rows);
   * the row must still be tenant A's. Defaults to tenant A's admin.
   */
  writer?(t: TestApp): Promise<string>;
}

const plain = (body: Record<string, unknown>, key: string): IsolationFixture => ({
  create: async () => body,
  match: (row) => row[key] === body[key],
  unchanged: { [key]: body[key] },
});

// Zoo fixtures: tenant A is 200001 (see tenant-isolation.test.ts); names are unique per run.
const TENANT_A = '200001';
const tag = uid();
const PANDA = 'Ailuropoda melanoleuca';
const DEER = 'Cervus nippon';

async function licensed(t: TestApp): Promise<void> {
  await authorise(t, TENANT_A, [{ latin: PANDA }, { latin: DEER }]);
}

/** One planned feeding of a food of tenant A's dictionary (seeded for every tenant that has none). */
async function bambooA(t: TestApp): Promise<Array<Record<string, unknown>>> {
  await inTenant(t.database.db, { tenantId: '000000', audit: false, allTenants: true }, seedBizDicts);
  return [{ time: '08:00', foodKey: 'bamboo', amount: 5, unit: 'kg' }];
}

/** One tenant-A animal per call, in a fresh cage (so fixtures never collide). */
async function animalA(t: TestApp, token: string): Promise<{ animalId: string; cageId: string }> {
  await licensed(t);
  const { cageId } = await makeCageChain(t, token);
  const animalId = await makeAnimal(t, token, { speciesId: await speciesId(t, PANDA), cageId, sex: 1 });
  return { animalId, cageId };
}

/** A tenant-A panda female (oestrus and breeding records are hers). */
async function femaleA(t: TestApp, token: string): Promise<string> {
  await licensed(t);
  const { cageId } = await makeCageChain(t, token);
  return makeAnimal(t, token, { speciesId: await speciesId(t, PANDA), cageId, sex: 2 });
}

/** A tenant-A panda female paired in spring 2024 (pregnancies and litters follow a breeding). */
async function bredA(t: TestApp, token: string): Promise<string> {
  const femaleId = await femaleA(t, token);
  const res = await t.request({
    method: 'POST',
    url: '/zoo-breeding/event/submit',
    token,
    body: { femaleId, kind: 1, eventDate: '2024-04-10', sireIds: [(await animalA(t, token)).animalId] },
  });
  if (!res.body.success) throw new Error(JSON.stringify(res.body));
  return femaleId;
}

const zooFixtures: Record<string, IsolationFixture> = {
  park: {
    create: async () => ({ parkName: `隔离园区${tag}`, address: '甲园路1号' }),
    match: (r) => r.parkName === `隔离园区${tag}`,
    unchanged: { parkName: `隔离园区${tag}`, address: '甲园路1号' },
  },
  venue: {
    create: async (t, token) => ({ parkId: await makePark(t, token), venueName: `隔离场馆${tag}` }),
    match: (r) => r.venueName === `隔离场馆${tag}`,
    unchanged: { venueName: `隔离场馆${tag}` },
  },
  venue_contacts: {
    create: async (t, token) => ({ venueId: await makeVenue(t, token, await makePark(t, token)), contactName: `联系人${tag}`, phone: '13912345678' }),
    match: (r) => r.contactName === `联系人${tag}`,
    unchanged: { contactName: `联系人${tag}`, phone: '13912345678' },
  },
  cage: {
    create: async (t, token) => ({ venueId: (await makeCageChain(t, token)).venueId, cageCode: `ISO-${tag}`, cageName: '隔离笼舍', cageType: 1 }),
    match: (r) => r.cageCode === `ISO-${tag}`,
    unchanged: { cageCode: `ISO-${tag}`, cageName: '隔离笼舍' },
  },
  cage_breeder: {
    create: async (t, token) => {
      const { rows } = await t.sql.query(`select id::text from blade_user where tenant_id = $1 and account = 'a_admin'`, [TENANT_A]);
      return { cageId: (await makeCageChain(t, token)).cageId, userId: rows[0].id, remark: `饲养分配${tag}` };
    },
    match: (r) => r.remark === `饲养分配${tag}`,
    unchanged: { remark: `饲养分配${tag}` },
  },
  animal: {
    create: async (t) => {
      await licensed(t);
      return { speciesId: await speciesId(t, PANDA), localNo: `ISO-${tag}`, animalName: '隔离熊猫', sex: 2 };
    },
    match: (r) => r.localNo === `ISO-${tag}`,
    unchanged: { localNo: `ISO-${tag}`, animalName: '隔离熊猫', sex: 2 },
  },
  animal_flag: {
    create: async (t, token) => ({ animalId: (await animalA(t, token)).animalId, type: 1, code: '156000999000001' }),
    match: (r) => r.code === '156000999000001',
    unchanged: { code: '156000999000001', version: 1, current: true },
  },
  population: {
    create: async (t, token) => {
      await licensed(t);
      const { cageId } = await makeCageChain(t, token);
      return { speciesId: await speciesId(t, DEER), cageId, populationName: `隔离鹿群${tag}`, maleQuantity: 2, femaleQuantity: 3 };
    },
    match: (r) => r.populationName === `隔离鹿群${tag}`,
    unchanged: { populationName: `隔离鹿群${tag}`, maleQuantity: 2, femaleQuantity: 3, theyQuantity: 0 },
  },
  stocklog: {
    // Append-only: rows come from a movement; tenant B's `remove` (a reversal) must not reach them.
    seed: async (t, token) => {
      await licensed(t);
      const { cageId } = await makeCageChain(t, token);
      const res = await t.request({
        method: 'POST',
        url: '/zoo-stockLog/stockLog/born_enroll',
        token,
        body: { animalType: 2, speciesId: await speciesId(t, DEER), cageId, bornDate: '2025-03-01', maleQuantity: 2, remark: `隔离变动${tag}` },
      });
      if (!res.body.success) throw new Error(JSON.stringify(res.body));
    },
    match: (r) => r.remark === `隔离变动${tag}`,
    unchanged: { movementType: 'born', maleQuantity: 2, remark: `隔离变动${tag}`, reversalId: '' },
  },
  transfer: {
    // Sent by tenant A to a third zoo: B is no party, so it must neither see, confirm nor withdraw it.
    create: async (t, token) => {
      await t.sql.query(`insert into blade_tenant (tenant_id, tenant_name) values ('200003', '第三动物园') on conflict (tenant_id) do nothing`);
      const { animalId } = await animalA(t, token);
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      // A class I animal travels with a transport certificate (decision 0040).
      await coverOutgoing(t, token, [await speciesId(t, PANDA)]);
      return covered(token, {
        toTenantId: '200003',
        animalType: 1,
        speciesId: await speciesId(t, PANDA),
        animalId,
        transferDate: today,
        remark: `隔离转移${tag}`,
      });
    },
    match: (r) => r.remark === `隔离转移${tag}`,
    unchanged: { remark: `隔离转移${tag}`, transferStatus: 0, direction: 'out' },
  },
  population_animal: {
    create: async (t, token) => {
      const { animalId, cageId } = await animalA(t, token);
      const populationId = await makePopulation(t, token, { speciesId: await speciesId(t, PANDA), cageId });
      return { populationId, animalId, remark: `成员${tag}` };
    },
    match: (r) => r.remark === `成员${tag}`,
    unchanged: { remark: `成员${tag}` },
  },
  basiclog: {
    create: async (t, token) => ({ animalId: (await animalA(t, token)).animalId, logDate: '2024-03-01', remark: `日志${tag}` }),
    match: (r) => r.remark === `日志${tag}`,
    unchanged: { remark: `日志${tag}`, logDate: '2024-03-01' },
  },
  // Diet plans and feedings (decision 0046).
  diet_plan: {
    create: async (t, token) => ({
      animalId: (await animalA(t, token)).animalId,
      effectiveFrom: '2024-03-01',
      remark: `隔离计划${tag}`,
      feedings: await bambooA(t),
    }),
    match: (r) => r.remark === `隔离计划${tag}`,
    unchanged: { remark: `隔离计划${tag}`, effectiveFrom: '2024-03-01' },
  },
  diet_feeding: {
    create: async (t, token) => {
      const animalId = (await animalA(t, token)).animalId;
      const res = await t.request({
        method: 'POST',
        url: '/zoo/diet/submit',
        token,
        body: { animalId, effectiveFrom: '2024-03-01', feedings: await bambooA(t) },
      });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      const { rows } = await t.sql.query(`select id::text from zoo_diet_plan where animal_id = $1`, [animalId]);
      return { planId: rows[0].id, feedingNo: 1, feedDate: '2024-03-02', refused: 1, refuseReason: `隔离拒食${tag}` };
    },
    match: (r) => r.refuseReason === `隔离拒食${tag}`,
    unchanged: { refuseReason: `隔离拒食${tag}`, feedDate: '2024-03-02' },
  },
  feedback: {
    create: async () => ({ title: `隔离反馈${tag}`, content: '甲园的反馈' }),
    match: (r) => r.title === `隔离反馈${tag}`,
    unchanged: { title: `隔离反馈${tag}`, content: '甲园的反馈' },
  },
  report_list: {
    create: async () => ({ name: `隔离报表${tag}`, design: { dataset: 'users', columns: ['account', 'realName'] } }),
    match: (r) => r.name === `隔离报表${tag}`,
    unchanged: { name: `隔离报表${tag}`, dataset: 'users' },
  },
  biz_attach: {
    // Links must be objects of this product's storage under the tenant's own keys.
    create: async (t, token) => ({ bizType: 'park', bizId: await makePark(t, token), link: ownLink(token), originalName: `园区规划${tag}.pdf` }),
    match: (r) => r.originalName === `园区规划${tag}.pdf`,
    unchanged: { originalName: `园区规划${tag}.pdf` },
  },
};

/** Veterinary care (decision 0038): the formulary, weights, cases and treatments of tenant A. */
async function submitted(t: TestApp, token: string, url: string, body: Record<string, unknown>, table: string): Promise<string> {
  const res = await t.request({ method: 'POST', url, token, body });
  if (!res.body.success) throw new Error(`${url}: ${JSON.stringify(res.body)}`);
  const { rows } = await t.sql.query(`select id::text from ${table} where tenant_id = $1 order by id desc limit 1`, [TENANT_A]);
  return rows[0].id;
}
const vetCase = async (t: TestApp, token: string) =>
  submitted(
    t,
    token,
    '/zoo-medical/case/submit',
    { animalId: (await animalA(t, token)).animalId, openDate: '2024-03-01', complaint: `隔离病例前置${tag}` },
    'zoo_med_case',
  );
const vetDrug = (t: TestApp, token: string) =>
  submitted(t, token, '/zoo-medical/drug/submit', { drugName: `隔离药品前置${tag}`, form: 1, concentration: 5, doseMin: 0.1, doseMax: 0.2 }, 'zoo_med_drug');

const vetFixtures: Record<string, IsolationFixture> = {
  vet_drug: {
    create: async () => ({ drugName: `隔离药品${tag}`, form: 1, concentration: 10, doseMin: 1, doseMax: 2 }),
    match: (r) => r.drugName === `隔离药品${tag}`,
    unchanged: { drugName: `隔离药品${tag}`, concentration: 10 },
  },
  vet_weight: {
    create: async (t, token) => ({ animalId: (await animalA(t, token)).animalId, weighDate: '2024-03-01', weight: 101.5, remark: `隔离体重${tag}` }),
    match: (r) => r.remark === `隔离体重${tag}`,
    unchanged: { remark: `隔离体重${tag}`, weightKg: 101.5 },
  },
  vet_case: {
    create: async (t, token) => ({ animalId: (await animalA(t, token)).animalId, openDate: '2024-03-01', complaint: `隔离病例${tag}` }),
    match: (r) => r.complaint === `隔离病例${tag}`,
    unchanged: { complaint: `隔离病例${tag}`, caseStatus: 1 },
  },
  vet_vaccination: {
    create: async (t, token) => ({ animalId: (await animalA(t, token)).animalId, product: `隔离疫苗${tag}`, givenDate: '2024-03-01', nextDue: '2025-03-01' }),
    match: (r) => r.product === `隔离疫苗${tag}`,
    unchanged: { product: `隔离疫苗${tag}`, nextDue: '2025-03-01' },
  },
  vet_lab: {
    create: async (t, token) => ({
      animalId: (await animalA(t, token)).animalId,
      sampleDate: '2024-03-01',
      sampleType: 2,
      testName: `隔离检验${tag}`,
      value: 5.2,
      refLow: 3.9,
      refHigh: 6.1,
    }),
    match: (r) => r.testName === `隔离检验${tag}`,
    unchanged: { testName: `隔离检验${tag}`, value: 5.2, flag: 0 },
  },
  vet_anaesthesia: {
    create: async (t, token) => {
      const { animalId } = await animalA(t, token);
      await submitted(t, token, '/zoo-medical/weight/submit', { animalId, weighDate: '2024-03-01', weight: 100 }, 'zoo_med_weight');
      return { animalId, procDate: '2024-03-02', procedure: `隔离麻醉${tag}`, delivery: 1, agents: [{ drugId: await vetDrug(t, token), doseMgKg: 0.1 }] };
    },
    match: (r) => r.procedure === `隔离麻醉${tag}`,
    unchanged: { procedure: `隔离麻醉${tag}`, weightKg: 100 },
  },
  vet_treatment: {
    create: async (t, token) => {
      const caseId = await vetCase(t, token);
      const { rows } = await t.sql.query(`select animal_id::text from zoo_med_case where id = $1`, [caseId]);
      await submitted(t, token, '/zoo-medical/weight/submit', { animalId: rows[0].animal_id, weighDate: '2024-03-01', weight: 100 }, 'zoo_med_weight');
      return { caseId, drugId: await vetDrug(t, token), doseMgKg: 0.15, route: 1, startDate: '2024-03-02', remark: `隔离处方${tag}` };
    },
    match: (r) => r.remark === `隔离处方${tag}`,
    unchanged: { remark: `隔离处方${tag}`, doseMg: 15, amount: 3 },
  },
  vet_quarantine: {
    create: async (t, token) => {
      // A quarantine is kept in a 隔离检疫 cage (cage type 6).
      const { animalId, cageId } = await animalA(t, token);
      await t.sql.query(`update zoo_cage set cage_type = 6 where id = $1`, [cageId]);
      return { animalId, startDate: '2024-03-01', days: 30, remark: `隔离检疫${tag}` };
    },
    match: (r) => r.remark === `隔离检疫${tag}`,
    unchanged: { remark: `隔离检疫${tag}`, days: 30, quarantineStatus: 1 },
  },
  vet_necropsy: {
    create: async (t, token) => {
      const { animalId } = await animalA(t, token);
      const today = (await t.sql.query(`select to_char(current_date, 'YYYY-MM-DD') as d`)).rows[0].d as string;
      const died = await t.request({
        method: 'POST',
        url: '/zoo-stockLog/stockLog/die_enroll',
        token,
        body: { animalType: 1, speciesId: await speciesId(t, PANDA), animalId, dieDate: today, dieType: 1 },
      });
      if (!died.body.success) throw new Error(`die_enroll: ${JSON.stringify(died.body)}`);
      return {
        stockLogId: died.body.data.ids[0],
        necropsyDate: today,
        findings: '心肌出血',
        causeOfDeath: `隔离剖检${tag}`,
        disposal: 1,
        disposalRecord: '焚烧记录',
        authorityRef: '林护〔2024〕1号',
      };
    },
    match: (r) => r.causeOfDeath === `隔离剖检${tag}`,
    unchanged: { causeOfDeath: `隔离剖检${tag}`, disposal: 1 },
  },
  vet_administration: {
    create: async (t, token) => {
      const caseId = await vetCase(t, token);
      const { rows } = await t.sql.query(`select animal_id::text from zoo_med_case where id = $1`, [caseId]);
      await submitted(t, token, '/zoo-medical/weight/submit', { animalId: rows[0].animal_id, weighDate: '2024-03-01', weight: 100 }, 'zoo_med_weight');
      const body = { caseId, drugId: await vetDrug(t, token), doseMgKg: 0.15, route: 1, startDate: '2024-03-02', durationDays: 2 };
      const treatmentId = await submitted(t, token, '/zoo-medical/treatment/submit', body, 'zoo_med_treatment');
      return { treatmentId, dueDate: '2024-03-02', slot: 1, adminStatus: 1, remark: `隔离给药${tag}` };
    },
    match: (r) => r.remark === `隔离给药${tag}`,
    unchanged: { remark: `隔离给药${tag}`, adminStatus: 1 },
  },
  vet_group_treatment: {
    create: async (t, token) => {
      await licensed(t);
      const { cageId } = await makeCageChain(t, token);
      const populationId = await makePopulation(t, token, { speciesId: await speciesId(t, DEER), cageId, maleQuantity: 5 });
      return { populationId, drugId: await vetDrug(t, token), treatDate: '2024-03-01', countTreated: 5, route: 4, doseText: `隔离群体${tag}` };
    },
    match: (r) => r.doseText === `隔离群体${tag}`,
    unchanged: { doseText: `隔离群体${tag}`, countTreated: 5 },
  },
  vet_lab_ref: {
    create: async (t) => {
      await licensed(t);
      return { speciesId: await speciesId(t, PANDA), testName: `隔离区间${tag}`, unit: 'g/L', refLow: 110, refHigh: 160 };
    },
    match: (r) => r.testName === `隔离区间${tag}`,
    unchanged: { testName: `隔离区间${tag}`, refLow: 110, refHigh: 160 },
  },
  vet_weight_ref: {
    create: async (t) => {
      await licensed(t);
      return { speciesId: await speciesId(t, PANDA), ageDays: 400 + Math.floor(Math.random() * 30_000), weightKg: 12.5, source: `隔离参考${tag}` };
    },
    match: (r) => r.source === `隔离参考${tag}`,
    unchanged: { source: `隔离参考${tag}`, weightKg: 12.5 },
  },
  breed_oestrus: {
    create: async (t, token) => ({ animalId: await femaleA(t, token), obsDate: '2024-03-20', signs: [1, 2], oestrogen: 42.5, remark: `隔离发情${tag}` }),
    match: (r) => r.remark === `隔离发情${tag}`,
    unchanged: { remark: `隔离发情${tag}`, oestrogen: 42.5 },
  },
  breed_semen: {
    create: async (t) => {
      await licensed(t);
      return { sampleNo: `隔离精液${tag}`, speciesId: await speciesId(t, PANDA), donorName: '外园供体', collectDate: '2024-03-01', straws: 4 };
    },
    match: (r) => r.sampleNo === `隔离精液${tag}`,
    unchanged: { sampleNo: `隔离精液${tag}`, straws: 4 },
  },
  breed_event: {
    create: async (t, token) => ({
      femaleId: await femaleA(t, token),
      kind: 1,
      eventDate: '2024-03-28',
      sireIds: [(await animalA(t, token)).animalId],
      copulations: 2,
      remark: `隔离配种${tag}`,
    }),
    match: (r) => r.remark === `隔离配种${tag}`,
    unchanged: { remark: `隔离配种${tag}`, copulations: 2 },
  },
  breed_pregnancy: {
    create: async (t, token) => ({ femaleId: await bredA(t, token), checkDate: '2024-07-20', method: 1, pregStatus: 2, remark: `隔离妊娠${tag}` }),
    match: (r) => r.remark === `隔离妊娠${tag}`,
    unchanged: { remark: `隔离妊娠${tag}`, pregStatus: 2 },
  },
  breed_litter: {
    create: async (t, token) => {
      const damId = await bredA(t, token);
      const { cageId } = await makeCageChain(t, token);
      return { damId, birthDate: '2024-08-20', cageId, cubs: [{ localNo: `ISO-CUB-${tag}`, sex: 1 }], remark: `隔离产仔${tag}` };
    },
    match: (r) => r.remark === `隔离产仔${tag}`,
    unchanged: { remark: `隔离产仔${tag}`, stillborn: 0 },
  },
  breed_cub_log: {
    create: async (t, token) => {
      const damId = await bredA(t, token);
      const { cageId } = await makeCageChain(t, token);
      const localNo = `ISO-CL-${uid()}`;
      const res = await t.request({
        method: 'POST',
        url: '/zoo-breeding/litter/submit',
        token,
        body: { damId, birthDate: '2024-08-20', cageId, cubs: [{ localNo, sex: 2 }], rearing: 3 },
      });
      if (!res.body.success) throw new Error(JSON.stringify(res.body));
      const cubId = (await t.sql.query(`select id::text from zoo_animal where local_no = $1`, [localNo])).rows[0].id as string;
      return { cubId, logTime: '2024-08-21 08:00:00', kind: 1, feedType: 2, volumeMl: 12, remark: `隔离喂养${tag}` };
    },
    match: (r) => r.remark === `隔离喂养${tag}`,
    unchanged: { remark: `隔离喂养${tag}`, volumeMl: 12 },
  },
  breed_egg: {
    // A tenant-A crane clutch (eggs laid, none hatched yet) and one egg of it.
    create: async (t, token) => {
      await authorise(t, TENANT_A, [{ latin: 'Grus japonensis' }]);
      const crane = await speciesId(t, 'Grus japonensis');
      const { cageId } = await makeCageChain(t, token);
      const hen = await makeAnimal(t, token, { speciesId: crane, cageId, sex: 2 });
      const cock = await makeAnimal(t, token, { speciesId: crane, cageId, sex: 1 });
      const ev = await t.request({
        method: 'POST',
        url: '/zoo-breeding/event/submit',
        token,
        body: { femaleId: hen, kind: 1, eventDate: '2024-04-01', sireIds: [cock] },
      });
      if (!ev.body.success) throw new Error(JSON.stringify(ev.body));
      const remark = `隔离窝卵${tag}`;
      const l = await t.request({
        method: 'POST',
        url: '/zoo-breeding/litter/submit',
        token,
        body: { damId: hen, birthDate: '2024-04-05', cageId, cubs: [], rearing: 5, eggsLaid: 2, remark },
      });
      if (!l.body.success) throw new Error(JSON.stringify(l.body));
      const litterId = (await t.sql.query(`select id::text from zoo_breed_litter where remark = $1`, [remark])).rows[0].id as string;
      return { litterId, laidDate: '2024-04-05', remark: `隔离卵${tag}` };
    },
    match: (r) => r.remark === `隔离卵${tag}`,
    unchanged: { remark: `隔离卵${tag}`, eggNo: 1 },
  },
  breed_contra: {
    create: async (t, token) => ({ animalId: await femaleA(t, token), method: 1, startDate: '2024-01-10', remark: `隔离避孕${tag}` }),
    match: (r) => r.remark === `隔离避孕${tag}`,
    unchanged: { remark: `隔离避孕${tag}`, method: 1 },
  },
};

/** Permits (decision 0040). */
const permitFixtures: Record<string, IsolationFixture> = {
  permit: {
    create: async (t) => ({
      kind: 3,
      permitNo: `ISO-${tag}`,
      issuingAuthority: '隔离发证机关',
      validFrom: '2024-01-01',
      lines: [{ speciesId: await speciesId(t, PANDA), quantity: 2 }],
    }),
    match: (r) => r.permitNo === `ISO-${tag}`,
    unchanged: { permitNo: `ISO-${tag}`, issuingAuthority: '隔离发证机关' },
  },
};

/** A well-formed link of the built-in storage for the token's tenant (no file needed: only the form is checked). */
function ownLink(token: string): string {
  const tenant = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).tenant_id as string;
  return `/api/blade-resource/oss/endpoint/file/upload/${tenant}/20260101/${randomUUID()}.pdf`;
}

/** Read-only resources: tenant A's rows come from what tenant A does (requests, changes). */
const readonlyFixtures: Record<string, IsolationFixture> = {
  log_api: {
    seed: async (t, token) => void (await t.request({ url: '/blade-desk/countinfo', token })),
    match: (r) => r.tenantId === TENANT_A,
  },
  log_error: {
    seed: async (t, token) =>
      void (await t.request({
        method: 'POST',
        url: '/blade-auth/oauth/logout',
        token,
        body: [{ type: 'error', url: '/iso', message: `隔离${tag}`, stack: '', info: '', time: '' }],
      })),
    match: (r) => r.tenantId === TENANT_A,
  },
  log_usual: {
    seed: async (t) => void (await t.sql.query(`insert into blade_log_usual (tenant_id, log_id, log_data) values ($1, 'iso', $2)`, [TENANT_A, `隔离${tag}`])),
    match: (r) => r.logData === `隔离${tag}`,
  },
  humiture_alarm: {
    // A panda cage of tenant A whose sensor reports 45 ℃: the ingestion raises the alarm.
    seed: async (t, token) => {
      const { cageId } = await animalA(t, token);
      await t.sql.query(`update zoo_species set temp_max = 26 where latin_name = $1 and temp_max is null`, [PANDA]);
      const gen = await t.request({ method: 'POST', url: '/zoo-cage/humiture/device/generate', token, query: { cageId } });
      const res = await t.request({
        method: 'POST',
        url: '/zoo-cage/humiture/ingest',
        headers: { 'Device-Key': gen.body.data.key },
        body: { readings: [{ temperature: 45, humidity: 50 }] },
      });
      if (!res.body.success) throw new Error(JSON.stringify(res.body));
    },
    match: (r) => r.value === 45 && r.kind === 1,
    unchanged: { ackTime: '', open: true },
  },
  // Data quality (decision 0047): a run keeps tenant A's count of the day.
  quality_history: {
    seed: async (t, token) => void (await t.request({ method: 'POST', url: '/zoo/quality/run', token, query: { check: 'noCage' } })),
    match: (r) => r.check === 'noCage',
    unchanged: { check: 'noCage' },
  },
  audit: {
    seed: async (t, token) => void (await makePark(t, token)),
    match: (r) => r.tableName === 'zoo_park' && r.tenantId === TENANT_A,
  },
};

/** One entry per tenant-scoped resource (keyed by the contract definition's `name`). */
export const isolationFixtures: Record<string, IsolationFixture> = {
  ...readonlyFixtures,
  flow_model: {
    create: async () => ({ modelKey: `iso_model_${tag}`, name: '隔离流程模型', description: 'A', modelEditorXml: '<definitions/>' }),
    match: (r) => r.modelKey === `iso_model_${tag}`,
    unchanged: { modelKey: `iso_model_${tag}`, name: '隔离流程模型', description: 'A' },
  },
  notice: {
    create: async () => ({ title: '隔离测试通知', category: 1, releaseTime: '2024-01-01 08:00:00', content: 'A' }),
    match: (r) => r.title === '隔离测试通知',
    unchanged: { title: '隔离测试通知', content: 'A' },
  },
  oss: {
    create: async () => ({ category: 5, ossCode: 'iso-oss', remark: 'A' }),
    match: (r) => r.ossCode === 'iso-oss',
    unchanged: { ossCode: 'iso-oss', remark: 'A', status: 1 },
  },
  sms: {
    create: async () => ({ category: 5, smsCode: 'iso-sms', remark: 'A' }),
    match: (r) => r.smsCode === 'iso-sms',
    unchanged: { smsCode: 'iso-sms', remark: 'A', status: 1 },
  },
  attach: {
    create: async () => ({ link: 'https://files.example.com/iso.pdf', originalName: '隔离测试.pdf', extension: 'pdf' }),
    match: (r) => r.originalName === '隔离测试.pdf',
    unchanged: { originalName: '隔离测试.pdf', link: 'https://files.example.com/iso.pdf' },
  },
  role: plain({ roleName: '隔离角色', roleAlias: 'iso', sort: 1 }, 'roleName'),
  dept: plain({ deptName: '隔离部门', fullName: '隔离部门全称', deptCategory: 1, sort: 1 }, 'deptName'),
  post: plain({ category: 1, postCode: 'iso', postName: '隔离岗位', sort: 1 }, 'postName'),
  topmenu: plain({ code: 'iso', name: '隔离顶部菜单', sort: 1 }, 'name'),
  identity_provider: plain({ source: 'iso', name: '隔离身份源', issuer: 'https://idp.example', clientId: 'iso', clientSecret: 'iso-secret' }, 'name'),
  dictbiz: plain({ code: 'iso', dictKey: '-1', dictValue: '隔离字典', sort: 1, isSealed: 0 }, 'dictValue'),
  // Tenant A's own tenant row: the platform administrator edits it, tenant A's admin reads it, tenant B must not.
  tenant: {
    writer: (t) => t.login(),
    create: async (t) => {
      const { rows } = await t.sql.query(`select id::text from blade_tenant where tenant_id = '200001'`);
      return { id: rows[0].id, tenantName: '租户A改名', linkman: '甲' };
    },
    match: (r) => r.tenantId === '200001',
    unchanged: { tenantName: '租户A改名', linkman: '甲' },
  },
  ...zooFixtures,
  ...vetFixtures,
  ...permitFixtures,
};
