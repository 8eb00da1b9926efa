import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockApprovalParamKey } from '@zoo/contract';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { authorise, coverOutgoing, covered, makeAnimal, makeCageChain, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

/**
 * Outgoing transfers behind the zoo's approval gate (issue 14): zoo A requires the seeded curator → director
 * process, so a proposal waits for it and reaches zoo B only once approved. Zoo C has no gate.
 */
let t: TestApp;
let zooA: string;
let zooB: string;
let zooC: string;
let deer: string;
let panda: string;
let cageA: string;
let cageC: string;
const A = '300041';
const B = '300042';
const C = '300043';
const users: Record<string, string> = {};
const base = '/zoo-transfer/transferLog';
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const q = async (sql: string, params: unknown[] = []) => (await t.sql.query(sql, params)).rows;
const okData = (res: { body: any }) => {
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data;
};
const propose = (token: string, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `${base}/submit`, token, body: covered(token, { toTenantId: B, transferDate: today, ...body }) });
const incoming = async () =>
  (await t.request({ url: `${base}/list`, token: zooB, query: { current: '1', size: '100', direction: 'in' } })).body.data.records as Array<
    Record<string, any>
  >;
const heads = async (cageId: string) => {
  const [r] = await q(
    `select male_quantity m, female_quantity f, pending_male pm, pending_female pf from zoo_population where cage_id = $1 and species_id = $2 and is_deleted = 0`,
    [cageId, deer],
  );
  return [r.m, r.f, r.pm, r.pf];
};
async function decide(who: string, instanceId: string, flag?: string, comment?: string): Promise<void> {
  const [task] = await q(`select id::text from flow_task where instance_id = $1 and end_time is null`, [instanceId]);
  okData(await t.request({ method: 'POST', url: '/blade-flow/work/claim-task', token: users[who]!, query: { taskId: task.id } }));
  okData(
    await t.request({
      method: 'POST',
      url: '/blade-flow/work/complete-task',
      token: users[who]!,
      body: { taskId: task.id, processInstanceId: instanceId, flag, comment },
    }),
  );
}

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, A, undefined, '丁动物园');
  zooB = await zooAdmin(t, B, undefined, '戊动物园');
  zooC = await zooAdmin(t, C, undefined, '己动物园');
  for (const [account, role] of [
    ['curatorA', 'curator'],
    ['directorA', 'director'],
    ['keeperA', 'keeper'],
  ] as const) {
    const { roleId, userId } = await createTenantUser(t.sql, { tenantId: A, account, password: 'pw', roleAlias: role });
    if (account === 'keeperA') await t.sql.query(`update blade_user set real_name = '王饲养' where id = $1`, [userId]);
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu`, [A, roleId]);
    users[account] = await t.login(account, 'pw', A);
  }
  await authorise(t, A, [{ latin: 'Cervus nippon' }, { latin: 'Ailuropoda melanoleuca' }]);
  await authorise(t, C, [{ latin: 'Cervus nippon' }]);
  deer = await speciesId(t, 'Cervus nippon');
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  cageA = (await makeCageChain(t, zooA)).cageId;
  cageC = (await makeCageChain(t, zooC)).cageId;
  for (const token of [zooA, zooC]) await coverOutgoing(t, token, [deer, panda]);
  for (const [token, cageId] of [
    [zooA, cageA],
    [zooC, cageC],
  ] as const)
    okData(
      await t.request({
        method: 'POST',
        url: '/zoo-stockLog/stockLog/born_enroll',
        token,
        body: { animalType: 2, speciesId: deer, cageId, bornDate: '2025-04-01', maleQuantity: 4, femaleQuantity: 4 },
      }),
    );
  await q(`insert into blade_param (param_name, param_key, param_value) values ('存栏审批', $1, 'zoo_stock_approval')`, [stockApprovalParamKey(A)]);
});
afterAll(async () => t?.close());

describe('outgoing transfers under approval', () => {
  it('an approved transfer becomes the proposal the receiver sees, made as the requester made it', async () => {
    const res = okData(
      await propose(users.keeperA!, { animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 1, femaleQuantity: 2, remark: '种群交换' }),
    );
    expect(res.approval).toMatchObject({ state: 'pending' });
    const { approvalId, processInstanceId } = res.approval;
    // Nothing exists yet: no proposal for either zoo, no heads held.
    expect(await q(`select 1 from zoo_transfer_log where tenant_id = $1`, [A])).toHaveLength(0);
    expect(await incoming()).toHaveLength(0);
    expect(await heads(cageA)).toEqual([4, 4, 0, 0]);
    const pending = okData(await t.request({ url: '/zoo-stockLog/approval/detail', token: users.curatorA!, query: { businessId: approvalId } }));
    expect(pending).toMatchObject({
      movement: 'transfer',
      state: 'pending',
      payload: { toTenantId: B, cageId: cageA, maleQuantity: 1, femaleQuantity: 2, requester: { name: '王饲养' } },
    });
    expect(pending.flow).toMatchObject({ category: 'flow_3', businessTable: 'zoo_stock_approval', assigneeName: '王饲养' });

    await decide('curatorA', processInstanceId, 'ok');
    expect(await incoming()).toHaveLength(0);
    await decide('directorA', processInstanceId, 'ok', '同意转出');

    const [row] = await incoming();
    expect(row).toMatchObject({
      fromZooName: '丁动物园',
      toZooName: '戊动物园',
      transferStatus: 0,
      maleQuantity: 1,
      femaleQuantity: 2,
      createUserName: '王饲养',
      remark: '种群交换',
      direction: 'in',
    });
    expect(await heads(cageA)).toEqual([4, 4, 1, 2]);
    const decided = okData(await t.request({ url: '/zoo-stockLog/approval/detail', token: users.keeperA!, query: { businessId: approvalId } }));
    expect(decided).toMatchObject({ state: 'approved', stockLogIds: [row.id] });
    // The proposal is the requester's (create_user), not the director's who approved it.
    const [keeper] = await q(`select id::text from blade_user where account = 'keeperA' and tenant_id = $1`, [A]);
    expect((await q(`select create_user::text from zoo_transfer_log where id = $1`, [row.id]))[0].create_user).toBe(keeper.id);
  });

  it('a rejected transfer leaves nothing, and the requester sees why', async () => {
    const animalId = await makeAnimal(t, zooA, { speciesId: panda, sex: 1, cageId: cageA });
    const res = okData(await propose(users.keeperA!, { animalType: 1, speciesId: panda, animalId }));
    await decide('curatorA', res.approval.processInstanceId, undefined, '该个体正在繁殖期');
    expect(await q(`select 1 from zoo_transfer_log where animal_id = $1`, [animalId])).toHaveLength(0);
    expect(await incoming()).toHaveLength(1); // the approved one of the previous test only
    const detail = okData(await t.request({ url: '/zoo-stockLog/approval/detail', token: users.keeperA!, query: { businessId: res.approval.approvalId } }));
    expect(detail).toMatchObject({ state: 'rejected', reason: '审批未通过: 该个体正在繁殖期', movement: 'transfer' });
    expect((await q(`select status from zoo_animal where id = $1`, [animalId]))[0].status).toBe(1);
  });

  it('refuses at once what could not be proposed, without starting a process', async () => {
    const before = (await q(`select count(*)::int n from zoo_stock_approval`))[0].n;
    const res = await propose(users.keeperA!, { animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 9 });
    expect(res.body.success).toBe(false);
    expect(res.body.msg).toContain('不能减少');
    expect((await propose(users.keeperA!, { toTenantId: A, animalType: 2, speciesId: deer, cageId: cageA, maleQuantity: 1 })).body.msg).toBe('不能向本园转移');
    expect((await q(`select count(*)::int n from zoo_stock_approval`))[0].n).toBe(before);
  });

  it('a zoo without the gate proposes at once, as before', async () => {
    const res = okData(await propose(zooC, { animalType: 2, speciesId: deer, cageId: cageC, maleQuantity: 1 }));
    expect(res.approval).toBeUndefined();
    expect((await incoming()).map((r) => r.fromZooName)).toContain('己动物园');
    expect(await heads(cageC)).toEqual([4, 4, 1, 0]);
  });
});
