import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { completedTimerPolls } from './timer-scheduler';
import { anotherServer, bpmn, deployUpload, flowCalls, FLOW_TENANT, okData, until, useFlowWorld } from '../../../test/flow-fixtures';

/**
 * Timer start events (decision 0050): a date, a duration after the deployment or a bounded cycle, kept in
 * flow_timer from the deployment and fired by the scheduler every server runs — once, whatever the number of
 * servers, and after a restart.
 */

const POLL = '100';
const w = useFlowWorld([['tsadmin', 'admin']], () => ({ FLOW_TIMER_POLL_MS: POLL }));
const { q, get } = flowCalls(w);

const deploy = async (key: string, xml: string) =>
  okData(await deployUpload(w.t, w.users.tsadmin!.token, [[`${key}.bpmn`, xml]], { category: 'flow_1', tenantIds: FLOW_TENANT }));
/** A process started by a timer: the timer start event, then 巡检 for the curators. */
const TIMED = (key: string, timer: string) =>
  bpmn(
    key,
    `<startEvent id="s" name="定时"><timerEventDefinition>${timer}</timerEventDefinition></startEvent><sequenceFlow id="f1" sourceRef="s" targetRef="u"/>
    <userTask id="u" name="巡检" flowable:candidateGroups="curator"/><sequenceFlow id="f2" sourceRef="u" targetRef="e"/><endEvent id="e"/>`,
  );
const instances = async (key: string) =>
  (await q(`select id::text, start_user_id, start_user_name, version from flow_instance where process_key = $1 order by id`, [key])) as any[];
const timerOf = async (key: string) =>
  (
    await q(`select t.timer_type, t.timer_value, t.tenant_id from flow_timer t join flow_definition d using (definition_id) where d.process_key = $1`, [key])
  )[0];
const notExecutable = async (key: string) =>
  (await q(`select not_executable from flow_definition where process_key = $1 order by version desc limit 1`, [key]))[0].not_executable as string;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
/**
 * Waits until each server's scheduler has finished two more polls: one that began after this call has then run
 * whole, so a start it would wrongly make is in the database (a wait on the pollers, not a guessed while).
 */
async function morePolls(...apps: FastifyInstance[]) {
  const from = apps.map(completedTimerPolls);
  await until('two more polls of every server', async () => apps.every((a, i) => completedTimerPolls(a) >= from[i]! + 2));
}

describe('timer start events', () => {
  it('a duration starts one instance that long after the deployment, as 流程定时器; a date starts one at that date', async () => {
    const before = Date.now();
    await deploy('ts_duration', TIMED('ts_duration', '<timeDuration>PT1S</timeDuration>'));
    expect(await timerOf('ts_duration')).toEqual({ timer_type: 'timeDuration', timer_value: 'PT1S', tenant_id: FLOW_TENANT });
    const [started] = await until('the timer start', async () => (await instances('ts_duration'))[0] && instances('ts_duration'));
    expect(Date.now() - before).toBeGreaterThanOrEqual(1000);
    expect(started).toMatchObject({ start_user_id: null, start_user_name: '流程定时器' });
    expect(await q(`select name, candidate_groups from flow_task where instance_id = $1`, [started.id])).toEqual([
      { name: '巡检', candidate_groups: ['curator'] },
    ]);
    expect(await timerOf('ts_duration')).toBeUndefined();
    // 流程跟踪 lists it like any instance.
    const follow = okData(await get('/blade-flow/follow/list', w.users.tsadmin!.token, { processInstanceId: started.id }));
    expect(follow.records[0]).toMatchObject({ processInstanceId: started.id, startUser: '流程定时器', startUserId: '' });

    await deploy('ts_date', TIMED('ts_date', `<timeDate>${iso(800)}</timeDate>`));
    await until('the dated start', async () => (await instances('ts_date')).length === 1);
    expect(await timerOf('ts_date')).toBeUndefined();
  });

  it('a bounded cycle starts its count of instances, counting down in the row; a new version replaces the older one’s timer', async () => {
    await deploy('ts_cycle', TIMED('ts_cycle', '<timeCycle>R2/PT1S</timeCycle>'));
    expect(await timerOf('ts_cycle')).toMatchObject({ timer_type: 'timeCycle', timer_value: 'R2/PT1S' });
    await until('the first of the cycle', async () => (await instances('ts_cycle')).length === 1);
    expect(await timerOf('ts_cycle')).toMatchObject({ timer_value: 'R1/PT1S' });
    await until('the second of the cycle', async () => (await instances('ts_cycle')).length === 2, 5000);
    expect(await timerOf('ts_cycle')).toBeUndefined();
    await morePolls(w.t.app);
    expect(await instances('ts_cycle')).toHaveLength(2);

    await deploy('ts_versions', TIMED('ts_versions', '<timeCycle>R3/PT1H</timeCycle>'));
    await deploy('ts_versions', TIMED('ts_versions', '<timeDuration>PT2H</timeDuration>'));
    const rows = await q(
      `select d.version, t.timer_value from flow_timer t join flow_definition d using (definition_id) where d.process_key = 'ts_versions' order by 1`,
    );
    expect(rows).toEqual([{ version: 2, timer_value: 'PT2H' }]);
    // Deleting the deployment drops its timer start.
    const [dep] = await q(`select deployment_id::text from flow_definition where process_key = 'ts_versions' and version = 2`);
    okData(
      await w.t.request({
        method: 'POST',
        url: '/blade-flow/manager/delete-deployment',
        token: w.users.tsadmin!.token,
        query: { deploymentIds: dep.deployment_id },
      }),
    );
    expect(await q(`select 1 from flow_timer where definition_id like 'ts_versions:2:%'`)).toEqual([]);
  });

  it('unbounded cycles, cron, expressions and a second start event deploy as 不可执行 with why; a manual start runs at once', async () => {
    await deploy('ts_forever', TIMED('ts_forever', '<timeCycle>R/PT1H</timeCycle>'));
    expect(await notExecutable('ts_forever')).toBe('定时启动「定时」是无限循环(R/PT1H),请写明次数,如 R5/PT1H');
    await deploy('ts_cron', TIMED('ts_cron', '<timeCycle>0 0 9 * * ?</timeCycle>'));
    expect(await notExecutable('ts_cron')).toBe('定时启动「定时」的循环定时只支持 ISO 8601 重复间隔,如 R5/PT1H');
    await deploy('ts_many', TIMED('ts_many', '<timeCycle>R5000/PT1H</timeCycle>'));
    expect(await notExecutable('ts_many')).toBe('定时启动「定时」的重复次数应在 1 到 1000 之间');
    await deploy('ts_expr', TIMED('ts_expr', '<timeDuration>${wait}</timeDuration>'));
    expect(await notExecutable('ts_expr')).toBe('定时启动「定时」不能使用表达式(启动前没有流程变量)');
    await deploy('ts_two', TIMED('ts_two', '<timeDuration>PT1H</timeDuration>').replace('<endEvent id="e"/>', '<endEvent id="e"/><startEvent id="s2"/>'));
    expect(await notExecutable('ts_two')).toBe('定时启动的流程只能有一个开始事件');
    expect(
      await q(`select 1 from flow_timer t join flow_definition d using (definition_id) where d.process_key like 'ts\\_%' and d.not_executable <> ''`),
    ).toEqual([]);

    // Started by hand, a timer-start process runs from its start event at once (Camunda 7 does the same).
    await deploy('ts_manual', TIMED('ts_manual', '<timeDuration>PT1H</timeDuration>'));
    const [def] = await q(`select definition_id from flow_definition where process_key = 'ts_manual'`);
    const res = await w.t.request({
      method: 'POST',
      url: '/blade-desk/process/leave/start-process',
      token: w.users.tsadmin!.token,
      body: {
        processDefinitionId: def.definition_id,
        taskUser: w.users.tsadmin!.id,
        startTime: '2099-01-01 09:00:00',
        endTime: '2099-01-04 09:00:00',
        reason: '手动',
      },
    });
    okData(res);
    const [inst] = await instances('ts_manual');
    expect(await q(`select name from flow_task where instance_id = $1`, [inst.id])).toEqual([{ name: '巡检' }]);
    expect(await timerOf('ts_manual')).toMatchObject({ timer_value: 'PT1H' });
  });

  it('two servers polling one database start the instance of each timer once', async () => {
    const second = await anotherServer(w.t, { FLOW_TIMER_POLL_MS: POLL });
    try {
      const keys = ['ts_race_a', 'ts_race_b', 'ts_race_c', 'ts_race_d'];
      const at = iso(1200);
      for (const k of keys) await deploy(k, TIMED(k, `<timeDate>${at}</timeDate>`));
      await until(
        'every raced start',
        async () =>
          (await q(`select count(*)::int as n from flow_timer t join flow_definition d using (definition_id) where d.process_key like 'ts\\_race\\_%'`))[0]
            .n === 0,
      );
      // Two more polls of both servers: a second start would show now.
      await morePolls(w.t.app, second.app);
      for (const k of keys) expect(await instances(k), k).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

// Last: it closes the harness's server.
describe('a timer start due while no server runs', () => {
  it('starts its instance when a server starts again', async () => {
    await deploy('ts_restart', TIMED('ts_restart', '<timeDuration>PT1S</timeDuration>'));
    await w.t.app.close();
    await until(
      'the timer to fall due',
      async () =>
        (await q(`select 1 from flow_timer t join flow_definition d using (definition_id) where d.process_key = 'ts_restart' and t.due_at <= now()`)).length,
    );
    expect(await instances('ts_restart')).toHaveLength(0);
    const next = await anotherServer(w.t, { FLOW_TIMER_POLL_MS: POLL });
    try {
      await until('the start after the restart', async () => (await instances('ts_restart')).length === 1);
      expect(await timerOf('ts_restart')).toBeUndefined();
    } finally {
      await next.close();
    }
  });
});
