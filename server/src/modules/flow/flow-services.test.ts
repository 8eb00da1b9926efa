import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOPBACK_ALLOWED } from '../../../test/harness';
import { createTenantUser } from '../../../test/fixtures';
import { bpmn, deployUpload, flowCalls, FLOW_TENANT, okData, useFlowWorld } from '../../../test/flow-fixtures';

/**
 * Service and send tasks bound to the registry of named server services (decision 0050): unknown names refused
 * at deploy, calls run on the step, a failing call becomes an incident on 流程跟踪 and is retried from there.
 */

/** A webhook receiver: /ok answers a ticket, /flaky fails until `flakyFails` reaches 0. */
let hook: http.Server;
let origin = '';
const received: Array<{ path: string; body: any }> = [];
let flakyFails = 0;
beforeAll(async () => {
  hook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(body || '{}') });
      if (req.url === '/flaky' && flakyFails > 0) {
        flakyFails--;
        res.writeHead(503).end('维护中');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ticket: `T-${received.length}` }));
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((r) => hook.close(() => r())));

const w = useFlowWorld(
  [
    ['svcadmin', 'admin'],
    ['svcclerk', 'clerk'],
    ['svcboss', 'boss'],
  ],
  () => ({ ...LOOPBACK_ALLOWED, FLOW_WEBHOOK_ORIGINS: origin }),
);
const { q, get, post, today } = flowCalls(w);

const task = (id: string, tag: 'serviceTask' | 'sendTask', type: string, fields: Record<string, string>) =>
  `<${tag} id="${id}" name="${id}名" flowable:type="${type}"><extensionElements>${Object.entries(fields)
    .map(([k, v]) => `<flowable:field name="${k}"><flowable:string>${v}</flowable:string></flowable:field>`)
    .join('')}</extensionElements></${tag}>`;
/** start → the given service tasks in a row → 审批 (the leave's approver) → end */
const chain = (key: string, services: string[]) => {
  const ids = ['start', ...services.map((_, i) => `s${i}`), 'approve', 'end'];
  const flows = ids
    .slice(1)
    .map((to, i) => `<sequenceFlow id="f${i}" sourceRef="${ids[i]}" targetRef="${to}"/>`)
    .join('');
  return bpmn(
    key,
    `<startEvent id="start"/>${services.join('')}<userTask id="approve" name="审批" flowable:assignee="\${taskUser}"/><endEvent id="end"/>${flows}`,
  );
};
const deploy = (key: string, xml: string) => deployUpload(w.t, w.users.svcadmin!.token, [[`${key}.bpmn`, xml]], { category: 'flow_1', tenantIds: FLOW_TENANT });
const definitionOf = async (key: string) =>
  (await q(`select definition_id, not_executable from flow_definition where process_key = $1 order by version desc limit 1`, [key]))[0];
/** Starts through the leave form's call (any definition) and returns the instance id. */
const start = async (key: string, reason: string) => {
  const def = await definitionOf(key);
  okData(
    await post('/blade-desk/process/leave/start-process', w.users.svcclerk!.token, {
      body: { processDefinitionId: def.definition_id, taskUser: w.users.svcboss!.id, startTime: `${today} 09:00:00`, endTime: '2099-01-04 09:00:00', reason },
    }),
  );
  return (await q(`select process_instance_id from blade_process_leave where reason = $1`, [reason]))[0].process_instance_id as string;
};
const openTasks = async (id: string) =>
  (await q(`select task_def_key from flow_task where instance_id = $1 and end_time is null`, [id])).map((r) => r.task_def_key);

describe('service tasks: the registry at deploy', () => {
  it('refuses an unknown service, a missing required field and an unknown field with a Chinese 400', async () => {
    const unknown = await deploy('svc_bad', chain('svc_bad', [task('s0', 'serviceTask', 'sendSms', { text: 'x' })]));
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe(
      '流程 svc_bad 的服务任务「s0名」调用了未登记的服务「sendSms」,可用的服务: notice(发布通知公告)、webhook(调用 Webhook)、setVariables(设置流程变量)',
    );
    const missing = await deploy('svc_bad', chain('svc_bad', [task('s0', 'sendTask', 'webhook', {})]));
    expect(missing.body.msg).toBe('流程 svc_bad 的发送任务「s0名」缺少服务「调用 Webhook」的必填参数 url');
    const extra = await deploy('svc_bad', chain('svc_bad', [task('s0', 'serviceTask', 'notice', { title: 't', colour: 'red' })]));
    expect(extra.body.msg).toBe('流程 svc_bad 的服务任务「s0名」的参数 colour 不属于服务「发布通知公告」(可用: title、content、category)');
    const badExpr = await deploy('svc_bad', chain('svc_bad', [task('s0', 'serviceTask', 'notice', { title: '${a; b}' })]));
    expect(badExpr.body.msg).toMatch(/^流程 svc_bad 的服务任务「s0名」的参数 title 表达式有误/);
    expect(await definitionOf('svc_bad')).toBeUndefined();
  });

  it('a service task naming no service deploys as 不可执行 and is refused at start', async () => {
    const xml = chain('svc_unbound', [
      '<serviceTask id="s0" name="外部计算" camunda:class="com.example.Calc" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"/>',
    ]);
    okData(await deploy('svc_unbound', xml));
    expect((await definitionOf('svc_unbound')).not_executable).toBe('服务任务「外部计算」未选择要调用的服务(flowable:type)');
  });
});

describe('service tasks: calls at run time', () => {
  it('notice, setVariables and webhook run in order, their answers become variables, then the user task is offered', async () => {
    const xml = chain('svc_chain', [
      task('s0', 'serviceTask', 'notice', { title: '请假 ${days} 天待审批', content: '请及时处理' }),
      task('s1', 'serviceTask', 'setVariables', { stage: '已通知', level: '${days}' }),
      task('s2', 'sendTask', 'webhook', { url: `${origin}/ok`, resultVariable: 'hookAnswer' }),
    ]);
    okData(await deploy('svc_chain', xml));
    const before = received.length;
    const id = await start('svc_chain', '服务链请假');
    expect(await openTasks(id)).toEqual(['approve']);
    const [notice] = await q(`select title, content, category, tenant_id from blade_notice where title like '请假%待审批'`);
    expect(notice).toMatchObject({ content: '请及时处理', category: 1, tenant_id: FLOW_TENANT });
    expect(notice.title).toMatch(/^请假 \d+ 天待审批$/);
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)).toMatchObject({ path: '/ok', body: { processInstanceId: id, processDefinitionKey: 'svc_chain', activityId: 's2' } });
    // The webhook saw the variables the earlier service set.
    expect(received.at(-1)!.body.variables).toMatchObject({ stage: '已通知' });
    const [inst] = await q(`select variables from flow_instance where id = $1`, [id]);
    expect(inst.variables).toMatchObject({ stage: '已通知', hookAnswer: { ticket: `T-${before + 1}` } });
    expect(inst.variables.level).toBe(inst.variables.days);
    const hist = okData(await get('/blade-flow/process/model-view', w.users.svcclerk!.token, { processInstanceId: id }));
    expect(hist.flow.filter((f: any) => f.endTime).map((f: any) => f.historyActivityType)).toEqual(expect.arrayContaining(['serviceTask', 'sendTask']));
  });

  it('a failing call is an incident on 流程跟踪; a retry that fails counts, one that succeeds moves the instance on', async () => {
    okData(await deploy('svc_flaky', chain('svc_flaky', [task('s0', 'serviceTask', 'webhook', { url: `${origin}/flaky` })])));
    flakyFails = 2;
    const id = await start('svc_flaky', '不稳定的接口');
    // The start itself succeeded: the instance waits at the failed call, nothing offered yet.
    expect(await openTasks(id)).toEqual([]);
    const admin = w.users.svcadmin!.token;
    const follow = okData(await get('/blade-flow/follow/list', admin, { processInstanceId: id }));
    expect(follow.records[0]).toMatchObject({ processInstanceId: id, incidents: 1 });
    const [inc] = okData(await get('/blade-flow/follow/incident-list', admin, { processInstanceId: id }));
    expect(inc).toMatchObject({ activityId: 's0', activityName: 's0名', service: 'webhook', attempts: 1, resolved: false });
    expect(inc.message).toBe('Webhook 返回 HTTP 503: 维护中');

    // A task completion elsewhere in the instance would not re-run it either: only a retry does.
    const again = okData(await post('/blade-flow/follow/incident-retry', admin, { query: { incidentId: inc.id } }));
    expect(again).toEqual({ resolved: false, message: 'Webhook 返回 HTTP 503: 维护中' });
    expect((await q(`select attempts, resolved_time from flow_incident where id = $1`, [inc.id]))[0]).toEqual({ attempts: 2, resolved_time: null });

    const ok = okData(await post('/blade-flow/follow/incident-retry', admin, { query: { incidentId: inc.id } }));
    expect(ok).toEqual({ resolved: true, message: '' });
    expect(await openTasks(id)).toEqual(['approve']);
    expect(okData(await get('/blade-flow/follow/list', admin, { processInstanceId: id })).records[0].incidents).toBe(0);
    const twice = await post('/blade-flow/follow/incident-retry', admin, { query: { incidentId: inc.id } });
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toBe('该异常不存在或已处理');
  });

  it('a webhook to an origin not configured is an incident, the instance waits there, deleting the instance closes it', async () => {
    okData(
      await deploy(
        'svc_foreign',
        chain('svc_foreign', [
          task('s0', 'serviceTask', 'notice', { title: '外部回调前的通知' }),
          task('s1', 'serviceTask', 'webhook', { url: 'http://example.invalid/hook' }),
        ]),
      ),
    );
    const id = await start('svc_foreign', '外部来源');
    const [inc] = okData(await get('/blade-flow/follow/incident-list', w.users.svcadmin!.token, { processInstanceId: id }));
    expect(inc.message).toBe('Webhook 地址 http://example.invalid 不在允许的来源 (FLOW_WEBHOOK_ORIGINS) 中');
    // The notice before it ran and stays (its own step); the instance waits at the webhook.
    expect(await q(`select 1 from blade_notice where title = '外部回调前的通知'`)).toHaveLength(1);
    expect(await openTasks(id)).toEqual([]);
    // Deleting the instance closes its incident.
    okData(await post('/blade-flow/follow/delete-process-instance', w.users.svcadmin!.token, { query: { processInstanceId: id } }));
    expect((await q(`select resolved_time is not null as closed from flow_incident where instance_id = $1`, [id]))[0].closed).toBe(true);
  });

  it('another zoo sees none of the incidents and cannot retry them; retrying needs the 重试 button', async () => {
    const other = await createTenantUser(w.t.sql, { tenantId: '400099', account: 'svcother', password: 'pw', roleAlias: 'admin' });
    await q(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu`, ['400099', other.roleId]);
    const token = await w.t.login('svcother', 'pw', '400099');
    const [inc] = await q(`select id::text, instance_id::text from flow_incident order by id limit 1`);
    expect(inc).toBeTruthy();
    expect(okData(await get('/blade-flow/follow/incident-list', token, { processInstanceId: inc.instance_id }))).toEqual([]);
    const foreign = await post('/blade-flow/follow/incident-retry', token, { query: { incidentId: inc.id } });
    expect(foreign.body.msg).toBe('该异常不存在或已处理');
    // The clerk's role lacks the button.
    await q(
      `delete from blade_role_menu where role_id in (select id from blade_role where tenant_id = $1 and role_alias = 'clerk')
         and menu_id in (select id from blade_menu where code = 'flow_follow_retry')`,
      [FLOW_TENANT],
    );
    const clerk = await w.t.login('svcclerk', 'pw', FLOW_TENANT);
    const refused = await post('/blade-flow/follow/incident-retry', clerk, { query: { incidentId: inc.id } });
    expect(refused.status).toBe(403);
  });
});
