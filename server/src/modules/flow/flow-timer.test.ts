import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { stockApprovalParamKey } from '@zoo/contract';
import { startTestApp, type TestApp } from '../../../test/harness';
import { createTenantUser } from '../../../test/fixtures';
import { anotherServer as otherServer, bpmn, deployUpload, until } from '../../../test/flow-fixtures';
import { ESCALATE, WAIT_THEN_TASK } from '../../../test/flow-timer-diagrams';
import { authorise, coverOutgoing, makeAnimal, makeCageChain, speciesId } from '../../../test/zoo-fixtures';
import { inTenant } from '../../platform/tenancy/tenant-tx';
import { startProcess } from './runtime';

/**
 * BPMN timers (decision 0026): kept in flow_timer, fired by the scheduler every server instance runs, never by
 * the engine's own setTimeout — so they survive a restart and fire once however many servers poll.
 */

const A = '400011';
const POLL = '100';
let t: TestApp;
let admin: string;
let clerk: { id: string; token: string };

const q = async (sql: string, params: unknown[] = []) => (await t.sql.query(sql, params)).rows;
const deployed = async (key: string, xml: string) => {
  const res = await deployUpload(t, admin, [[`${key}.bpmn20.xml`, xml]], { category: 'flow_2', tenantIds: A });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return (await q(`select definition_id from flow_definition where process_key = $1 order by version desc limit 1`, [key]))[0].definition_id as string;
};
const start = (db: FastifyInstance, definitionId: string) => {
  const session = { userId: clerk.id, tenantId: A, account: 'clerk', realName: 'clerk', roleAliases: ['clerk'] } as never;
  return inTenant(db.zoo.database.db, { tenantId: A, userId: clerk.id }, (tx) => startProcess(tx, session, definitionId, '', {}));
};
const stateOf = async (id: string) => (await q(`select state from flow_instance where id = $1`, [id]))[0].state as string;
const history = async (id: string) =>
  (await q(`select activity_id, activity_type, end_time is not null as ended from flow_history where instance_id = $1 order by seq`, [id])) as Array<{
    activity_id: string;
    activity_type: string;
    ended: boolean;
  }>;

/** Another server on the same database (its own pool and scheduler). */
const anotherServer = (env: Record<string, string> = {}) => otherServer(t, { FLOW_TIMER_POLL_MS: POLL, ...env });

beforeAll(async () => {
  t = await startTestApp({ FLOW_TIMER_POLL_MS: POLL });
  await t.app.ready();
  const { roleId } = await createTenantUser(t.sql, { tenantId: A, account: `adm${A}`, password: 'pw', roleAlias: 'admin' });
  await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu`, [A, roleId]);
  admin = await t.login(`adm${A}`, 'pw', A);
  const c = await createTenantUser(t.sql, { tenantId: A, account: 'clerk', password: 'pw', roleAlias: 'clerk' });
  clerk = { id: c.userId, token: await t.login('clerk', 'pw', A) };
});
afterAll(async () => t?.close().catch(() => undefined));

describe('deploying timers', () => {
  it('accepts durations and dates on boundary and catch events; deploys cycles on them as 不可执行; refuses bad values with a clear message', async () => {
    const msg = async (key: string, body: string) =>
      (await deployUpload(t, admin, [[`${key}.bpmn`, bpmn(key, body)]], { category: 'flow_2', tenantIds: A })).body.msg as string;
    const around = (timer: string) =>
      `<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="w"/><intermediateCatchEvent id="w" name="等">${timer}</intermediateCatchEvent><sequenceFlow id="f2" sourceRef="w" targetRef="e"/><endEvent id="e"/>`;
    // Valid BPMN the engine does not run yet: deployed, listed with the reason, never started.
    expect(await msg('cycle', around('<timerEventDefinition><timeCycle>R3/PT10M</timeCycle></timerEventDefinition>'))).toBe('操作成功');
    expect(await msg('message', around('<messageEventDefinition/>'))).toBe('操作成功');
    expect(
      (await q(`select process_key, not_executable from flow_definition where process_key in ('cycle','message') order by 1`)).map((r: any) => [
        r.process_key,
        r.not_executable,
      ]),
    ).toEqual([
      ['cycle', '定时器「等」使用了循环定时(timeCycle),只支持用在边界事件上'],
      ['message', '消息事件「等」未引用消息(messageRef)'],
    ]);
    expect(await msg('baddur', around('<timerEventDefinition><timeDuration>10 minutes</timeDuration></timerEventDefinition>'))).toBe(
      '流程 baddur 中的定时器「等」时长应为 ISO 8601 格式,如 PT30M、P1D',
    );
    expect(await msg('baddate', around('<timerEventDefinition><timeDate>明天</timeDate></timerEventDefinition>'))).toBe(
      '流程 baddate 中的定时器「等」日期应为 ISO 8601 格式,如 2026-12-01T09:00:00+08:00',
    );
    expect(await msg('empty', around('<timerEventDefinition/>'))).toBe('流程 empty 中的定时器「等」需要设置时长(timeDuration)或日期(timeDate)之一');
    expect(await q(`select 1 from flow_definition where process_key in ('baddur','baddate','empty')`)).toHaveLength(0);
  });
});

describe('timers fire from the database', () => {
  it('a user task nobody completes is escalated by its interrupting boundary timer after PT1S', async () => {
    const def = await deployed('escalate', ESCALATE('escalate', 'PT1S'));
    const before = Date.now();
    const id = await start(t.app, def);
    const [timer] = await q(`select activity_id, timer_type, timer_value, extract(epoch from due_at) * 1000 as due from flow_timer where instance_id = $1`, [
      id,
    ]);
    expect(timer).toMatchObject({ activity_id: 'late', timer_type: 'timeDuration', timer_value: 'PT1S' });
    expect(Number(timer.due) - before).toBeGreaterThanOrEqual(900);
    expect(await stateOf(id)).toBe('running');

    await until('escalation', async () => (await stateOf(id)) === 'finished');
    expect(Date.now() - before).toBeGreaterThanOrEqual(1000);
    expect((await history(id)).map((h) => [h.activity_id, h.ended])).toEqual([
      ['s', true],
      ['f1', true],
      ['u', true],
      ['late', true],
      ['f3', true],
      ['escalated', true],
    ]);
    expect((await q(`select end_time is not null as closed, delete_reason from flow_task where instance_id = $1`, [id]))[0]).toEqual({
      closed: true,
      delete_reason: '办理超时,已按流程转出',
    });
    expect(await q(`select 1 from flow_timer where instance_id = $1`, [id])).toHaveLength(0);

    // The history list and the diagram show the timer's branch.
    const hist = (await t.request({ url: '/blade-flow/process/history-flow-list', token: clerk.token, query: { processInstanceId: id } })).body.data;
    expect(hist.map((h: any) => [h.historyActivityId, h.historyActivityName])).toEqual([
      ['s', '开始'],
      ['late', '超时'],
      ['escalated', '已升级'],
    ]);
  });

  it('a task completed in time discards its timer; an intermediate catch event waits, then offers the task', async () => {
    const def = await deployed('escalate_slow', ESCALATE('escalate_slow', 'PT1H'));
    const id = await start(t.app, def);
    expect(await q(`select activity_id from flow_timer where instance_id = $1`, [id])).toEqual([{ activity_id: 'late' }]);
    const { roleId } = await createTenantUser(t.sql, { tenantId: A, account: 'cur', password: 'pw', roleAlias: 'curator' });
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu`, [A, roleId]);
    const cur = await t.login('cur', 'pw', A);
    const [task] = await q(`select id::text from flow_task where instance_id = $1`, [id]);
    expect((await t.request({ method: 'POST', url: '/blade-flow/work/claim-task', token: cur, query: { taskId: task.id } })).body.success).toBe(true);
    expect(
      (await t.request({ method: 'POST', url: '/blade-flow/work/complete-task', token: cur, body: { taskId: task.id, processInstanceId: id, flag: 'ok' } }))
        .body.success,
    ).toBe(true);
    expect(await stateOf(id)).toBe('finished');
    expect(await q(`select 1 from flow_timer where instance_id = $1`, [id])).toHaveLength(0);
    expect((await history(id)).map((h) => h.activity_id)).toEqual(['s', 'f1', 'u', 'f2', 'done']);

    const waitDef = await deployed('wait_then_task', WAIT_THEN_TASK);
    const w = await start(t.app, waitDef);
    expect(await q(`select 1 from flow_task where instance_id = $1`, [w])).toHaveLength(0);
    expect((await history(w)).map((h) => [h.activity_id, h.ended])).toEqual([
      ['s', true],
      ['f1', true],
      ['w', false],
    ]);
    await until('the task after the wait', async () => (await q(`select name from flow_task where instance_id = $1 and end_time is null`, [w]))[0]);
    expect((await history(w)).find((h) => h.activity_id === 'w')!.ended).toBe(true);
  });

  it('two servers polling one database fire each timer exactly once', async () => {
    const def = await deployed('escalate_many', ESCALATE('escalate_many', 'PT1S'));
    const second = await anotherServer();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push(await start(i % 2 ? second.app : t.app, def));
      await until(
        'every escalation',
        async () => (await q(`select count(*)::int as n from flow_instance where id = any($1::bigint[]) and state = 'finished'`, [ids]))[0].n === ids.length,
        15_000,
      );
      // One step to start, one to fire: a second firing would be a third step (and a second `late` row).
      const steps = await q(`select step from flow_engine_state where instance_id = any($1::bigint[])`, [ids]);
      expect(steps.map((s: any) => s.step)).toEqual(ids.map(() => 2));
      const late = await q(
        `select instance_id, count(*)::int as n from flow_history where activity_id = 'late' and instance_id = any($1::bigint[]) group by instance_id`,
        [ids],
      );
      expect(late.map((r: any) => r.n)).toEqual(ids.map(() => 1));
    } finally {
      await second.close();
    }
  });
});

describe('a timer whose step fails', () => {
  it('is pushed back with the error kept, and the instance stays as it was', async () => {
    const def = await deployed(
      'timer_fails',
      bpmn(
        'timer_fails',
        `<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="w"/>
        <intermediateCatchEvent id="w"><timerEventDefinition><timeDuration>PT0.2S</timeDuration></timerEventDefinition></intermediateCatchEvent>
        <sequenceFlow id="f2" sourceRef="w" targetRef="gw"/><exclusiveGateway id="gw"/>
        <sequenceFlow id="f3" sourceRef="gw" targetRef="e"><conditionExpression xsi:type="tFormalExpression">\${amount &gt; 100}</conditionExpression></sequenceFlow><endEvent id="e"/>`,
      ),
    );
    const id = await start(t.app, def);
    const row = await until(
      'the failed firing',
      async () =>
        (
          await q(`select attempts, last_error, due_at > now() + interval '30 seconds' as later from flow_timer where instance_id = $1 and attempts > 0`, [id])
        )[0],
    );
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/^流程执行失败/);
    expect(row.later).toBe(true);
    expect(await stateOf(id)).toBe('running');
    expect((await q(`select step from flow_engine_state where instance_id = $1`, [id]))[0].step).toBe(1);
  });
});

describe('a timer in an approval process', () => {
  it('a movement nobody approves in time is rejected, not applied', async () => {
    await deployed(
      'stock_timed',
      bpmn(
        'stock_timed',
        `<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="u"/>
        <userTask id="u" name="限时审批" flowable:candidateGroups="curator"/>
        <sequenceFlow id="f2" sourceRef="u" targetRef="e"/><endEvent id="e"/>
        <boundaryEvent id="late" name="超时" attachedToRef="u"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></boundaryEvent>
        <sequenceFlow id="f3" sourceRef="late" targetRef="e2"/><endEvent id="e2" name="超时结束"/>`,
      ),
    );
    await q(`insert into blade_param (param_name, param_key, param_value) values ('存栏审批', $1, 'stock_timed')`, [stockApprovalParamKey(A)]);
    await authorise(t, A, [{ latin: 'Ailuropoda melanoleuca' }]);
    const panda = await speciesId(t, 'Ailuropoda melanoleuca');
    const { cageId } = await makeCageChain(t, admin);
    const animalId = await makeAnimal(t, admin, { speciesId: panda, sex: 1, cageId });
    const permitId = await coverOutgoing(t, admin, [panda]);
    const res = await t.request({
      method: 'POST',
      url: '/zoo-stockLog/stockLog/export_enroll',
      token: admin,
      body: {
        animalType: 1,
        speciesId: panda,
        animalId,
        exportDate: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10),
        exportType: 3,
        output: '某园',
        permitIds: [permitId],
      },
    });
    const { approvalId, processInstanceId } = res.body.data.approval;
    await until('the timeout', async () => (await stateOf(processInstanceId)) === 'finished');
    expect((await q(`select state, reason from zoo_stock_approval where id = $1`, [approvalId]))[0]).toEqual({
      state: 'rejected',
      reason: '审批未通过: 超时未办理',
    });
    expect((await q(`select status from zoo_animal where id = $1`, [animalId]))[0].status).toBe(1);
    await q(`delete from blade_param where param_key = $1`, [stockApprovalParamKey(A)]);
  });
});

// Last: it closes the harness's server.
describe('a timer due while no server runs', () => {
  it('fires when a server starts again', async () => {
    const def = await deployed('escalate_restart', ESCALATE('escalate_restart', 'PT1S'));
    const id = await start(t.app, def);
    await t.app.close();
    // Until the timer is due (its 1 s after the start), not a fixed sleep: nothing polls now, so it stays due.
    await until('the timer to fall due', async () => (await q(`select 1 from flow_timer where instance_id = $1 and due_at <= now()`, [id])).length === 1);
    expect(await stateOf(id)).toBe('running');
    const next = await anotherServer();
    try {
      await until('the timer after the restart', async () => (await stateOf(id)) === 'finished');
      expect((await history(id)).map((h) => h.activity_id)).toContain('escalated');
    } finally {
      await next.close();
    }
  });
});
