import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { BASIC, type TestApp } from '../../../test/harness';
import { flowCalls, okData, useFlowWorld } from '../../../test/flow-fixtures';
import { buildApp } from '../../app';
import { openPostgres } from '../../db/client';

const w = useFlowWorld([
  ['curator1', 'curator'],
  ['curator2', 'curator'],
  ['clerk', 'clerk'],
]);
const { users } = w;
const { today, q, get, post, commonDef, startLeave } = flowCalls(w);
let t: TestApp;
beforeAll(() => {
  t = w.t;
});

describe('leave process', () => {
  it('starts with the business key, offers the task to the approver, completes with 同意 and records the history', async () => {
    const start = okData(await get('/blade-flow/work/start-list', users.clerk!.token, { category: 'flow_1', mode: '1' }));
    expect(start.records.map((r: any) => [r.key, r.category, r.categoryName, r.tenantId, r.suspensionState])).toContainEqual([
      'leave',
      'flow_1',
      '请假流程',
      '',
      1,
    ]);

    const { leaveId, instanceId } = await startLeave(users.clerk!.token, users.curator1!.id, '看病');
    const detail = okData(await get('/blade-desk/process/leave/detail', users.clerk!.token, { businessId: leaveId }));
    expect(detail).toMatchObject({ reason: '看病', processInstanceId: instanceId, taskUser: users.curator1!.id });
    expect(detail.days).toBeGreaterThan(10_000);
    expect(detail.flow).toMatchObject({
      assigneeName: 'clerk',
      businessTable: 'blade_process_leave',
      businessId: leaveId,
      category: 'flow_1',
      processIsFinished: 'unfinished',
    });

    const todo = okData(await get('/blade-flow/work/todo-list', users.curator1!.token, { category: 'flow_1' }));
    const row = todo.records.find((r: any) => r.processInstanceId === instanceId);
    expect(row).toMatchObject({
      taskName: '审批人审批',
      category: 'flow_1',
      businessId: leaveId,
      status: 'todo',
      processDefinitionName: '请假流程',
      processDefinitionVersion: 1,
      assignee: users.curator1!.id,
    });
    expect(todo.size).toBe(todo.total);
    const sent = okData(await get('/blade-flow/work/send-list', users.clerk!.token, {}));
    expect(sent.records.find((r: any) => r.processInstanceId === instanceId)).toMatchObject({ processIsFinished: 'unfinished', taskName: '审批人审批' });

    // Someone else cannot complete it.
    const foreign = await post('/blade-flow/work/complete-task', users.curator2!.token, {
      body: { taskId: row.taskId, processInstanceId: instanceId, flag: 'ok' },
    });
    expect(foreign.body.msg).toBe('该任务未分配给您,请先签收');

    okData(await post('/blade-flow/work/complete-task', users.curator1!.token, { body: { taskId: row.taskId, processInstanceId: instanceId, flag: 'ok' } }));
    const [inst] = await q(`select state, variables from flow_instance where id = $1`, [instanceId]);
    expect(inst.state).toBe('finished');
    expect(inst.variables).toMatchObject({ pass: true, taskUser: `taskUser_${users.curator1!.id}`, createUser: 'clerk' });

    const hist = okData(await get('/blade-flow/process/history-flow-list', users.clerk!.token, { processInstanceId: instanceId }));
    expect(hist.map((h: any) => [h.historyActivityId, h.assigneeName])).toEqual([
      ['start', 'clerk'],
      ['approve', 'curator1'],
      ['endApproved', ''],
    ]);
    expect(hist[1]).toMatchObject({ historyActivityName: '审批人审批', comment: '同意' });
    expect(hist[1].endTime).not.toBe('');
    expect(hist[1].historyActivityDurationTime).toMatch(/秒$/);

    const done = okData(await get('/blade-flow/work/done-list', users.curator1!.token, {}));
    expect(done.records.find((r: any) => r.processInstanceId === instanceId)).toMatchObject({
      status: 'finish',
      comment: '同意',
      processIsFinished: 'finished',
    });

    const view = okData(await get('/blade-flow/process/model-view', users.clerk!.token, { processInstanceId: instanceId }));
    expect(view.xml).toContain('<process id="leave"');
    expect(view.flow.map((f: any) => f.historyActivityType)).toEqual(
      expect.arrayContaining(['startEvent', 'sequenceFlow', 'userTask', 'exclusiveGateway', 'endEvent']),
    );

    // The diagram image needs no token; taken flows, finished nodes coloured.
    const svg = await t.app.inject({ url: `/api/blade-flow/process/diagram-view?processInstanceId=${instanceId}` });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('data-element-id="approve" stroke="#52c41a"');
    expect(svg.body).toContain('data-element-id="approved" points');
    expect(svg.body).toMatch(/data-element-id="approved" points="[^"]+" fill="none" stroke="#faad14"/);
    expect(svg.body).toMatch(/data-element-id="rejected" points="[^"]+" fill="none" stroke="#333333"/);
  });

  it('a rejection (no flag, own comment) sets pass false and ends on the rejected branch', async () => {
    const { instanceId } = await startLeave(users.clerk!.token, users.curator1!.id, '旅游');
    const [task] = await q(`select id::text from flow_task where instance_id = $1`, [instanceId]);
    okData(
      await post('/blade-flow/work/complete-task', users.curator1!.token, { body: { taskId: task.id, processInstanceId: instanceId, comment: '工作太忙' } }),
    );
    const hist = okData(await get('/blade-flow/process/history-flow-list', users.clerk!.token, { processInstanceId: instanceId }));
    expect(hist.map((h: any) => h.historyActivityId)).toEqual(['start', 'approve', 'endRejected']);
    expect(hist[1].comment).toBe('工作太忙');
    expect((await q(`select pass from flow_task where id = $1`, [task.id]))[0].pass).toBe(false);
  });

  it('refuses bad input with the form messages', async () => {
    const def = await commonDef('leave');
    const bad = async (body: Record<string, unknown>) => (await post('/blade-desk/process/leave/start-process', users.clerk!.token, { body })).body;
    const base = { processDefinitionId: def, taskUser: users.curator1!.id, startTime: `${today} 09:00:00`, endTime: `${today} 18:00:00`, reason: 'x' };
    expect((await bad({ ...base, reason: '' })).msg).toBe('请输入请假理由');
    expect((await bad({ ...base, taskUser: undefined })).msg).toBe('请选择审批人');
    expect((await bad({ ...base, endTime: `${today} 08:00:00` })).msg).toBe('结束时间不能早于开始时间');
    expect((await bad({ ...base, processDefinitionId: 'nope:1:1' })).msg).toBe('开启流程失败: 流程定义不存在');
    expect((await bad({ ...base, taskUser: '123' })).msg).toBe('审批人不存在');
  });
});

// Last: it closes the harness's server.
describe('engine state lives in the database', () => {
  it('a new server on the same database completes a task started before the restart', async () => {
    const { instanceId } = await startLeave(users.clerk!.token, users.curator1!.id, '重启测试');
    const [task] = await q(`select id::text from flow_task where instance_id = $1 and end_time is null`, [instanceId]);
    expect((await q(`select step from flow_engine_state where instance_id = $1`, [instanceId]))[0].step).toBe(1);
    // Stop this server entirely, then build another one on the same database.
    await t.app.close();
    const database = await openPostgres(t.config.databaseUrl!, 2, t.config.timeZone);
    const app2 = await buildApp(t.config, database, { logger: false });
    try {
      const res = await app2.inject({
        method: 'POST',
        url: '/api/blade-flow/work/complete-task',
        headers: { authorization: BASIC, 'blade-auth': `bearer ${users.curator1!.token}` },
        payload: { taskId: task.id, processInstanceId: instanceId, flag: 'ok' },
      } as InjectOptions);
      expect(JSON.parse(res.body).success, res.body).toBe(true);
    } finally {
      await app2.close();
      await database.close();
    }
    expect((await q(`select state from flow_instance where id = $1`, [instanceId]))[0].state).toBe('finished');
  });
});
