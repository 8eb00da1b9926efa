import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockApprovalParamKey } from '@zoo/contract';
import { startTestApp, type TestApp } from '../../../test/harness';
import { createTenantUser } from '../../../test/fixtures';
import { multipart } from '../../../test/iam-helpers';
import { authorise, coverOutgoing, makeAnimal, makeCageChain, speciesId, zooAdmin } from '../../../test/zoo-fixtures';

const A = '400001';
const B = '400002';
let t: TestApp;
let adminA: string;
let adminB: string;
const users: Record<string, { id: string; token: string }> = {};
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const q = async (sql: string, params: unknown[] = []) => (await t.sql.query(sql, params)).rows;
const get = (url: string, token: string, query: Record<string, string> = {}) => t.request({ url, token, query });
const post = (url: string, token: string, o: { query?: Record<string, string>; body?: unknown } = {}) => t.request({ method: 'POST', url, token, ...o });
const okData = (res: { body: any }) => {
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data;
};

async function user(account: string, role: string): Promise<void> {
  const { userId, roleId } = await createTenantUser(t.sql, { tenantId: A, account, password: 'pw', roleAlias: role });
  await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu`, [A, roleId]);
  users[account] = { id: userId, token: await t.login(account, 'pw', A) };
}

const commonDef = async (key: string) =>
  (await q(`select definition_id from flow_definition where tenant_id = '' and process_key = $1`, [key]))[0].definition_id as string;

async function startLeave(token: string, approver: string, reason = '家中有事'): Promise<{ leaveId: string; instanceId: string }> {
  const res = await post('/blade-desk/process/leave/start-process', token, {
    body: { processDefinitionId: await commonDef('leave'), taskUser: approver, startTime: `${today} 09:00:00`, endTime: '2099-01-04 09:00:00', reason },
  });
  okData(res);
  const [row] = await q(`select id::text, process_instance_id from blade_process_leave where reason = $1 order by id desc limit 1`, [reason]);
  return { leaveId: row.id, instanceId: row.process_instance_id };
}

beforeAll(async () => {
  t = await startTestApp();
  adminA = await zooAdmin(t, A);
  adminB = await zooAdmin(t, B);
  await user('curator1', 'curator');
  await user('curator2', 'curator');
  await user('director1', 'director');
  await user('clerk', 'clerk');
});
afterAll(async () => t?.close().catch(() => undefined));

const BPMN = (key: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
<process id="${key}" name="${key}名称" isExecutable="true">${body}</process></definitions>`;
const PARALLEL = BPMN(
  'parallel_own',
  `<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="fork"/><parallelGateway id="fork"/>
  <sequenceFlow id="f2" sourceRef="fork" targetRef="a"/><sequenceFlow id="f3" sourceRef="fork" targetRef="b"/>
  <userTask id="a" name="甲审" flowable:candidateGroups="curator"/><userTask id="b" name="乙审" flowable:candidateUsers="taskUser_\${initiatorId}"/>
  <sequenceFlow id="f4" sourceRef="a" targetRef="join"/><sequenceFlow id="f5" sourceRef="b" targetRef="join"/><parallelGateway id="join"/>
  <sequenceFlow id="f6" sourceRef="join" targetRef="gw"/><exclusiveGateway id="gw"/>
  <sequenceFlow id="big" sourceRef="gw" targetRef="e1"><conditionExpression xsi:type="tFormalExpression">\${amount &gt; 100 &amp;&amp; pass}</conditionExpression></sequenceFlow>
  <sequenceFlow id="small" sourceRef="gw" targetRef="e2"><conditionExpression xsi:type="tFormalExpression">\${amount le 100 || !pass}</conditionExpression></sequenceFlow>
  <endEvent id="e1"/><endEvent id="e2"/>`,
);

const upload = (token: string, files: Array<[string, string]>, fields: Record<string, string>) => {
  const boundary = '----flowtest';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [name, xml] of files)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/xml\r\n\r\n${xml}\r\n`));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.request({
    method: 'POST',
    url: '/blade-flow/manager/deploy-upload',
    token,
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
};

describe('definitions', () => {
  it('deploy-upload, check-upload, change-state, models and the refusals, with the contract messages', async () => {
    const check = await t.app.inject({ method: 'POST', url: '/api/blade-flow/manager/check-upload', ...multipart(Buffer.from(PARALLEL), 'p.bpmn20.xml') });
    expect(JSON.parse(check.body).data).toEqual({ name: 'p.bpmn20.xml', success: true });
    const checkBad = await t.app.inject({ method: 'POST', url: '/api/blade-flow/manager/check-upload', ...multipart(Buffer.from('x'), 'p.txt') });
    expect(JSON.parse(checkBad.body).data).toEqual({ name: 'p.txt', success: false });

    expect((await upload(adminA, [['p.txt', PARALLEL]], { category: 'flow_2', tenantIds: A })).body.msg).toBe('只能上传 .bpmn20.xml 或 .bpmn 文件');
    expect(
      (
        await upload(
          adminA,
          [
            ['p.bpmn', '<x'],
            ['q.bpmn', PARALLEL],
          ],
          { category: 'flow_2', tenantIds: A },
        )
      ).body.msg,
    ).toBe('BPMN 文件格式不正确');
    const script = BPMN(
      'scripted',
      '<startEvent id="s"/><sequenceFlow id="f" sourceRef="s" targetRef="x"/><scriptTask id="x" name="跑代码" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask>',
    );
    expect((await upload(adminA, [['s.bpmn', script]], { category: 'flow_2', tenantIds: A })).body.msg).toBe('流程 scripted 中不允许脚本任务「跑代码」');
    const scriptCond = BPMN(
      'scond',
      '<startEvent id="s"/><sequenceFlow id="f" name="脚本" sourceRef="s" targetRef="e"><conditionExpression xsi:type="tFormalExpression" language="javascript">next(null, true)</conditionExpression></sequenceFlow><endEvent id="e"/>',
    );
    expect((await upload(adminA, [['s.bpmn', scriptCond]], { category: 'flow_2', tenantIds: A })).body.msg).toBe(
      '流程 scond 的连线「脚本」使用了脚本条件,只支持 ${...} 表达式',
    );
    const timer = BPMN('timed', '<startEvent id="s"><timerEventDefinition><timeDuration>PT1M</timeDuration></timerEventDefinition></startEvent>');
    expect((await upload(adminA, [['t.bpmn', timer]], { category: 'flow_2', tenantIds: A })).body.msg).toBe(
      '流程 timed 中的定时器「s」只能用在边界事件或中间捕获事件上(不支持定时启动)',
    );
    expect((await upload(adminA, [['p.bpmn', PARALLEL]], { category: 'flow_2', tenantIds: '' })).body.msg).toBe('只有平台管理员可以部署通用流程,请选择本租户');
    expect((await upload(adminA, [['p.bpmn', PARALLEL]], { category: 'flow_2', tenantIds: B })).body.msg).toBe('只能部署到本租户');
    expect((await upload(adminA, [['p.bpmn', PARALLEL]], { category: 'x', tenantIds: A })).body.msg).toBe('流程分类格式应为 flow_<字典键值>');

    okData(await upload(adminA, [['p.bpmn20.xml', PARALLEL]], { category: 'flow_2', tenantIds: A }));
    okData(await upload(adminA, [['p.bpmn20.xml', PARALLEL]], { category: 'flow_2', tenantIds: A }));
    const list = okData(await get('/blade-flow/manager/list', adminA, { mode: '2' }));
    const mine = list.records.filter((r: any) => r.key === 'parallel_own');
    expect(mine.map((r: any) => r.version).sort()).toEqual([1, 2]);
    expect(mine[0]).toMatchObject({ tenantId: A, category: 'flow_2', categoryName: '报销流程', resourceName: 'p.bpmn20.xml', suspensionState: 1 });
    const start = okData(await get('/blade-flow/work/start-list', adminA, { mode: '2' }));
    expect(start.records.filter((r: any) => r.key === 'parallel_own').map((r: any) => r.version)).toEqual([2]);

    const id = mine.find((r: any) => r.version === 2).id as string;
    expect((await post('/blade-flow/manager/change-state', adminA, { query: { state: 'active', processId: id } })).body.msg).toBe(
      `ID为 [${id}] 的流程已是此状态，无需操作`,
    );
    expect((await post('/blade-flow/manager/change-state', adminA, { query: { state: 'suspend', processId: id } })).body.msg).toBe(
      `挂起ID为 [${id}] 的流程成功`,
    );
    expect(okData(await get('/blade-flow/work/start-list', adminA, { mode: '2' })).records.some((r: any) => r.id === id)).toBe(false);
    expect((await post('/blade-flow/manager/change-state', adminA, { query: { state: 'active', processId: id } })).body.msg).toBe(
      `激活ID为 [${id}] 的流程成功`,
    );
    // A zoo cannot change the common processes.
    const common = await commonDef('leave');
    expect((await post('/blade-flow/manager/change-state', adminA, { query: { state: 'suspend', processId: common } })).body.msg).toBe(
      '通用流程只有平台管理员可以变更',
    );

    // XML and image of a definition, without a token.
    const xml = await t.app.inject({ url: `/api/blade-flow/process/resource-view?processDefinitionId=${encodeURIComponent(id)}&resourceType=xml` });
    expect(xml.body).toContain('parallel_own');
    const img = await t.app.inject({ url: `/api/blade-flow/process/resource-view?processDefinitionId=${encodeURIComponent(common)}&resourceType=image` });
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect(img.body).toContain('审批人审批');

    // Models: save the modeler's XML, deploy it to the zoo, delete the deployment.
    const model = okData(
      await post('/blade-flow/model/submit', adminA, {
        body: {
          modelKey: 'drawn',
          name: '画的流程',
          modelEditorXml: BPMN(
            'drawn',
            '<startEvent id="s"/><sequenceFlow id="f" sourceRef="s" targetRef="u"/><userTask id="u" name="办理"/><sequenceFlow id="g" sourceRef="u" targetRef="e"/><endEvent id="e"/>',
          ),
        },
      }),
    );
    expect(model).toMatchObject({ modelKey: 'drawn', name: '画的流程', version: 1, tenantId: A, createdBy: `adm${A}` });
    expect(okData(await get('/blade-flow/model/detail', adminA, { id: model.id })).modelEditorXml).toContain('drawn');
    expect(okData(await get('/blade-flow/model/list', adminA, {})).records.find((r: any) => r.id === model.id).modelEditorXml).toBe('');
    expect((await post('/blade-flow/model/submit', adminA, { body: { modelKey: '1bad', name: 'x' } })).body.msg).toBe(
      '模型标识只能包含字母、数字、下划线、点和连字符,且以字母或下划线开头',
    );
    okData(await post('/blade-flow/model/deploy', adminA, { query: { modelId: model.id, category: 'flow_2', tenantIds: A } }));
    const [dep] = await q(`select deployment_id::text from flow_definition where process_key = 'drawn'`);
    okData(await post('/blade-flow/manager/delete-deployment', adminA, { query: { deploymentIds: dep.deployment_id } }));
    expect(await q(`select 1 from flow_definition where process_key = 'drawn'`)).toHaveLength(0);
    okData(await post('/blade-flow/model/remove', adminA, { query: { ids: model.id } }));
  });
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
  const openTask = async (instanceId: string) =>
    (await q(`select id::text, task_def_key from flow_task where instance_id = $1 and end_time is null`, [instanceId]))[0];
  const claimAndDecide = async (who: string, instanceId: string, flag?: string, comment?: string) => {
    const task = await openTask(instanceId);
    expect((await post('/blade-flow/work/claim-task', users[who]!.token, { query: { taskId: task.id } })).body.msg).toBe('签收事务成功');
    okData(await post('/blade-flow/work/complete-task', users[who]!.token, { body: { taskId: task.id, processInstanceId: instanceId, flag, comment } }));
  };

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

  it('parallel branches join, conditions read variables, delete-task answers its message', async () => {
    // Own definition of tenant A (deployed above): both branches must finish before the gateway decides.
    const def = (
      await q(`select definition_id from flow_definition where process_key = 'parallel_own' and tenant_id = $1 order by version desc limit 1`, [A])
    )[0].definition_id;
    // Started through the runtime directly: no business form uses this process.
    const { startProcess } = await import('./runtime');
    const { inTenant } = await import('../../platform/tenancy/tenant-tx');
    const session = { userId: users.clerk!.id, tenantId: A, account: 'clerk', realName: 'clerk', roleAliases: ['clerk'] } as never;
    const instanceId = await inTenant(t.app.zoo.database.db, { tenantId: A, userId: users.clerk!.id }, (tx) =>
      startProcess(tx, session, def, '', { amount: 500, initiatorId: users.clerk!.id }),
    );
    const tasks = await q(`select id::text, task_def_key, candidate_users, candidate_groups from flow_task where instance_id = $1 order by task_def_key`, [
      instanceId,
    ]);
    expect(tasks.map((x: any) => [x.task_def_key, x.candidate_users, x.candidate_groups])).toEqual([
      ['a', [], ['curator']],
      ['b', [users.clerk!.id], []],
    ]);
    await claimAndDecide('curator1', instanceId, 'ok');
    expect((await q(`select state from flow_instance where id = $1`, [instanceId]))[0].state).toBe('running');
    await claimAndDecide('clerk', instanceId, 'ok');
    const hist = await q(`select activity_id from flow_history where instance_id = $1 and activity_type = 'endEvent'`, [instanceId]);
    expect(hist.map((h: any) => h.activity_id)).toEqual(['e1']);

    const again = await inTenant(t.app.zoo.database.db, { tenantId: A, userId: users.clerk!.id }, (tx) =>
      startProcess(tx, session, def, '', { amount: 5, initiatorId: users.clerk!.id }),
    );
    const [b] = await q(`select id::text from flow_task where instance_id = $1 and task_def_key = 'b'`, [again]);
    expect((await post('/blade-flow/work/delete-task', users.clerk!.token, { query: { taskId: b.id, reason: '不办了' } })).body.msg).toBe('删除任务成功');
    expect((await q(`select state, delete_reason from flow_instance where id = $1`, [again]))[0]).toEqual({ state: 'deleted', delete_reason: '不办了' });
    expect((await post('/blade-flow/work/claim-task', users.curator1!.token, { query: { taskId: b.id } })).body.msg).toBe('任务不存在或已处理');
  });
});

describe('tenant isolation', () => {
  it("another zoo sees none of a zoo's own definitions, models, instances or tasks, and both see the common ones", async () => {
    const { instanceId, leaveId } = await startLeave(users.clerk!.token, users.curator1!.id, '隔离');
    const [task] = await q(`select id::text from flow_task where instance_id = $1`, [instanceId]);
    const startB = okData(await get('/blade-flow/work/start-list', adminB, {}));
    expect(startB.records.some((r: any) => r.key === 'parallel_own')).toBe(false);
    expect(startB.records.some((r: any) => r.key === 'leave')).toBe(true);
    expect(okData(await get('/blade-flow/manager/list', adminB, { mode: '2' })).records).toHaveLength(0);
    expect(okData(await get('/blade-flow/follow/list', adminB, {})).records).toHaveLength(0);
    expect(okData(await get('/blade-flow/work/claim-list', adminB, {})).records).toHaveLength(0);
    expect((await get('/blade-flow/process/history-flow-list', adminB, { processInstanceId: instanceId })).body.msg).toBe('流程实例不存在');
    expect((await get('/blade-flow/process/model-view', adminB, { processInstanceId: instanceId })).body.msg).toBe('流程实例不存在');
    expect((await get('/blade-desk/process/leave/detail', adminB, { businessId: leaveId })).body.success).toBe(false);
    expect((await post('/blade-flow/work/claim-task', adminB, { query: { taskId: task.id } })).body.msg).toBe('任务不存在或已处理');
    expect((await post('/blade-flow/work/complete-task', adminB, { body: { taskId: task.id, processInstanceId: instanceId } })).body.msg).toBe(
      '流程实例不存在',
    );
    expect((await post('/blade-flow/follow/delete-process-instance', adminB, { query: { processInstanceId: instanceId } })).body.msg).toBe('流程实例不存在');
    const ownDef = (await q(`select definition_id from flow_definition where tenant_id = $1 limit 1`, [A]))[0].definition_id;
    expect((await post('/blade-flow/manager/change-state', adminB, { query: { state: 'suspend', processId: ownDef } })).body.msg).toBe('流程定义不存在');
    expect((await q(`select state from flow_instance where id = $1`, [instanceId]))[0].state).toBe('running');
  });
});
