/* Shared set-up of the veterinary API tests (each file starts its own app on its own database). */
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, makeCageChain, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

export let t: TestApp;
export let admin: string;
export let adminB: string;
export let panda: string; // an individual of zoo A
export let crane: string; // another individual of zoo A
export let foreignAnimal: string; // an individual of zoo B
export let today: string;

export const post = (token: string, url: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/zoo-medical/${url}`, token, body });
export const get = (token: string, url: string, query: Record<string, string>) => t.request({ url: `/zoo-medical/${url}`, token, query });
export const dayOffset = (d: number) => t.sql.query(`select to_char(current_date + $1::int, 'YYYY-MM-DD') as d`, [d]).then((r) => r.rows[0].d as string);
// Zoo A's rows (the demo zoo of the template has its own).
export const count = async (table: string) =>
  (await t.sql.query(`select count(*)::int as n from ${table} where is_deleted = 0 and tenant_id = '330001'`)).rows[0].n as number;
export const lastId = async (table: string) => (await t.sql.query(`select id::text from ${table} order by id desc limit 1`)).rows[0].id as string;

export async function drug(body: Record<string, unknown>): Promise<string> {
  const res = await post(admin, 'drug/submit', { form: 1, concentrationUnit: 1, ...body });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return lastId('zoo_med_drug');
}
export async function weigh(animalId: string, weight: number | string, weighDate: string, unit = 'kg'): Promise<string> {
  const res = await post(admin, 'weight/submit', { animalId, weight, unit, weighDate, method: 1 });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return lastId('zoo_med_weight');
}
/** An animal of zoo A never weighed. */
export async function lonelyAnimal(): Promise<string> {
  const { cageId } = await makeCageChain(t, admin);
  return makeAnimal(t, admin, { speciesId: await speciesId(t, 'Ailuropoda melanoleuca'), cageId, sex: 2 });
}
export async function openCase(animalId: string, openDate: string, complaint = '精神沉郁'): Promise<string> {
  const res = await post(admin, 'case/submit', { animalId, openDate, complaint });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return lastId('zoo_med_case');
}

/** One movement of the stock ledger (存栏变动) through HTTP, as zoo A's administrator. */
export const movement = (kind: string, body: Record<string, unknown>, token = admin) =>
  t.request({ method: 'POST', url: `/zoo-stockLog/stockLog/${kind}_enroll`, token, body });

/** A female of `species` imported into `cageId` on `importDate` (an arrival: a 隔离检疫 cage starts a quarantine). */
export async function importInto(cageId: string, species: string, importDate: string, localNo: string): Promise<string> {
  const res = await movement('import', {
    animalType: 1,
    speciesId: species,
    cageId,
    importDate,
    importType: 2,
    source: '卧龙保护区',
    animals: [{ localNo, sex: 2 }],
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data.animalIds[0] as string;
}

/** Each test file's app and zoos A (330001) and B (330002), with a panda and a crane in A and a panda in B. */
export function setupVetTests(): void {
  beforeAll(async () => {
    t = await startTestApp();
    admin = await zooAdmin(t, '330001');
    adminB = await zooAdmin(t, '330002');
    await authorise(t, '330001', [{ latin: 'Ailuropoda melanoleuca' }, { latin: 'Grus japonensis' }]);
    await authorise(t, '330002', [{ latin: 'Ailuropoda melanoleuca' }]);
    const { cageId } = await makeCageChain(t, admin);
    panda = await makeAnimal(t, admin, { speciesId: await speciesId(t, 'Ailuropoda melanoleuca'), cageId, sex: 1, animalName: '美香' });
    crane = await makeAnimal(t, admin, { speciesId: await speciesId(t, 'Grus japonensis'), cageId, sex: 2 });
    const b = await makeCageChain(t, adminB);
    foreignAnimal = await makeAnimal(t, adminB, { speciesId: await speciesId(t, 'Ailuropoda melanoleuca'), cageId: b.cageId, sex: 1 });
    today = await dayOffset(0);
  });
  afterAll(async () => t?.close());
}
