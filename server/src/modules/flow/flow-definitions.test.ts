import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/iam-helpers';
import type { TestApp } from '../../../test/harness';
import { bpmn, deployUpload, FLOW_TENANT, flowCalls, okData, useFlowWorld } from '../../../test/flow-fixtures';
import { platformToken, zooAdmin } from '../../../test/zoo-fixtures';

// Process definitions and models: deploy, check, state, and what another zoo sees (stock approval: flow-stock-approval.test.ts).
const A = FLOW_TENANT;
const B = '400002';
const w = useFlowWorld([
  ['curator1', 'curator'],
  ['clerk', 'clerk'],
]);
const { users } = w;
const { q, get, post, commonDef, startLeave, claimAndDecide } = flowCalls(w);
let t: TestApp;
let adminA: string;
let adminB: string;
beforeAll(async () => {
  t = w.t;
  adminA = await zooAdmin(t, A);
  adminB = await zooAdmin(t, B);
});

const PARALLEL = bpmn(
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

const upload = (token: string, files: Array<[string, string]>, fields: Record<string, string>) => deployUpload(t, token, files, fields);

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
    ).toBe('BPMN 文件格式不正确(第 1 行第 1 列): unclosed tag,位于 <x');
    const script = bpmn(
      'scripted',
      '<startEvent id="s"/><sequenceFlow id="f" sourceRef="s" targetRef="x"/><scriptTask id="x" name="跑代码" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask>',
    );
    expect((await upload(adminA, [['s.bpmn', script]], { category: 'flow_2', tenantIds: A })).body.msg).toBe('流程 scripted 中不允许脚本任务「跑代码」');
    const scriptCond = bpmn(
      'scond',
      '<startEvent id="s"/><sequenceFlow id="f" name="脚本" sourceRef="s" targetRef="e"><conditionExpression xsi:type="tFormalExpression" language="javascript">next(null, true)</conditionExpression></sequenceFlow><endEvent id="e"/>',
    );
    expect((await upload(adminA, [['s.bpmn', scriptCond]], { category: 'flow_2', tenantIds: A })).body.msg).toBe(
      '流程 scond 的连线「脚本」使用了脚本条件,只支持 ${...} 表达式',
    );
    // A zoo's timer start event runs (decision 0050, flow-timer-start.test.ts): its timer is kept from the deployment.
    const timer = bpmn('timed', '<startEvent id="s"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></startEvent>');
    okData(await upload(adminA, [['t.bpmn', timer]], { category: 'flow_2', tenantIds: A }));
    expect((await q(`select not_executable from flow_definition where process_key = 'timed'`))[0].not_executable).toBe('');
    expect(await q(`select timer_value from flow_timer where instance_id is null and definition_id like 'timed:%'`)).toEqual([{ timer_value: 'PT1H' }]);
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
          modelEditorXml: bpmn(
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

describe('deployment for all zoos', () => {
  it('the platform deploys a process for every zoo; its audit row is in the platform trail; zoos start it', async () => {
    const platform = await platformToken(t);
    const xml = bpmn(
      'every_zoo',
      '<startEvent id="s"/><sequenceFlow id="f" sourceRef="s" targetRef="u"/><userTask id="u" name="办理"/><sequenceFlow id="g" sourceRef="u" targetRef="e"/><endEvent id="e"/>',
    );
    okData(await upload(platform, [['every.bpmn', xml]], { category: 'flow_2', tenantIds: '' }));
    const [def] = await q(`select id::text, deployment_id::text, tenant_id, mode from flow_definition where process_key = 'every_zoo'`);
    expect(def).toMatchObject({ tenant_id: '', mode: 1 });
    // The platform-wide row is audited in the platform's own trail (tenant '' has no trail of its own).
    expect(await q(`select tenant_id, actor_tenant_id, action from sys_audit where table_name = 'flow_definition' and record_id = $1`, [def.id])).toEqual([
      { tenant_id: '000000', actor_tenant_id: '000000', action: 'create' },
    ]);
    expect(okData(await get('/blade-flow/manager/list', platform, { mode: '1' })).records.some((r: any) => r.key === 'every_zoo')).toBe(true);
    for (const zoo of [adminA, adminB])
      expect(okData(await get('/blade-flow/work/start-list', zoo, {})).records.some((r: any) => r.key === 'every_zoo')).toBe(true);
    // Removing it is audited the same way.
    okData(await post('/blade-flow/manager/delete-deployment', platform, { query: { deploymentIds: def.deployment_id } }));
    expect(
      (await q(`select tenant_id from sys_audit where table_name = 'flow_definition' and record_id = $1 and action = 'delete'`, [def.id])).map(
        (r: any) => r.tenant_id,
      ),
    ).toEqual(['000000']);
  });
});

describe('own definitions at run time', () => {
  it('parallel branches join, conditions read variables, delete-task answers its message', async () => {
    // Own definition of tenant A (deployed by the test above): both branches must finish before the gateway decides.
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
