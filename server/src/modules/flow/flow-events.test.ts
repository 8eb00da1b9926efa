import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BASIC } from '../../../test/harness';
import { bpmn, deployUpload, flowCalls, FLOW_TENANT, okData, useFlowWorld } from '../../../test/flow-fixtures';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPostgres } from '../../db/client';

/**
 * Message and signal events (decision 0050): intermediate catch, boundary, receive task and start events,
 * reached through process/message (one receiver, by name and business key or instance) and process/signal
 * (every receiver of the zoo); receivers live in the database, so two servers deliver one message once.
 */

const w = useFlowWorld([
  ['evadmin', 'admin'],
  ['evclerk', 'clerk'],
  ['evboss', 'boss'],
]);
const { q, get, post, today } = flowCalls(w);

const DEFS = `<message id="Msg_paid" name="付款完成"/><message id="Msg_cancel" name="取消"/><message id="Msg_arrived" name="动物到达"/><message id="Msg_race" name="检疫结果"/><signal id="Sig_alarm" name="台风预警"/>`;
/** The process body plus the shared message and signal elements (outside the process, as BPMN wants them). */
const doc = (key: string, body: string) => bpmn(key, body).replace('</process>', `</process>${DEFS}`);
const approve = `<userTask id="approve" name="审批" flowable:assignee="\${taskUser}"/>`;
const seq = (...ids: string[]) =>
  ids
    .slice(1)
    .map((to, i) => `<sequenceFlow id="q${i}_${to}" sourceRef="${ids[i]}" targetRef="${to}"/>`)
    .join('');

const deploy = async (key: string, body: string) => {
  okData(await deployUpload(w.t, w.users.evadmin!.token, [[`${key}.bpmn`, doc(key, body)]], { category: 'flow_1', tenantIds: FLOW_TENANT }));
  const [d] = await q(`select definition_id, not_executable from flow_definition where process_key = $1 order by version desc limit 1`, [key]);
  expect(d.not_executable, key).toBe('');
  return d.definition_id as string;
};
const start = async (definitionId: string, reason: string) => {
  okData(
    await post('/blade-desk/process/leave/start-process', w.users.evclerk!.token, {
      body: { processDefinitionId: definitionId, taskUser: w.users.evboss!.id, startTime: `${today} 09:00:00`, endTime: '2099-01-04 09:00:00', reason },
    }),
  );
  const [r] = await q(
    `select process_instance_id, i.business_key from blade_process_leave l join flow_instance i on i.id::text = l.process_instance_id where reason = $1`,
    [reason],
  );
  return { id: r.process_instance_id as string, businessKey: r.business_key as string };
};
const message = (body: Record<string, unknown>, token = w.users.evclerk!.token) => post('/blade-flow/process/message', token, { body });
const openTasks = async (id: string) =>
  (await q(`select task_def_key from flow_task where instance_id = $1 and end_time is null`, [id])).map((r) => r.task_def_key);
const instance = async (id: string) => (await q(`select state, variables from flow_instance where id = $1`, [id]))[0];
const subs = async (id: string) => (await q(`select kind, name, activity_id from flow_event_sub where instance_id = $1 order by activity_id`, [id])) as any[];

describe('messages', () => {
  it('an intermediate catch waits for its message, correlated by business key; its variables join the instance', async () => {
    const def = await deploy(
      'ev_wait_pay',
      `<startEvent id="s"/><intermediateCatchEvent id="pay" name="等付款"><messageEventDefinition messageRef="Msg_paid"/></intermediateCatchEvent>${approve}<endEvent id="e"/>${seq('s', 'pay', 'approve', 'e')}`,
    );
    const a = await start(def, '付款 A');
    const b = await start(def, '付款 B');
    expect(await subs(a.id)).toEqual([{ kind: 'message', name: '付款完成', activity_id: 'pay' }]);
    expect(await openTasks(a.id)).toEqual([]);
    // Two instances wait: the message must say which.
    const ambiguous = await message({ messageName: '付款完成' });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.msg).toBe('消息「付款完成」对应多个等待中的流程实例,请指定 businessKey 或 processInstanceId');
    const res = okData(await message({ messageName: '付款完成', businessKey: b.businessKey, variables: { amount: 1200, payer: '某动物园' } }));
    expect(res).toEqual({ processInstanceId: b.id, started: false });
    expect(await openTasks(b.id)).toEqual(['approve']);
    expect(await subs(b.id)).toEqual([]);
    expect((await instance(b.id)).variables).toMatchObject({ amount: 1200, payer: '某动物园' });
    // A is still waiting; by instance id now.
    expect(okData(await message({ messageName: '付款完成', processInstanceId: a.id }))).toEqual({ processInstanceId: a.id, started: false });
    expect(await openTasks(a.id)).toEqual(['approve']);
    const hist = okData(await get('/blade-flow/process/history-flow-list', w.users.evclerk!.token, { processInstanceId: a.id }));
    expect(hist.map((h: any) => h.historyActivityId)).toEqual(['s', 'pay', 'approve']);
  });

  it('a message nobody waits for and no process starts with is a 400; bad bodies too', async () => {
    const none = await message({ messageName: '无人等待', businessKey: 'x:1' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('没有流程在等待消息「无人等待」(业务标识 x:1),也没有由它启动的流程');
    expect((await message({})).body.msg).toBe('缺少必要的请求参数: messageName');
    expect((await message({ messageName: 'm', variables: { 'a-b': 1 } })).body.msg).toMatch(/^变量名应为/);
    expect((await message({ messageName: 'm', processInstanceId: 'abc' })).body.msg).toBe('processInstanceId格式不正确');
  });

  it('a boundary message on a task interrupts it; a receive task waits for its message', async () => {
    const def = await deploy(
      'ev_cancelable',
      `<startEvent id="s"/>${approve}<boundaryEvent id="cancel" name="撤销" attachedToRef="approve"><messageEventDefinition messageRef="Msg_cancel"/></boundaryEvent>` +
        `<receiveTask id="arrive" name="等到达" messageRef="Msg_arrived"/><endEvent id="e"/><endEvent id="cancelled" name="已撤销"/>` +
        `${seq('s', 'approve', 'arrive', 'e')}<sequenceFlow id="fc" sourceRef="cancel" targetRef="cancelled"/>`,
    );
    const one = await start(def, '撤销的申请');
    expect(await subs(one.id)).toEqual([{ kind: 'message', name: '取消', activity_id: 'cancel' }]);
    okData(await message({ messageName: '取消', processInstanceId: one.id }));
    expect(await openTasks(one.id)).toEqual([]);
    expect((await instance(one.id)).state).toBe('finished');
    const [task] = await q(`select delete_reason from flow_task where instance_id = $1`, [one.id]);
    expect(task.delete_reason).toBe('流程已结束');

    const two = await start(def, '到达的申请');
    const [t2] = await q(`select id::text from flow_task where instance_id = $1 and end_time is null`, [two.id]);
    okData(await post('/blade-flow/work/complete-task', w.users.evboss!.token, { body: { taskId: t2.id, processInstanceId: two.id, flag: 'ok' } }));
    expect(await subs(two.id)).toEqual([{ kind: 'message', name: '动物到达', activity_id: 'arrive' }]);
    okData(await message({ messageName: '动物到达', businessKey: two.businessKey }));
    expect((await instance(two.id)).state).toBe('finished');
  });

  it('a message start event starts the latest version with the business key and variables', async () => {
    await deploy(
      'ev_msg_start',
      `<startEvent id="s" name="收到付款"><messageEventDefinition messageRef="Msg_paid"/></startEvent><userTask id="book" name="入账"/><endEvent id="e"/>${seq('s', 'book', 'e')}`,
    );
    // Nothing waits for 付款完成 under this business key: the message starts an instance.
    const res = okData(await message({ messageName: '付款完成', businessKey: 'invoice:42', variables: { amount: 88 } }));
    expect(res.started).toBe(true);
    const [inst] = await q(`select process_key, business_key, variables, start_user_id::text as starter from flow_instance where id = $1`, [
      res.processInstanceId,
    ]);
    expect(inst).toMatchObject({ process_key: 'ev_msg_start', business_key: 'invoice:42', variables: { amount: 88 }, starter: w.users.evclerk!.id });
    expect(await openTasks(res.processInstanceId)).toEqual(['book']);
  });
});

describe('signals', () => {
  it('a signal reaches every waiting instance of the zoo once and starts processes that catch it', async () => {
    const def = await deploy(
      'ev_alarm',
      `<startEvent id="s"/><intermediateCatchEvent id="alarm" name="等预警"><signalEventDefinition signalRef="Sig_alarm"/></intermediateCatchEvent>${approve}<endEvent id="e"/>${seq('s', 'alarm', 'approve', 'e')}`,
    );
    await deploy(
      'ev_alarm_start',
      `<startEvent id="s"><signalEventDefinition signalRef="Sig_alarm"/></startEvent><userTask id="check" name="检查笼舍"/><endEvent id="e"/>${seq('s', 'check', 'e')}`,
    );
    const a = await start(def, '预警 A');
    const b = await start(def, '预警 B');
    const res = okData(await post('/blade-flow/process/signal', w.users.evclerk!.token, { body: { signalName: '台风预警', variables: { level: '橙色' } } }));
    expect(res).toEqual({ delivered: 2, started: 1 });
    for (const i of [a, b]) {
      expect(await openTasks(i.id)).toEqual(['approve']);
      expect((await instance(i.id)).variables).toMatchObject({ level: '橙色' });
    }
    const [started] = await q(`select id::text from flow_instance where process_key = 'ev_alarm_start'`);
    expect(await openTasks(started.id)).toEqual(['check']);
    // Nobody waits any more: a second signal only starts another instance.
    expect(okData(await post('/blade-flow/process/signal', w.users.evclerk!.token, { body: { signalName: '台风预警' } }))).toEqual({
      delivered: 0,
      started: 1,
    });
  });
});

describe('two servers, one database', () => {
  it('the same message sent to both at once is delivered once', async () => {
    const def = await deploy(
      'ev_race',
      `<startEvent id="s"/><intermediateCatchEvent id="pay"><messageEventDefinition messageRef="Msg_race"/></intermediateCatchEvent>${approve}<endEvent id="e"/>${seq('s', 'pay', 'approve', 'e')}`,
    );
    const one = await start(def, '竞争的付款');
    const config = loadConfig({ DATABASE_URL: w.t.config.databaseUrl!, CAPTCHA_MODE: 'on', LOG_LEVEL: 'silent', DB_POOL_MAX: '3' });
    const database = await openPostgres(config.databaseUrl!, 3, config.timeZone);
    const other: FastifyInstance = await buildApp(config, database, { logger: false });
    await other.ready();
    try {
      const body = { messageName: '检疫结果', businessKey: one.businessKey };
      const [r1, r2] = await Promise.all([
        message(body),
        other.inject({
          method: 'POST',
          url: '/api/blade-flow/process/message',
          headers: { authorization: BASIC, 'blade-auth': `bearer ${w.users.evclerk!.token}` },
          payload: body,
        }),
      ]);
      const answers = [r1.body, JSON.parse(r2.body)];
      expect(answers.filter((a) => a.success)).toHaveLength(1);
      expect(answers.find((a) => !a.success).msg).toMatch(/^没有流程在等待消息「检疫结果」/);
      expect(await q(`select 1 from flow_history where instance_id = $1 and activity_id = 'pay'`, [one.id])).toHaveLength(1);
      expect(await q(`select 1 from flow_task where instance_id = $1`, [one.id])).toHaveLength(1);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
