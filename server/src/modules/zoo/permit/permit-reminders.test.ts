import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../../db/client';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { authorise, makeAnimal, makeCageChain, speciesId, uid, zooAdmin } from '../../../../test/zoo-fixtures';
import { sendPermitReminders } from './reminders';

/**
 * Expiry reminders (60/30/7 days), the 专用标识 to-do list and the licence quota card of decision 0040, through HTTP
 * on PostgreSQL. "Two server instances" are two connection pools on the same database running the job at once.
 */
let t: TestApp;
let second: Database;
let admin: string;
let other: string;
let panda: string;
let cageId: string;

const ZOO = '340031';
const q = async (text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows;
const day = async (offset: number) => (await q(`select to_char(current_date + $1::int, 'YYYY-MM-DD') d`, [offset]))[0].d as string;

async function permit(validTo: string, permitNo = `YS-${uid()}`): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/zoo-permit/permit/submit',
    token: admin,
    body: { kind: 3, permitNo, issuingAuthority: '北京市园林绿化局', validFrom: '2024-01-01', validTo, lines: [{ speciesId: panda, quantity: 2 }] },
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return (await q(`select id::text from zoo_permit where permit_no = $1`, [permitNo]))[0].id;
}
const notices = async (token = admin) =>
  (await t.request({ url: '/blade-desk/notice/list', token, query: { current: '1', size: '100' } })).body.data.records as Array<{
    title: string;
    content: string;
  }>;

beforeAll(async () => {
  t = await startTestApp();
  second = await openPostgres(t.config.databaseUrl!, 2, t.config.timeZone);
  admin = await zooAdmin(t, ZOO);
  other = await zooAdmin(t, '340032');
  await authorise(t, ZOO, [{ latin: 'Ailuropoda melanoleuca', licenceNo: 'FY-Q-01' }]);
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  ({ cageId } = await makeCageChain(t, admin));
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('expiry reminders', () => {
  it('sends one notice per permit at the threshold it reached, once, even with two instances running together', async () => {
    await q(`delete from zoo_permit_reminder`);
    const in5 = await permit(await day(5), 'YS-IN5');
    const in25 = await permit(await day(25), 'YS-IN25');
    const in50 = await permit(await day(50), 'YS-IN50');
    await permit(await day(90), 'YS-IN90');
    await permit(await day(-1), 'YS-GONE');
    const [a, b] = await Promise.all([sendPermitReminders(t.database.db), sendPermitReminders(second.db)]);
    expect(a + b).toBe(3);
    expect(await sendPermitReminders(t.database.db)).toBe(0);
    const sent = await q(`select permit_id::text p, threshold, notice_id is not null as sent from zoo_permit_reminder order by permit_id, threshold`);
    expect(sent.filter((r) => r.sent).map((r) => [r.p, r.threshold])).toEqual(
      [
        [in5, 7],
        [in25, 30],
        [in50, 60],
      ].sort(),
    );
    // A permit entered 5 days before its end is told once, not three times; the passed thresholds are recorded.
    expect(sent.filter((r) => r.p === in5).map((r) => [r.threshold, r.sent])).toEqual([
      [7, true],
      [30, false],
      [60, false],
    ]);
    const mine = await notices();
    expect(mine.filter((n) => n.title.startsWith('许可证到期提醒'))).toHaveLength(3);
    expect(mine.find((n) => n.title.includes('「YS-IN5」'))!.title).toBe('许可证到期提醒:野生动物运输证明「YS-IN5」5天后到期');
    expect((await notices(other)).filter((n) => n.title.startsWith('许可证到期提醒'))).toHaveLength(0);
    // Addressed to the zoo's administrators (decision 0051): the admin reads them on the desk and in the bell, a
    // keeper of the same zoo sees them nowhere.
    const latest = async (token: string) =>
      ((await t.request({ url: '/blade-desk/listAllNotice', token, query: { limit: '50' } })).body.data as Array<{ title: string }>)
        .map((n) => n.title)
        .filter((x) => x.startsWith('许可证到期提醒'));
    expect(await latest(admin)).toHaveLength(3);
    expect(mine.find((n) => n.title.includes('「YS-IN5」'))).toMatchObject({ audienceRoles: 'admin', audienceName: 'admin' });
    await createTenantUser(t.sql, { tenantId: ZOO, account: 'kp340031', password: 'pw', roleAlias: 'keeper' });
    const keeper = await t.login('kp340031', 'pw', ZOO);
    expect((await notices(keeper)).filter((n) => n.title.startsWith('许可证到期提醒'))).toEqual([]);
    expect(await latest(keeper)).toEqual([]);
    const id = (mine.find((n) => n.title.includes('「YS-IN5」')) as unknown as { id: string }).id;
    expect((await t.request({ url: '/blade-desk/notice/detail', token: keeper, query: { id } })).body.msg).toBe('数据不存在或已被删除');
    expect((await t.request({ url: '/blade-desk/notice/countinfo', token: keeper })).body.data.total).toBe(0);
    expect((await t.request({ url: '/blade-desk/notice/countinfo', token: admin })).body.data.total).toBeGreaterThanOrEqual(3);
    // The reminder rows are the zoo's own: row-level security with the tenant policy, as every tenant table.
    expect(
      await q(`select c.relrowsecurity, p.qual from pg_class c join pg_policies p on p.tablename = c.relname where c.relname = 'zoo_permit_reminder'`),
    ).toEqual([{ relrowsecurity: true, qual: "((tenant_id)::text = current_setting('app.tenant_id'::text, true))" }]);
    expect(new Set((await q(`select tenant_id from zoo_permit_reminder`)).map((r) => r.tenant_id))).toEqual(new Set([ZOO]));
  });

  it('reminds a renewed permit again for its new last day', async () => {
    const id = await permit(await day(20), 'YS-RENEW');
    expect(await sendPermitReminders(t.database.db)).toBe(1);
    const detail = (await t.request({ url: '/zoo-permit/permit/detail', token: admin, query: { id } })).body.data;
    const res = await t.request({ method: 'POST', url: '/zoo-permit/permit/submit', token: admin, body: { ...detail, validTo: await day(6) } });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(await sendPermitReminders(t.database.db)).toBe(1);
    expect(await sendPermitReminders(second.db)).toBe(0);
  });
});

describe('the 专用标识 to-do list and the licence quota', () => {
  it('lists class I/II animals without a current 专用标识, overdue after the zoo’s days', async () => {
    await q(`insert into blade_param (param_name, param_key, param_value) values ('专用标识期限', 'zoo.permit.markingDays.${ZOO}', '50')`);
    const old = await makeAnimal(t, admin, { speciesId: panda, cageId, birthDate: `${await day(-60)} 00:00:00` });
    const young = await makeAnimal(t, admin, { speciesId: panda, cageId, birthDate: `${await day(-40)} 00:00:00` });
    const marked = await makeAnimal(t, admin, { speciesId: panda, cageId, birthDate: `${await day(-60)} 00:00:00` });
    const chipped = await makeAnimal(t, admin, { speciesId: panda, cageId, birthDate: `${await day(-60)} 00:00:00` });
    const flag = (animalId: string, type: number, code: string) =>
      t.request({ method: 'POST', url: '/zoo-animal/animalFlag/submit', token: admin, body: { animalId, type, code } });
    expect((await flag(marked, 4, 'ZY-0001')).body.success).toBe(true);
    expect((await flag(chipped, 1, '156000012345678')).body.success).toBe(true);
    const res = await t.request({ url: '/zoo-permit/report/marking-todo', token: admin });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.data.days).toBe(50);
    const byId = new Map(res.body.data.rows.map((r: any) => [r.animalId, r]));
    expect(byId.has(marked)).toBe(false);
    expect(byId.get(old)).toMatchObject({ overdue: true, days: 60, missing: '专用标识、芯片', protectionClass: 1 });
    expect(byId.get(young)).toMatchObject({ overdue: false, days: 40 });
    expect(byId.get(chipped)).toMatchObject({ overdue: true, missing: '专用标识' });
    expect((await t.request({ url: '/zoo-permit/report/marking-todo', token: other })).body.data.rows).toEqual([]);
  });

  it('shows each licensed species held against its approved quantity', async () => {
    await q(`update zoo_tenant_species set approved_quantity = 8 where tenant_id = $1 and species_id = $2`, [ZOO, panda]);
    const res = await t.request({ url: '/zoo-permit/report/quota', token: admin });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.data).toEqual([{ speciesId: panda, speciesName: '大熊猫', licenceNo: 'FY-Q-01', approved: 8, held: 4, percent: 50 }]);
  });
});
