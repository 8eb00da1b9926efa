import { describe, expect, it } from 'vitest';
import { anotherServer, bpmn, deployUpload, flowCalls, FLOW_TENANT, okData, until, useFlowWorld } from '../../../test/flow-fixtures';

/**
 * Event sub-processes (message, signal and timer starts; interrupting and not) and bounded timer cycles on
 * boundary events (issue 35). Armed starts and cycles live in flow_event_sub and flow_timer like any wait, so the
 * database scheduler fires them once however many servers poll.
 */

const POLL = { FLOW_TIMER_POLL_MS: '100' };
const w = useFlowWorld(
  [
    ['espadmin', 'admin'],
    ['espclerk', 'clerk'],
    ['espboss', 'boss'],
  ],
  () => POLL,
);
const { q, post, today } = flowCalls(w);

const DEFS = `<message id="Msg_cancel" name="检疫取消"/><signal id="Sig_note" name="检疫提醒"/>`;
const doc = (key: string, body: string) => bpmn(key, body).replace('</process>', `</process>${DEFS}`);
const task = (id: string) => `<userTask id="${id}" name="任务${id}" flowable:assignee="\${taskUser}"/>`;
/** The main path: one user task `u`. */
const MAIN = `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="u"/>${task('u')}<sequenceFlow id="f1" sourceRef="u" targetRef="e"/><endEvent id="e"/>`;
/** An event sub-process whose start catches `trigger`, then offers `inner` (or ends at once without one). */
const ESP = (interrupting: boolean, trigger: string, inner?: string) =>
  `<subProcess id="esp" name="事件子流程" triggeredByEvent="true"><startEvent id="es" isInterrupting="${interrupting}">${trigger}</startEvent>` +
  (inner
    ? `<sequenceFlow id="ef0" sourceRef="es" targetRef="${inner}"/>${task(inner)}<sequenceFlow id="ef1" sourceRef="${inner}" targetRef="ee"/>`
    : `<sequenceFlow id="ef0" sourceRef="es" targetRef="ee"/>`) +
  `<endEvent id="ee"/></subProcess>`;
const MESSAGE = '<messageEventDefinition messageRef="Msg_cancel"/>';
const SIGNAL = '<signalEventDefinition signalRef="Sig_note"/>';
const TIMER = (d: string) => `<timerEventDefinition><timeDuration>${d}</timeDuration></timerEventDefinition>`;

const deploy = async (key: string, body: string, runnable = true) => {
  okData(await deployUpload(w.t, w.users.espadmin!.token, [[`${key}.bpmn`, doc(key, body)]], { category: 'flow_1', tenantIds: FLOW_TENANT }));
  const [d] = await q(`select definition_id, not_executable from flow_definition where process_key = $1 order by version desc limit 1`, [key]);
  if (runnable) expect(d.not_executable, key).toBe('');
  return { id: d.definition_id as string, why: d.not_executable as string };
};
const start = async (definitionId: string, reason: string) => {
  okData(
    await post('/blade-desk/process/leave/start-process', w.users.espclerk!.token, {
      body: { processDefinitionId: definitionId, taskUser: w.users.espboss!.id, startTime: `${today} 09:00:00`, endTime: '2099-01-04 09:00:00', reason },
    }),
  );
  const [r] = await q(
    `select process_instance_id, i.business_key from blade_process_leave l join flow_instance i on i.id::text = l.process_instance_id where reason = $1`,
    [reason],
  );
  return { id: r.process_instance_id as string, businessKey: r.business_key as string };
};
const open = async (id: string) =>
  (await q(`select task_def_key from flow_task where instance_id = $1 and end_time is null order by task_def_key`, [id])).map((r) => r.task_def_key);
const complete = async (instanceId: string, key: string) => {
  const [t] = await q(`select id::text from flow_task where instance_id = $1 and task_def_key = $2 and end_time is null`, [instanceId, key]);
  okData(await post('/blade-flow/work/complete-task', w.users.espboss!.token, { body: { taskId: t.id, processInstanceId: instanceId, flag: 'ok' } }));
};
const state = async (id: string) => (await q(`select state from flow_instance where id = $1`, [id]))[0].state as string;
const armed = async (id: string) => ({
  subs: (await q(`select kind, name, activity_id from flow_event_sub where instance_id = $1 order by 1`, [id])).map(
    (r) => `${r.kind}:${r.name}:${r.activity_id}`,
  ),
  timers: (await q(`select activity_id from flow_timer where instance_id = $1 order by 1`, [id])).map((r) => r.activity_id),
});
const message = (body: object) => post('/blade-flow/process/message', w.users.espclerk!.token, { body });
const signal = (signalName: string) => post('/blade-flow/process/signal', w.users.espclerk!.token, { body: { signalName } });

describe('event sub-processes', () => {
  it('an interrupting message start ends the main path and runs the sub-process', async () => {
    const def = await deploy('esp_msg_int', MAIN + ESP(true, MESSAGE, 'handle'));
    const one = await start(def.id, '检疫中途取消');
    expect(await open(one.id)).toEqual(['u']);
    expect(await armed(one.id)).toEqual({ subs: ['message:检疫取消:es'], timers: [] });
    // Armed for this instance only: the message does not start the process.
    expect(okData(await message({ messageName: '检疫取消', businessKey: one.businessKey }))).toEqual({ processInstanceId: one.id, started: false });
    expect(await open(one.id)).toEqual(['handle']);
    expect((await q(`select delete_reason from flow_task where instance_id = $1 and task_def_key = 'u'`, [one.id]))[0].delete_reason).toBe('流程已结束');
    expect(await armed(one.id)).toEqual({ subs: [], timers: [] });
    await complete(one.id, 'handle');
    expect(await state(one.id)).toBe('finished');
    // Nothing waits any more and no process starts with it.
    expect((await message({ messageName: '检疫取消', businessKey: one.businessKey })).status).toBe(400);
  });

  it('a non-interrupting signal start runs beside the main path and is armed again once it has ended', async () => {
    const def = await deploy('esp_sig', MAIN + ESP(false, SIGNAL, 'note'));
    const one = await start(def.id, '检疫提醒一次');
    expect(okData(await signal('检疫提醒'))).toEqual({ delivered: 1, started: 0 });
    expect(await open(one.id)).toEqual(['note', 'u']);
    // Running: not armed (a second signal now reaches nobody here).
    expect(await armed(one.id)).toEqual({ subs: [], timers: [] });
    await complete(one.id, 'note');
    expect(await armed(one.id)).toEqual({ subs: ['signal:检疫提醒:es'], timers: [] });
    expect(await open(one.id)).toEqual(['u']);
    expect(okData(await signal('检疫提醒'))).toEqual({ delivered: 1, started: 0 });
    expect(await open(one.id)).toEqual(['note', 'u']);
    await complete(one.id, 'u');
    // The main path is done; the instance waits for the sub-process still running.
    expect(await state(one.id)).toBe('running');
    await complete(one.id, 'note');
    expect(await state(one.id)).toBe('finished');
    expect(await armed(one.id)).toEqual({ subs: [], timers: [] });
  });

  it('an interrupting timer start fires from the database scheduler and ends the instance', async () => {
    const def = await deploy('esp_timer_int', MAIN + ESP(true, TIMER('PT1S')));
    const one = await start(def.id, '检疫超时');
    expect(await armed(one.id)).toEqual({ subs: [], timers: ['es'] });
    await until('the timer start', async () => (await state(one.id)) === 'finished');
    expect(await open(one.id)).toEqual([]);
    const hist = (await q(`select activity_id from flow_history where instance_id = $1 order by seq`, [one.id])).map((r) => r.activity_id);
    expect(hist).toEqual(expect.arrayContaining(['esp', 'es', 'ee']));
    expect(await armed(one.id)).toEqual({ subs: [], timers: [] });
  });

  it('a non-interrupting timer start fires once beside the main path', async () => {
    const def = await deploy('esp_timer', MAIN + ESP(false, TIMER('PT1S'), 'remind'));
    const one = await start(def.id, '检疫提醒定时');
    await until('the reminder', async () => (await open(one.id)).includes('remind'));
    expect(await open(one.id)).toEqual(['remind', 'u']);
    await complete(one.id, 'remind');
    // Fired once: not armed again.
    expect(await armed(one.id)).toEqual({ subs: [], timers: [] });
    await complete(one.id, 'u');
    expect(await state(one.id)).toBe('finished');
  });

  it('deploys what it cannot run as 不可执行, with the reason', async () => {
    const nested = `<subProcess id="outer"><startEvent id="os"/><sequenceFlow id="of" sourceRef="os" targetRef="oe"/><endEvent id="oe"/>${ESP(true, MESSAGE)}</subProcess>`;
    expect((await deploy('esp_nested', MAIN + nested, false)).why).toBe('事件子流程「事件子流程」嵌套在子流程中,暂不支持执行');
    const cycle = ESP(false, '<timerEventDefinition><timeCycle>R2/PT1H</timeCycle></timerEventDefinition>');
    expect((await deploy('esp_cycle', MAIN + cycle, false)).why).toBe('事件子流程「事件子流程」的定时开始只支持时长或日期(timeDuration、timeDate)');
  });
});

describe('timer cycles on boundary events', () => {
  const REMIND = (cycle: string) =>
    `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="u"/>${task('u')}<sequenceFlow id="f1" sourceRef="u" targetRef="e"/><endEvent id="e"/>` +
    `<boundaryEvent id="rem" name="催办" attachedToRef="u" cancelActivity="false"><timerEventDefinition><timeCycle>${cycle}</timeCycle></timerEventDefinition></boundaryEvent>` +
    `<sequenceFlow id="f2" sourceRef="rem" targetRef="reminded"/><endEvent id="reminded"/>`;
  const firings = async (id: string) =>
    Number((await q(`select count(*)::int as n from flow_history where instance_id = $1 and activity_id = 'rem'`, [id]))[0].n);

  it('a non-interrupting R3 cycle fires three times while the task waits, once each across two servers', async () => {
    const def = await deploy('cycle_remind', REMIND('R3/PT1S'));
    const second = await anotherServer(w.t, POLL);
    try {
      const ids = [(await start(def.id, '催办一')).id, (await start(def.id, '催办二')).id];
      for (const id of ids) await until('three reminders', async () => (await firings(id)) === 3 && (await armed(id)).timers.length === 0, 15_000);
      // The last firing left no timer: nothing more fires, the task still waits.
      for (const id of ids) {
        expect(await firings(id)).toBe(3);
        expect(await open(id)).toEqual(['u']);
        // One step to start, one per firing.
        expect((await q(`select step from flow_engine_state where instance_id = $1`, [id]))[0].step).toBe(4);
      }
    } finally {
      await second.close();
    }
  });

  it('stops when the task completes', async () => {
    const def = await deploy('cycle_stop', REMIND('R3/PT1S'));
    const one = await start(def.id, '催办后办结');
    await until('the first reminder', async () => (await firings(one.id)) >= 1);
    await complete(one.id, 'u');
    expect(await state(one.id)).toBe('finished');
    expect(await armed(one.id)).toEqual({ subs: [], timers: [] });
    expect(await firings(one.id)).toBeLessThan(3);
  });

  it('deploys unbounded cycles and cycles on catch events as 不可执行', async () => {
    expect((await deploy('cycle_forever', REMIND('R/PT1S'), false)).why).toBe('定时器「催办」是无限循环(R/PT1S),请写明次数,如 R5/PT1H');
  });
});
