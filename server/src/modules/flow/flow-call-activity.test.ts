import { describe, expect, it } from 'vitest';
import { BASIC } from '../../../test/harness';
import { anotherServer, bpmn, deployUpload, flowCalls, FLOW_TENANT, okData, until, useFlowWorld } from '../../../test/flow-fixtures';

/**
 * Call activities (decision 0050): the called process is a real instance linked to its caller, the caller waits
 * for its end, variables go in and out by Camunda's or Flowable's mappings; a called process that is missing is
 * an incident on the caller, retried once it is deployed.
 */

const w = useFlowWorld(
  [
    ['calladmin', 'admin'],
    ['callclerk', 'clerk'],
    ['callboss', 'boss'],
  ],
  () => ({ FLOW_TIMER_POLL_MS: '100' }),
);
const { q, get, post, today } = flowCalls(w);

const deploy = async (key: string, xml: string) =>
  okData(await deployUpload(w.t, w.users.calladmin!.token, [[`${key}.bpmn`, xml]], { category: 'flow_1', tenantIds: FLOW_TENANT }));
const definitionOf = async (key: string) =>
  (await q(`select definition_id, not_executable from flow_definition where process_key = $1 order by version desc limit 1`, [key]))[0];
/** Starts through the leave form's call (any definition): the variables taskUser, days and createUser are set. */
const start = async (key: string, reason: string) => {
  const def = await definitionOf(key);
  okData(
    await post('/blade-desk/process/leave/start-process', w.users.callclerk!.token, {
      body: { processDefinitionId: def.definition_id, taskUser: w.users.callboss!.id, startTime: `${today} 09:00:00`, endTime: '2099-01-04 09:00:00', reason },
    }),
  );
  return (await q(`select process_instance_id from blade_process_leave where reason = $1`, [reason]))[0].process_instance_id as string;
};
const instance = async (id: string) =>
  (await q(`select state, process_key, version, variables, business_key, parent_activity_id from flow_instance where id = $1`, [id]))[0];
const children = async (id: string) =>
  (await q(`select id::text, process_key, version, state, parent_activity_id from flow_instance where parent_instance_id = $1 order by id`, [id])) as any[];
const openTask = async (id: string) => (await q(`select id::text, task_def_key from flow_task where instance_id = $1 and end_time is null`, [id]))[0];

const CAMUNDA = 'xmlns:camunda="http://camunda.org/schema/1.0/bpmn"';
/** bpmn() with Camunda's namespace declared too. */
const camunda = (key: string, body: string) => bpmn(key, body).replace('targetNamespace="t"', `${CAMUNDA} targetNamespace="t"`);

/** The called process: 复核 by the leave's approver, who may set `finding`. */
const CHILD = bpmn(
  'call_child',
  `<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="review"/>
  <userTask id="review" name="复核" flowable:assignee="\${taskUser}"/><sequenceFlow id="f2" sourceRef="review" targetRef="e"/><endEvent id="e"/>`,
);
/** The caller: 调用复核 (Camunda's mappings), then 确认 by the same approver. */
const PARENT = (key: string, called: string, attrs = '', mappings = '') =>
  camunda(
    key,
    `<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="call"/>
    <callActivity id="call" name="调用复核" calledElement="${called}" ${attrs}><extensionElements>${
      mappings ||
      `<camunda:in source="taskUser" target="taskUser"/><camunda:in sourceExpression="\${days * 2}" target="doubled"/><camunda:in businessKey="#{execution.processBusinessKey}"/>
      <camunda:out source="finding" target="childFinding"/><camunda:out source="pass" target="childPass"/>`
    }</extensionElements></callActivity>
    <sequenceFlow id="f2" sourceRef="call" targetRef="confirm"/><userTask id="confirm" name="确认" flowable:assignee="\${taskUser}"/>
    <sequenceFlow id="f3" sourceRef="confirm" targetRef="e"/><endEvent id="e"/>`,
  );

describe('a call activity', () => {
  it('starts the latest called process as a linked instance, waits for it across servers, and takes its variables back', async () => {
    await deploy('call_child', CHILD);
    await deploy('call_child', CHILD); // version 2: the latest is called
    await deploy('call_parent', PARENT('call_parent', 'call_child'));
    const id = await start('call_parent', '调用子流程');

    // The caller waits at the call activity; the called instance is the latest version, linked, with the in-variables.
    expect(await openTask(id)).toBeUndefined();
    const [child] = await children(id);
    expect(child).toMatchObject({ process_key: 'call_child', version: 2, state: 'running', parent_activity_id: 'call' });
    const c = await instance(child.id);
    expect(c.variables).toMatchObject({ taskUser: `taskUser_${w.users.callboss!.id}`, doubled: (await instance(id)).variables.days * 2 });
    expect(c.variables.createUser).toBeUndefined();
    // The caller's business key goes along (camunda:in businessKey); the leave's end handler still answers only the caller.
    expect(c.business_key).toBe((await instance(id)).business_key);
    const hist = okData(await get('/blade-flow/process/history-flow-list', w.users.callclerk!.token, { processInstanceId: id }));
    // The caller's history lists the call with the instance it started (流程跟踪 links to it).
    expect(hist.find((h: any) => h.historyActivityId === 'call')).toMatchObject({
      historyActivityType: 'callActivity',
      historyActivityName: '调用复核',
      endTime: '',
      calledProcessInstanceId: child.id,
    });

    // The called instance's task is done on another server (a fresh pool and engine: nothing was kept in memory).
    const other = await anotherServer(w.t);
    try {
      const task = await openTask(child.id);
      expect(task.task_def_key).toBe('review');
      const boss = await w.t.login('callboss', 'pw', FLOW_TENANT);
      const done = await other.app.inject({
        method: 'POST',
        url: '/api/blade-flow/work/complete-task',
        headers: { 'blade-auth': `bearer ${boss}`, authorization: BASIC },
        payload: { taskId: task.id, processInstanceId: child.id, flag: 'ok', comment: '无误', variables: { finding: '笼舍完好' } },
      });
      expect(done.json(), done.body).toMatchObject({ success: true });
    } finally {
      await other.close();
    }
    expect((await instance(child.id)).state).toBe('finished');
    expect((await openTask(id)).task_def_key).toBe('confirm');
    const p = await instance(id);
    expect(p.variables).toMatchObject({ childFinding: '笼舍完好', childPass: true });
    expect(p.state).toBe('running');
  });

  it('a called process that ends at once completes the call in the same step (Flowable syntax, a given version, all variables)', async () => {
    await deploy('call_quick', bpmn('call_quick', '<startEvent id="s"/><sequenceFlow id="f" sourceRef="s" targetRef="e"/><endEvent id="e"/>'));
    await deploy('call_quick', CHILD.replaceAll('call_child', 'call_quick')); // version 2 waits: version 1 is called
    await deploy(
      'call_flowable',
      PARENT(
        'call_flowable',
        'call_quick',
        'camunda:calledElementBinding="version" camunda:calledElementVersion="1" flowable:inheritVariables="true"',
        '<flowable:out source="createUser" target="echoed"/>',
      ),
    );
    const id = await start('call_flowable', '立即结束的子流程');
    const [child] = await children(id);
    expect(child).toMatchObject({ process_key: 'call_quick', version: 1, state: 'finished' });
    expect((await instance(child.id)).variables.createUser).toBe('callclerk');
    expect((await openTask(id)).task_def_key).toBe('confirm');
    expect((await instance(id)).variables.echoed).toBe('callclerk');
  });

  it('a missing called process deploys (Camunda 7 resolves it at run time), is an incident at run time, and a retry after deploying it calls it', async () => {
    await deploy('call_missing', PARENT('call_missing', 'call_later'));
    expect((await definitionOf('call_missing')).not_executable).toBe('');
    const id = await start('call_missing', '缺少子流程');
    const admin = w.users.calladmin!.token;
    expect(okData(await get('/blade-flow/follow/list', admin, { processInstanceId: id })).records[0]).toMatchObject({ incidents: 1 });
    const [inc] = okData(await get('/blade-flow/follow/incident-list', admin, { processInstanceId: id }));
    expect(inc).toMatchObject({ activityId: 'call', activityName: '调用复核', service: 'callActivity', resolved: false });
    expect(inc.message).toBe('被调用的流程「call_later」不存在,请先部署');
    // Still missing: the retry counts.
    expect(okData(await post('/blade-flow/follow/incident-retry', admin, { query: { incidentId: inc.id } }))).toMatchObject({ resolved: false });

    await deploy('call_later', CHILD.replaceAll('call_child', 'call_later'));
    expect(okData(await post('/blade-flow/follow/incident-retry', admin, { query: { incidentId: inc.id } }))).toEqual({ resolved: true, message: '' });
    const [child] = await children(id);
    expect(child).toMatchObject({ process_key: 'call_later', state: 'running' });

    // The called instance deleted on its own: the caller gets an incident; retrying calls a new one.
    okData(await post('/blade-flow/follow/delete-process-instance', admin, { query: { processInstanceId: child.id, deleteReason: '误发' } }));
    const incs = okData(await get('/blade-flow/follow/incident-list', admin, { processInstanceId: id }));
    const open = incs.find((i: any) => !i.resolved);
    expect(open.message).toBe('被调用的流程实例已被删除: 误发');
    okData(await post('/blade-flow/follow/incident-retry', admin, { query: { incidentId: open.id } }));
    const again = (await children(id)).filter((c) => c.state === 'running');
    expect(again).toHaveLength(1);

    // Deleting the caller deletes what it called.
    okData(await post('/blade-flow/follow/delete-process-instance', admin, { query: { processInstanceId: id, deleteReason: '撤回' } }));
    expect((await instance(again[0].id)).state).toBe('deleted');
  });

  it('a boundary timer that cuts the call activity off deletes the called instance; the caller goes on', async () => {
    await deploy('call_child', CHILD);
    await deploy(
      'call_timed',
      PARENT('call_timed', 'call_child').replace(
        '<endEvent id="e"/>',
        `<endEvent id="e"/><boundaryEvent id="late" name="超时" attachedToRef="call"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></boundaryEvent>
        <sequenceFlow id="f4" sourceRef="late" targetRef="escalated"/><endEvent id="escalated" name="已升级"/>`,
      ),
    );
    const id = await start('call_timed', '子流程超时');
    const [child] = await children(id);
    expect(child.state).toBe('running');
    await until('the timeout', async () => (await instance(id)).state === 'finished');
    expect(await q(`select state, delete_reason from flow_instance where id = $1`, [child.id])).toEqual([
      { state: 'deleted', delete_reason: '调用方流程已结束' },
    ]);
    expect(await q(`select 1 from flow_task where instance_id = $1 and end_time is null`, [child.id])).toEqual([]);
  });

  it('refuses a version that is not a number; a versionTag binding deploys as 不可执行', async () => {
    const bad = await deployUpload(
      w.t,
      w.users.calladmin!.token,
      [['v.bpmn', PARENT('call_badver', 'call_child', 'camunda:calledElementBinding="version" camunda:calledElementVersion="最新"')]],
      { category: 'flow_1', tenantIds: FLOW_TENANT },
    );
    expect(bad.body.msg).toBe('流程 call_badver 的调用活动「调用复核」的版本(calledElementVersion)应为正整数');
    await deploy('call_tag', PARENT('call_tag', 'call_child', 'camunda:calledElementBinding="versionTag" camunda:calledElementVersionTag="v1"'));
    expect((await definitionOf('call_tag')).not_executable).toBe('调用活动「调用复核」按版本标签(versionTag)调用,暂不支持');
  });
});
