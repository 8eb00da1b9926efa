import { beforeAll, describe, expect, it } from 'vitest';
import { stockApprovalParamKey } from '@zoo/contract';
import type { TestApp } from '../../../test/harness';
import { FLOW_TENANT, flowCalls, okData, useFlowWorld } from '../../../test/flow-fixtures';
import { authorise, coverOutgoing, makeAnimal, makeCageChain, speciesId, zooAdmin } from '../../../test/zoo-fixtures';

// Stock movements under a zoo's approval process: waits, claims, rejections, refusals, branches and conditions.
const A = FLOW_TENANT;
const w = useFlowWorld([
  ['curator1', 'curator'],
  ['curator2', 'curator'],
  ['director1', 'director'],
  ['clerk', 'clerk'],
]);
const { users } = w;
const { today, q, get, post, openTask, claimAndDecide } = flowCalls(w);
let t: TestApp;
let adminA: string;
beforeAll(async () => {
  t = w.t;
  adminA = await zooAdmin(t, A);
});

describe('stock movements under approval', () => {
  let panda: string;
  let cageId: string;
  // A class I animal leaves with a transport certificate (decision 0040).
  let permitId = '';
  const exportBody = (animalId: string) => ({
    animalType: 1,
    speciesId: panda,
    animalId,
    exportDate: today,
    exportType: 3,
    output: '成都大熊猫繁育研究基地',
    permitIds: [permitId],
  });
  const status = async (id: string) => (await q(`select status from zoo_animal where id = $1`, [id]))[0].status;
  beforeAll(async () => {
    await authorise(t, A, [{ latin: 'Ailuropoda melanoleuca' }]);
    panda = await speciesId(t, 'Ailuropoda melanoleuca');
    cageId = (await makeCageChain(t, adminA)).cageId;
    permitId = await coverOutgoing(t, adminA, [panda]);
    await q(`insert into blade_param (param_name, param_key, param_value) values ('存栏审批', $1, 'zoo_stock_approval')`, [stockApprovalParamKey(A)]);
  });

  it('an export waits for curator and director, then moves stock; exactly one of two claiming curators wins', async () => {
    const animalId = await makeAnimal(t, adminA, { speciesId: panda, sex: 1, cageId });
    const res = okData(await post('/zoo-stockLog/stockLog/export_enroll', users.clerk!.token, { body: exportBody(animalId) }));
    expect(res).toMatchObject({ ids: [], animalIds: [], approval: { state: 'pending' } });
    const instanceId = res.approval.processInstanceId as string;
    expect(await status(animalId)).toBe(1);
    expect(await q(`select 1 from zoo_stock_log where animal_id = $1 and movement_type = 'export'`, [animalId])).toHaveLength(0);

    // Director is not a candidate of the curator step; the claim list shows it to curators only.
    const task = await openTask(instanceId);
    expect(okData(await get('/blade-flow/work/claim-list', users.director1!.token, {})).records.some((r: any) => r.taskId === task.id)).toBe(false);
    const claimList = okData(await get('/blade-flow/work/claim-list', users.curator2!.token, { category: 'flow_3' }));
    expect(claimList.records.find((r: any) => r.taskId === task.id)).toMatchObject({
      taskName: '主管审批',
      status: 'claim',
      businessTable: 'zoo_stock_approval',
      category: 'flow_3',
    });
    expect((await post('/blade-flow/work/claim-task', users.director1!.token, { query: { taskId: task.id } })).body.msg).toBe('您不是该任务的候选人,无法签收');

    const race = await Promise.all(['curator1', 'curator2'].map((u) => post('/blade-flow/work/claim-task', users[u]!.token, { query: { taskId: task.id } })));
    const msgs = race.map((r) => r.body.msg).sort();
    expect(msgs).toEqual(['签收事务成功', '该任务已被其他人签收'].sort());
    const winner = race[0]!.body.success ? 'curator1' : 'curator2';
    okData(await post('/blade-flow/work/complete-task', users[winner]!.token, { body: { taskId: task.id, processInstanceId: instanceId, flag: 'ok' } }));
    expect(await status(animalId)).toBe(1);

    await claimAndDecide('director1', instanceId, 'ok', '同意输出');
    expect(await status(animalId)).toBe(2);
    const [approval] = await q(`select state, stock_log_ids from zoo_stock_approval where process_instance_id = $1`, [instanceId]);
    expect(approval.state).toBe('approved');
    expect(await q(`select 1 from zoo_stock_log where animal_id = $1 and movement_type = 'export'`, [animalId])).toHaveLength(1);
  });

  it('a rejection moves nothing and the requester sees why', async () => {
    const animalId = await makeAnimal(t, adminA, { speciesId: panda, sex: 2, cageId });
    const res = okData(await post('/zoo-stockLog/stockLog/export_enroll', users.clerk!.token, { body: exportBody(animalId) }));
    const instanceId = res.approval.processInstanceId as string;
    await claimAndDecide('curator1', instanceId, 'ok');
    await claimAndDecide('director1', instanceId, undefined, '对方资质不全');
    expect(await status(animalId)).toBe(1);
    expect(await q(`select 1 from zoo_stock_log where animal_id = $1`, [animalId])).toHaveLength(1); // its opening entry only
    const detail = okData(await get('/zoo-stockLog/approval/detail', users.clerk!.token, { businessId: res.approval.approvalId }));
    expect(detail).toMatchObject({ state: 'rejected', reason: '审批未通过: 对方资质不全', movement: 'export' });
    expect(detail.flow.processIsFinished).toBe('finished');
  });

  it('refuses at once what could not be applied, and a deleted instance cancels the movement', async () => {
    const animalId = await makeAnimal(t, adminA, { speciesId: panda, sex: 2, cageId });
    const wrong = await post('/zoo-stockLog/stockLog/die_enroll', users.clerk!.token, {
      body: { animalType: 1, speciesId: '1', animalId, dieDate: today, dieType: 1 },
    });
    expect(wrong.body.success).toBe(false);
    expect(await q(`select 1 from zoo_stock_approval where payload->>'animalId' = $1`, [animalId])).toHaveLength(0);
    const res = okData(
      await post('/zoo-stockLog/stockLog/die_enroll', users.clerk!.token, { body: { animalType: 1, speciesId: panda, animalId, dieDate: today, dieType: 1 } }),
    );
    const follow = okData(await get('/blade-flow/follow/list', adminA, { processInstanceId: res.approval.processInstanceId }));
    expect(follow.records[0]).toMatchObject({
      processDefinitionKey: 'zoo_stock_approval',
      startUser: 'clerk',
      activityId: 'curatorApprove',
      category: 'flow_3',
    });
    okData(
      await post('/blade-flow/follow/delete-process-instance', adminA, {
        query: { processInstanceId: res.approval.processInstanceId, deleteReason: '登记有误' },
      }),
    );
    expect((await q(`select state, reason from zoo_stock_approval where id = $1`, [res.approval.approvalId]))[0]).toEqual({
      state: 'cancelled',
      reason: '审批已撤销: 登记有误',
    });
    expect(await status(animalId)).toBe(1);
  });
});
