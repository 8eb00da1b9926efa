import { describe, expect, it } from 'vitest';
import { BASIC } from '../../../test/harness';
import { anotherServer, bpmn, deployUpload, flowCalls, FLOW_TENANT, okData, taskSteps, until, useFlowWorld } from '../../../test/flow-fixtures';

/**
 * Inclusive and event-based gateways (issue 35): an inclusive fork takes every flow whose condition holds (the
 * default flow when none does) and its join waits for exactly the branches taken; an event-based gateway waits for
 * the first of its message, timer and signal catches and cancels the others. The waits live in PostgreSQL (engine
 * state, flow_timer, flow_event_sub): a server started after the wait began finishes it.
 */

const POLL = { FLOW_TIMER_POLL_MS: '100' };
const w = useFlowWorld(
  [
    ['gwadmin', 'admin'],
    ['gwclerk', 'clerk'],
    ['gwboss', 'boss'],
  ],
  () => POLL,
);
const { q, post, today } = flowCalls(w);

const DEFS = `<message id="Msg_paid" name="网关付款"/><signal id="Sig_storm" name="网关台风"/>`;
const doc = (key: string, body: string) => bpmn(key, body).replace('</process>', `</process>${DEFS}`);
const flow = (id: string, from: string, to: string, cond?: string) =>
  cond
    ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression">\${${cond}}</conditionExpression></sequenceFlow>`
    : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;
const task = (id: string) => `<userTask id="${id}" name="任务${id}" flowable:assignee="\${taskUser}"/>`;

/** Three conditional branches and a default one, joined by a second inclusive gateway, then a last task. */
const INCLUSIVE = [
  `<startEvent id="s"/>`,
  flow('f0', 's', 'fork'),
  `<inclusiveGateway id="fork" name="分支" default="fd"/>`,
  flow('fa', 'fork', 'a', 'days >= 2'),
  flow('fb', 'fork', 'b', 'days >= 10'),
  flow('fc', 'fork', 'c', 'days >= 100000'),
  flow('fd', 'fork', 'd'),
  task('a'),
  task('b'),
  task('c'),
  task('d'),
  ...['a', 'b', 'c', 'd'].map((x) => flow(`j${x}`, x, 'join')),
  `<inclusiveGateway id="join" name="汇合"/>`,
  flow('f9', 'join', 'after'),
  task('after'),
  flow('f10', 'after', 'e'),
  `<endEvent id="e"/>`,
].join('');

/** Waits for a message, a timer or a signal, whichever comes first; each leads to its own end. */
const RACE = (timer: string) =>
  [
    `<startEvent id="s"/>`,
    flow('f0', 's', 'gw'),
    `<eventBasedGateway id="gw" name="等结果"/>`,
    flow('f1', 'gw', 'paid'),
    flow('f2', 'gw', 'late'),
    flow('f3', 'gw', 'storm'),
    `<intermediateCatchEvent id="paid" name="已付款"><messageEventDefinition messageRef="Msg_paid"/></intermediateCatchEvent>`,
    `<intermediateCatchEvent id="late" name="超时"><timerEventDefinition><timeDuration>${timer}</timeDuration></timerEventDefinition></intermediateCatchEvent>`,
    `<intermediateCatchEvent id="storm" name="台风"><signalEventDefinition signalRef="Sig_storm"/></intermediateCatchEvent>`,
    flow('f4', 'paid', 'ship'),
    task('ship'),
    flow('f5', 'ship', 'e1'),
    `<endEvent id="e1"/>`,
    flow('f6', 'late', 'e2'),
    `<endEvent id="e2" name="超时结束"/>`,
    flow('f7', 'storm', 'e3'),
    `<endEvent id="e3"/>`,
  ].join('');

const deploy = async (key: string, body: string) => {
  okData(await deployUpload(w.t, w.users.gwadmin!.token, [[`${key}.bpmn`, doc(key, body)]], { category: 'flow_1', tenantIds: FLOW_TENANT }));
  const [d] = await q(`select definition_id, not_executable from flow_definition where process_key = $1 order by version desc limit 1`, [key]);
  expect(d.not_executable, key).toBe('');
  return d.definition_id as string;
};
/** Starts through the leave form: `days` (the inclusive conditions' variable) runs from today to `endTime`. */
const start = async (definitionId: string, reason: string, endTime = '2099-01-04 09:00:00') => {
  okData(
    await post('/blade-desk/process/leave/start-process', w.users.gwclerk!.token, {
      body: { processDefinitionId: definitionId, taskUser: w.users.gwboss!.id, startTime: `${today} 09:00:00`, endTime, reason },
    }),
  );
  const [r] = await q(
    `select process_instance_id, i.business_key from blade_process_leave l join flow_instance i on i.id::text = l.process_instance_id where reason = $1`,
    [reason],
  );
  return { id: r.process_instance_id as string, businessKey: r.business_key as string };
};
const { keys, complete } = taskSteps(w, 'gwboss');
const state = async (id: string) => (await q(`select state from flow_instance where id = $1`, [id]))[0].state as string;
const visited = async (id: string) =>
  (await q(`select activity_id from flow_history where instance_id = $1 and activity_type not in ('sequenceFlow') order by seq`, [id])).map(
    (r) => r.activity_id,
  );
/** History rows still open (a cancelled catch is closed with the step that cancelled it). */
const openSteps = async (id: string) =>
  (await q(`select activity_id from flow_history where instance_id = $1 and end_time is null`, [id])).map((r) => r.activity_id);
const waits = async (id: string) => ({
  timers: (await q(`select activity_id from flow_timer where instance_id = $1 order by 1`, [id])).map((r) => r.activity_id),
  subs: (await q(`select kind, name from flow_event_sub where instance_id = $1 order by 1`, [id])).map((r) => `${r.kind}:${r.name}`),
});

describe('inclusive gateways', () => {
  it('fork to every branch whose condition holds, and join once the taken branches are done — on another server too', async () => {
    const def = await deploy('gw_inclusive', INCLUSIVE);
    const one = await start(def, '长假');
    // days ≥ 10: a and b are taken, c's condition fails and the default is not taken when a condition holds.
    expect(await keys(one.id)).toEqual(['a', 'b']);
    await complete(one.id, 'a');
    // The join waits for b (a pass-through join would have offered `after` now).
    expect(await keys(one.id)).toEqual(['b']);
    expect(await state(one.id)).toBe('running');

    // The rest on a server started after the join began waiting.
    const other = await anotherServer(w.t, POLL);
    try {
      await complete(one.id, 'b', (o) => other.app.inject(o as never));
    } finally {
      await other.close();
    }
    expect(await keys(one.id)).toEqual(['after']);
    expect((await visited(one.id)).filter((x) => x === 'join')).toEqual(['join']);
    await complete(one.id, 'after');
    expect(await state(one.id)).toBe('finished');
    expect(await visited(one.id)).toEqual(['s', 'fork', 'a', 'b', 'join', 'after', 'e']);
  });

  it('take the default flow when no condition holds, and join it alone', async () => {
    const def = await deploy('gw_inclusive_default', INCLUSIVE.replaceAll('gw_inclusive', 'gw_inclusive_default'));
    const one = await start(def, '半天假', `${today} 18:00:00`);
    expect(await keys(one.id)).toEqual(['d']);
    await complete(one.id, 'd');
    expect(await keys(one.id)).toEqual(['after']);
  });
});

describe('event-based gateways', () => {
  it('the message comes first: its branch runs, the timer and the signal are cancelled', async () => {
    const def = await deploy('gw_race_msg', RACE('PT1H'));
    const one = await start(def, '等付款');
    expect(await waits(one.id)).toEqual({ timers: ['late'], subs: ['message:网关付款', 'signal:网关台风'] });
    expect(
      okData(await post('/blade-flow/process/message', w.users.gwclerk!.token, { body: { messageName: '网关付款', businessKey: one.businessKey } })),
    ).toEqual({
      processInstanceId: one.id,
      started: false,
    });
    expect(await keys(one.id)).toEqual(['ship']);
    expect(await waits(one.id)).toEqual({ timers: [], subs: [] });
    // The cancelled signal reaches nobody now.
    expect(okData(await post('/blade-flow/process/signal', w.users.gwclerk!.token, { body: { signalName: '网关台风' } }))).toEqual({
      delivered: 0,
      started: 0,
    });
    await complete(one.id, 'ship');
    expect(await state(one.id)).toBe('finished');
    // All three catches were entered (the history keeps cancelled ones, as Camunda's does) and are closed.
    expect(await visited(one.id)).toEqual(['s', 'gw', 'paid', 'late', 'storm', 'ship', 'e1']);
    expect(await openSteps(one.id)).toEqual([]);
  });

  it('no message comes: the timer fires from the database scheduler and the message finds nobody waiting', async () => {
    const def = await deploy('gw_race_timer', RACE('PT1S'));
    const one = await start(def, '等不到付款');
    await until('the timer branch', async () => (await state(one.id)) === 'finished');
    expect(await visited(one.id)).toEqual(['s', 'gw', 'paid', 'late', 'storm', 'e2']);
    expect(await openSteps(one.id)).toEqual([]);
    expect(await waits(one.id)).toEqual({ timers: [], subs: [] });
    const late = await post('/blade-flow/process/message', w.users.gwclerk!.token, { body: { messageName: '网关付款', businessKey: one.businessKey } });
    expect(late.status).toBe(400);
  });

  it('a signal wins as well', async () => {
    const def = await deploy('gw_race_signal', RACE('PT1H'));
    const one = await start(def, '等台风');
    expect(okData(await post('/blade-flow/process/signal', w.users.gwclerk!.token, { body: { signalName: '网关台风' } }))).toEqual({
      delivered: 1,
      started: 0,
    });
    expect(await state(one.id)).toBe('finished');
    expect(await visited(one.id)).toEqual(['s', 'gw', 'paid', 'late', 'storm', 'e3']);
    expect(await openSteps(one.id)).toEqual([]);
    expect(await waits(one.id)).toEqual({ timers: [], subs: [] });
  });
});

// Last: it closes the harness's server.
describe('a server restart while the gateway waits', () => {
  it('the next server delivers the message to one instance and fires the timer of the other', async () => {
    const msgDef = await deploy('gw_restart_msg', RACE('PT1H'));
    const timerDef = await deploy('gw_restart_timer', RACE('PT2S'));
    const byMessage = await start(msgDef, '重启后付款');
    const byTimer = await start(timerDef, '重启后超时');
    await w.t.app.close();
    // Nothing polls now: the timer falls due and stays due.
    await until(
      'the timer to fall due',
      async () => (await q(`select 1 from flow_timer where instance_id = $1 and due_at <= now()`, [byTimer.id])).length === 1,
    );
    expect(await state(byTimer.id)).toBe('running');
    const next = await anotherServer(w.t, POLL);
    try {
      const res = await next.app.inject({
        method: 'POST',
        url: '/api/blade-flow/process/message',
        headers: { authorization: BASIC, 'blade-auth': `bearer ${w.users.gwclerk!.token}` },
        payload: { messageName: '网关付款', businessKey: byMessage.businessKey },
      });
      expect(JSON.parse(res.body).data).toEqual({ processInstanceId: byMessage.id, started: false });
      expect(await keys(byMessage.id)).toEqual(['ship']);
      await until('the timer after the restart', async () => (await state(byTimer.id)) === 'finished');
      expect(await visited(byTimer.id)).toEqual(['s', 'gw', 'paid', 'late', 'storm', 'e2']);
      expect(await openSteps(byTimer.id)).toEqual([]);
      expect(await waits(byTimer.id)).toEqual({ timers: [], subs: [] });
      expect(await waits(byMessage.id)).toEqual({ timers: [], subs: [] });
    } finally {
      await next.close();
    }
  });
});
