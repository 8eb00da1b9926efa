import { describe, expect, it } from 'vitest';
import { anotherServer, bpmn, deployUpload, flowCalls, FLOW_TENANT, okData, taskSteps, useFlowWorld } from '../../../test/flow-fixtures';

/**
 * Thrown events (issue 35, decision 0050): error end events caught by an error boundary event, an uncaught error,
 * terminate end events, intermediate throw events (none, signal, escalation, compensation) and compensation
 * handlers. bpmn-elements runs them; the state between steps lives in PostgreSQL, so another server continues.
 */

const w = useFlowWorld([
  ['thadmin', 'admin'],
  ['thclerk', 'clerk'],
  ['thboss', 'boss'],
]);
const { q, post, today } = flowCalls(w);

const DEFS = `<error id="Err_sick" name="动物生病" errorCode="SICK"/><escalation id="Esc_vet" name="请兽医" escalationCode="VET"/><signal id="Sig_quake" name="抛出地震"/><message id="Msg_out" name="抛出通知"/>`;
const doc = (key: string, body: string) => bpmn(key, body).replace('</process>', `</process>${DEFS}`);
const flow = (id: string, from: string, to: string) => `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;
const task = (id: string, extra = '') => `<userTask id="${id}" name="任务${id}" flowable:assignee="\${taskUser}"${extra}/>`;

const deployRaw = async (key: string, body: string) => {
  okData(await deployUpload(w.t, w.users.thadmin!.token, [[`${key}.bpmn`, doc(key, body)]], { category: 'flow_1', tenantIds: FLOW_TENANT }));
  const [d] = await q(`select definition_id, not_executable from flow_definition where process_key = $1 order by version desc limit 1`, [key]);
  return { id: d.definition_id as string, notExecutable: d.not_executable as string };
};
const deploy = async (key: string, body: string) => {
  const d = await deployRaw(key, body);
  expect(d.notExecutable, key).toBe('');
  return d.id;
};
const start = async (definitionId: string, reason: string) => {
  okData(
    await post('/blade-desk/process/leave/start-process', w.users.thclerk!.token, {
      body: { processDefinitionId: definitionId, taskUser: w.users.thboss!.id, startTime: `${today} 09:00:00`, endTime: '2099-01-04 09:00:00', reason },
    }),
  );
  const [r] = await q(`select process_instance_id from blade_process_leave where reason = $1`, [reason]);
  return r.process_instance_id as string;
};
const { keys, complete } = taskSteps(w, 'thboss');
const instance = async (id: string) => (await q(`select state, delete_reason from flow_instance where id = $1`, [id]))[0];
const visited = async (id: string) =>
  (await q(`select activity_id from flow_history where instance_id = $1 and activity_type <> 'sequenceFlow' order by seq`, [id])).map((r) => r.activity_id);

/** A sub-process whose end event `end` is reached after its task `inner`; an error boundary leads to `after`. */
const ERROR_SUB = (end: string) =>
  [
    `<startEvent id="s"/>`,
    flow('f1', 's', 'sp'),
    `<subProcess id="sp" name="检疫">`,
    `<startEvent id="ss"/>`,
    flow('g1', 'ss', 'inner'),
    task('inner'),
    flow('g2', 'inner', 'ee'),
    end,
    `</subProcess>`,
    `<boundaryEvent id="b" name="生病了" attachedToRef="sp"><errorEventDefinition errorRef="Err_sick"/></boundaryEvent>`,
    flow('f2', 'b', 'after'),
    task('after'),
    flow('f3', 'after', 'e'),
    `<endEvent id="e"/>`,
    flow('f4', 'sp', 'normal'),
    task('normal'),
    flow('f5', 'normal', 'e2'),
    `<endEvent id="e2"/>`,
  ].join('');

describe('error events', () => {
  it('an error end event in a sub-process is caught by its error boundary event — on a server started meanwhile', async () => {
    const def = await deploy('th_error', ERROR_SUB(`<endEvent id="ee" name="报告生病"><errorEventDefinition errorRef="Err_sick"/></endEvent>`));
    const id = await start(def, '检疫出错');
    expect(await keys(id)).toEqual(['inner']);
    const other = await anotherServer(w.t);
    try {
      await complete(id, 'inner', (o) => other.app.inject(o as never));
    } finally {
      await other.close();
    }
    // The boundary's path, not the sub-process's normal way out.
    expect(await keys(id)).toEqual(['after']);
    expect(await visited(id)).toEqual(['s', 'sp', 'ss', 'inner', 'ee', 'b', 'after']);
    await complete(id, 'after');
    expect(await instance(id)).toEqual({ state: 'finished', delete_reason: '' });
  });

  it('an error no boundary event catches ends the instance, which records the error', async () => {
    const body = [
      `<startEvent id="s"/>`,
      flow('f1', 's', 'pg'),
      `<parallelGateway id="pg"/>`,
      flow('f2', 'pg', 'a'),
      flow('f3', 'pg', 'other'),
      task('a'),
      task('other'),
      flow('f4', 'a', 'ee'),
      `<endEvent id="ee"><errorEventDefinition errorRef="Err_sick"/></endEvent>`,
      flow('f5', 'other', 'e'),
      `<endEvent id="e"/>`,
    ].join('');
    const def = await deploy('th_error_uncaught', body);
    const id = await start(def, '未捕获的错误');
    await complete(id, 'other');
    await complete(id, 'a');
    expect(await instance(id)).toEqual({ state: 'finished', delete_reason: '流程以错误「动物生病」结束(错误代码 SICK)' });
    expect(await keys(id)).toEqual([]);
  });
});

describe('terminate end events', () => {
  it('end the whole instance: the other branch’s task closes', async () => {
    const body = [
      `<startEvent id="s"/>`,
      flow('f1', 's', 'pg'),
      `<parallelGateway id="pg"/>`,
      flow('f2', 'pg', 'a'),
      flow('f3', 'pg', 'b'),
      task('a'),
      task('b'),
      flow('f4', 'a', 't'),
      `<endEvent id="t" name="全部终止"><terminateEventDefinition/></endEvent>`,
      flow('f5', 'b', 'e'),
      `<endEvent id="e"/>`,
    ].join('');
    const def = await deploy('th_terminate', body);
    const id = await start(def, '终止');
    expect(await keys(id)).toEqual(['a', 'b']);
    await complete(id, 'a');
    expect((await instance(id)).state).toBe('finished');
    expect(await q(`select task_def_key, delete_reason from flow_task where instance_id = $1 and task_def_key = 'b'`, [id])).toEqual([
      { task_def_key: 'b', delete_reason: '流程已结束' },
    ]);
  });
});

describe('intermediate throw events', () => {
  it('a none throw passes; a signal throw reaches its own catch and another instance’s, as process/signal does', async () => {
    const listener = await deploy(
      'th_listener',
      [
        `<startEvent id="s"/>`,
        flow('f1', 's', 'c'),
        `<intermediateCatchEvent id="c"><signalEventDefinition signalRef="Sig_quake"/></intermediateCatchEvent>`,
        flow('f2', 'c', 'heard'),
        task('heard'),
      ].join(''),
    );
    const thrower = await deploy(
      'th_thrower',
      [
        `<startEvent id="s"/>`,
        flow('f1', 's', 'none'),
        `<intermediateThrowEvent id="none" name="记一笔"/>`,
        flow('f2', 'none', 'pg'),
        `<parallelGateway id="pg"/>`,
        flow('f3', 'pg', 'c'),
        flow('f4', 'pg', 'go'),
        `<intermediateCatchEvent id="c"><signalEventDefinition signalRef="Sig_quake"/></intermediateCatchEvent>`,
        flow('f5', 'c', 'own'),
        task('own'),
        task('go'),
        flow('f6', 'go', 't'),
        `<intermediateThrowEvent id="t" name="发地震信号"><signalEventDefinition signalRef="Sig_quake"/></intermediateThrowEvent>`,
        flow('f7', 't', 'e'),
        `<endEvent id="e"/>`,
      ].join(''),
    );
    const waiting = await start(listener, '等地震');
    // A suspended instance is passed over; the thrower is not held up by it.
    const suspended = await start(listener, '挂起了等地震');
    await q(`update flow_instance set suspension_state = 2 where id = $1`, [suspended]);
    const id = await start(thrower, '发地震');
    expect(await keys(id)).toEqual(['go']);
    expect(await visited(id)).toEqual(expect.arrayContaining(['none']));
    await complete(id, 'go');
    expect(await keys(id)).toEqual(['own']);
    expect(await keys(waiting)).toEqual(['heard']);
    expect(await keys(suspended)).toEqual([]);
    expect(await q(`select kind from flow_event_sub where instance_id = $1`, [suspended])).toEqual([{ kind: 'signal' }]);
    expect(await q(`select 1 from flow_event_sub where instance_id = any($1::bigint[])`, [[id, waiting]])).toEqual([]);
  });

  it('a message throw deploys as not executable, with the reason', async () => {
    const d = await deployRaw(
      'th_message_throw',
      [
        `<startEvent id="s"/>`,
        flow('f1', 's', 'm'),
        `<intermediateThrowEvent id="m" name="通知"><messageEventDefinition messageRef="Msg_out"/></intermediateThrowEvent>`,
      ].join(''),
    );
    expect(d.notExecutable).toContain('发送消息暂不支持执行');
  });
});

const ESCALATION = (interrupting: boolean) =>
  [
    `<startEvent id="s"/>`,
    flow('f1', 's', 'sp'),
    `<subProcess id="sp">`,
    `<startEvent id="ss"/>`,
    flow('g1', 'ss', 'inner'),
    task('inner'),
    flow('g2', 'inner', 'x'),
    `<intermediateThrowEvent id="x" name="上报"><escalationEventDefinition escalationRef="Esc_vet"/></intermediateThrowEvent>`,
    flow('g3', 'x', 'inner2'),
    task('inner2'),
    flow('g4', 'inner2', 'se'),
    `<endEvent id="se"/>`,
    `</subProcess>`,
    `<boundaryEvent id="b" attachedToRef="sp" cancelActivity="${interrupting}"><escalationEventDefinition escalationRef="Esc_vet"/></boundaryEvent>`,
    flow('f2', 'b', 'vet'),
    task('vet'),
    flow('f3', 'vet', 'e'),
    `<endEvent id="e"/>`,
    flow('f4', 'sp', 'e2'),
    `<endEvent id="e2"/>`,
  ].join('');

describe('escalation events', () => {
  it('a non-interrupting escalation boundary runs beside the sub-process', async () => {
    const id = await start(await deploy('th_escalate', ESCALATION(false)), '上报兽医');
    await complete(id, 'inner');
    expect(await keys(id)).toEqual(['inner2', 'vet']);
  });
  it('an interrupting one ends the sub-process', async () => {
    const id = await start(await deploy('th_escalate_cut', ESCALATION(true)), '上报兽医并中止');
    await complete(id, 'inner');
    expect(await keys(id)).toEqual(['vet']);
  });
});

// Last: it closes the harness's server.
describe('compensation', () => {
  it('a compensate throw runs the handler of the completed task, which waits across a restart', async () => {
    const body = [
      `<startEvent id="s"/>`,
      flow('f1', 's', 'book'),
      task('book'),
      `<boundaryEvent id="cb" attachedToRef="book"><compensateEventDefinition/></boundaryEvent>`,
      task('undo', ' isForCompensation="true"'),
      `<association id="a1" associationDirection="One" sourceRef="cb" targetRef="undo"/>`,
      flow('f2', 'book', 'check'),
      task('check'),
      flow('f3', 'check', 'ct'),
      `<intermediateThrowEvent id="ct" name="撤销预订"><compensateEventDefinition/></intermediateThrowEvent>`,
      flow('f4', 'ct', 'last'),
      task('last'),
      flow('f5', 'last', 'e'),
      `<endEvent id="e"/>`,
    ].join('');
    const id = await start(await deploy('th_compensate', body), '预订后撤销');
    await complete(id, 'book');
    // The handler is offered only once compensation is thrown.
    expect(await keys(id)).toEqual(['check']);
    await complete(id, 'check');
    expect(await keys(id)).toEqual(['last', 'undo']);
    await w.t.app.close();
    const next = await anotherServer(w.t);
    try {
      await complete(id, 'undo', (o) => next.app.inject(o as never));
      await complete(id, 'last', (o) => next.app.inject(o as never));
    } finally {
      await next.close();
    }
    expect((await instance(id)).state).toBe('finished');
    expect(await visited(id)).toEqual(['s', 'book', 'check', 'ct', 'undo', 'cb', 'last', 'e']);
  });
});
