import { describe, expect, it } from 'vitest';
import { choose } from '../lib/antd';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { appendTask, appendUserTask, clickBlank, padAction, replaceWith, shape, startEvent } from '../lib/modeler';
import { modal, okButton, row, tip } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 480_000 };
const KEY = 'e2e_leave_two_step';
const NAME = 'E2E 两级请假';
const REASON = 'E2E 回家探亲';

const openTasks = (name: string) =>
  dbQuery<{ name: string; assignee: string | null; comment: string; pass: boolean | null; end: boolean }>(
    `select t.name, t.assignee::text as assignee, t.comment, t.pass, t.end_time is not null as end
       from flow_task t join flow_instance i on i.id = t.instance_id where i.name = $1 order by t.id`,
    [name],
  );

describe('workflow: model, deploy, leave, claim, approve, diagram', () => {
  it('draws a two-step process, deploys it to the demo zoo, and a leave runs through it', SLOW, async () => {
    // --- 模型管理: the platform administrator draws the process in the modeler -------------------------------
    const admin = await b.newPage();
    await loginAs(admin);
    await admin.goto('/flow/model');
    await admin.getByTestId('model-add').click();
    const designer = modal(admin);
    await designer.getByTestId('model-key').fill(KEY);
    await designer.getByTestId('model-name').fill(NAME);
    await designer.getByTestId('model-description').fill('部门审批(候选人签收)后园长批准');
    await expect.poll(() => startEvent(admin).count()).toBe(1);
    await appendUserTask(admin, startEvent(admin), '部门审批', 'bpmn-candidate-users', '${taskUser}');
    await appendUserTask(admin, shape(admin, '部门审批'), '园长批准', 'bpmn-assignee', '${taskUser}');
    // A service task after the approvals publishes a notice (decision 0050): the service is chosen by name.
    const notice = await appendTask(admin, shape(admin, '园长批准'), '发布通知');
    await replaceWith(admin, notice, 'replace-with-service-task', '服务任务');
    await choose(admin, admin.getByTestId('bpmn-service'), '发布通知公告 (notice)');
    await admin.getByTestId('bpmn-field-title').fill('E2E 请假已批准 ${days} 天');
    await admin.getByTestId('bpmn-field-title').blur();
    await screenshot(admin, 'workflow-modeler-service');
    await padAction(admin, notice, 'append.end-event');
    await admin.keyboard.type('结束');
    await clickBlank(admin);
    await expect.poll(() => admin.locator('g.djs-connection').count()).toBe(4);
    await screenshot(admin, 'workflow-modeler');
    await designer.getByTestId('model-save').click();
    await tip(admin, '模型已保存');
    const [model] = await dbQuery<{ id: string; xml: string; name: string }>(
      `select id::text, model_editor_xml as xml, name from flow_model where model_key = $1 and is_deleted = 0`,
      [KEY],
    );
    expect(model!.name).toBe(NAME);
    expect(model!.xml).toMatch(new RegExp(`<(bpmn:)?process id="${KEY}" name="${NAME}"`));
    expect(model!.xml).toMatch(/<(bpmn:)?userTask [^>]*name="部门审批" [^>]*flowable:candidateUsers="\$\{taskUser\}"/);
    expect(model!.xml).toMatch(/<(bpmn:)?userTask [^>]*name="园长批准" [^>]*flowable:assignee="\$\{taskUser\}"/);
    expect(model!.xml).toMatch(/<(bpmn:)?serviceTask [^>]*name="发布通知" [^>]*flowable:type="notice"/);
    expect(model!.xml).toMatch(/<flowable:field name="title" stringValue="E2E 请假已批准 \$\{days\} 天"/);

    // Deploy to the leave category (flow_1) for the demo zoo only.
    await row(admin, KEY).getByTestId('row-deploy').click();
    const deploy = modal(admin);
    await choose(admin, deploy.locator('.ant-form-item', { hasText: '流程分类' }).locator('.ant-select'), '请假流程');
    await choose(admin, deploy.locator('.ant-form-item', { hasText: '租户' }).locator('.ant-select'), '示范动物园');
    await deploy.locator('.ant-modal-title').click(); // closes the multiple select's dropdown
    await expect.poll(() => admin.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await screenshot(admin, 'workflow-deploy-dialog');
    await deploy.getByTestId('model-deploy-ok').click();
    await tip(admin, '部署成功');
    const [definition] = await dbQuery<{ id: string; tenant: string; category: string; version: number }>(
      `select definition_id as id, tenant_id as tenant, category, version from flow_definition where process_key = $1`,
      [KEY],
    );
    expect(definition).toMatchObject({ tenant: '100000', category: 'flow_1', version: 1 });

    // --- 发起事务: the curator asks the director for leave --------------------------------------------------
    const curator = await b.newPage();
    await loginAs(curator, { tenantId: '100000', account: 'curator', password: 'curator' });
    await curator.goto('/work/start');
    await row(curator, NAME).getByTestId('row-start').click();
    await curator.waitForURL(new RegExp(`/work/process/leave/form/${definition!.id.replace(/[.]/g, '\\.')}$`));
    const form = curator.getByTestId('leave-form');
    await form.getByTestId('leave-submit').click();
    for (const msg of ['请选择审批人', '请选择开始时间', '请选择结束时间', '请输入请假理由']) await expect.poll(() => form.getByText(msg).count()).toBe(1);
    await choose(curator, form.locator('.ant-form-item', { hasText: '审批人' }).locator('.ant-select'), '园长 (director)');
    await form.getByTestId('leave-start').fill('2099-01-05 09:00:00');
    await form.getByTestId('leave-start').press('Enter');
    await form.getByTestId('leave-end').fill('2099-01-08 09:00:00');
    await form.getByTestId('leave-end').press('Enter');
    await form.getByTestId('leave-reason').fill(REASON);
    await screenshot(curator, 'workflow-leave-form');
    await form.getByTestId('leave-submit').click();
    await curator.waitForURL(/\/work\/start$/);
    const [leave] = await dbQuery<{ id: string; instance: string; days: number; start: string; taskUser: string }>(
      `select l.id::text, l.process_instance_id as instance, l.days, to_char(l.start_time, 'YYYY-MM-DD HH24:MI:SS') as start, u.account as "taskUser"
         from blade_process_leave l join blade_user u on u.id = l.task_user where l.reason = $1`,
      [REASON],
    );
    expect(leave).toMatchObject({ days: 3, start: '2099-01-05 09:00:00', taskUser: 'director' });
    expect(await openTasks(NAME)).toEqual([{ name: '部门审批', assignee: null, comment: '', pass: null, end: false }]);

    // --- 待签事务 → 待办事务: the director claims and approves step one -----------------------------------------
    const director = await b.newPage();
    await loginAs(director, { tenantId: '100000', account: 'director', password: 'director' });
    await director.goto('/work/claim');
    await row(director, NAME).getByTestId('row-claim').click();
    await okButton(director).click();
    await tip(director, '签收事务成功');
    const [{ id: directorId }] = await dbQuery<{ id: string }>(`select id::text from blade_user where tenant_id = '100000' and account = 'director'`);
    expect((await openTasks(NAME))[0]).toMatchObject({ name: '部门审批', assignee: directorId, end: false });
    await director.goto('/work/todo');
    await row(director, '部门审批').getByTestId('row-handle').click();
    await director.waitForURL(new RegExp(`/work/process/leave/handle/\\d+/${leave!.instance}/${leave!.id}$`));
    await expect.poll(() => director.getByTestId('leave-info').getByText(REASON).count()).toBe(1);
    // The running node is the one being handled.
    await expect.poll(() => director.locator('.djs-element.flow-running').count()).toBe(1);
    await director.getByTestId('leave-comment').fill('同意,注意安全');
    await screenshot(director, 'workflow-leave-handle');
    await director.getByTestId('leave-approve').click();
    await director.waitForURL(/\/work\/start$/);

    // Step two is assigned straight to the approver: 待办 without 签收; approve with the default comment.
    await director.goto('/work/todo');
    await row(director, '园长批准').getByTestId('row-handle').click();
    await expect.poll(() => director.locator('.djs-element.flow-finished').count()).toBe(2); // start, 部门审批
    await expect.poll(() => director.locator('.djs-element.flow-running').count()).toBe(1);
    await director.getByTestId('leave-approve').click();
    await director.waitForURL(/\/work\/start$/);
    expect(await openTasks(NAME)).toEqual([
      { name: '部门审批', assignee: directorId, comment: '同意,注意安全', pass: true, end: true },
      { name: '园长批准', assignee: directorId, comment: '同意', pass: true, end: true },
    ]);
    const [instance] = await dbQuery<{ state: string; ended: boolean }>(`select state, end_time is not null as ended from flow_instance where id = $1`, [
      leave!.instance,
    ]);
    expect(instance!.ended).toBe(true);
    // The service task ran when the last approval moved the instance on.
    expect(await dbQuery(`select title from blade_notice where tenant_id = '100000' and title like 'E2E 请假已批准%'`)).toEqual([
      { title: 'E2E 请假已批准 3 天' },
    ]);

    // --- 已发事务 → 详情: the curator sees the whole path and the timeline --------------------------------------
    await curator.goto('/work/send');
    await expect.poll(() => row(curator, NAME).getByText('已完成').count()).toBe(1);
    await row(curator, NAME).getByTestId('row-detail').click();
    await curator.waitForURL(new RegExp(`/work/process/leave/detail/${leave!.instance}/${leave!.id}$`));
    const history = curator.getByTestId('history-item');
    await expect.poll(() => history.count()).toBe(4);
    const lines = await history.allTextContents();
    expect(lines[0]).toMatch(/^饲养主管 在 \[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] 开始处理 \[开始\] 环节/);
    expect(lines[1]).toMatch(/^园长 在 \[.+\] 开始处理 \[部门审批\] 环节.*批复意见: 同意,注意安全/);
    expect(lines[2]).toMatch(/^园长 在 \[.+\] 开始处理 \[园长批准\] 环节.*持续时间: .+批复意见: 同意/);
    expect(lines[3]).toMatch(/开始处理 \[结束\] 环节/);
    // Finished path: start, two tasks, the service task and the end in the success colour, the four flows in the warning colour.
    await expect.poll(() => curator.locator('.djs-element.flow-finished').count()).toBe(5);
    await expect.poll(() => curator.locator('.djs-element.flow-running').count()).toBe(0);
    await expect.poll(() => curator.locator('.djs-connection.flow-taken').count()).toBe(4);
    const stroke = await curator
      .locator('.djs-element.flow-finished .djs-visual > :first-child')
      .first()
      .evaluate((el) => getComputedStyle(el).stroke);
    expect(stroke).toBe('rgb(82, 196, 26)'); // antd colorSuccess
    await screenshot(curator, 'workflow-leave-detail');

    // The header's flow dialog shows the same diagram from the list.
    await curator.goto('/work/send');
    await row(curator, NAME).getByTestId('row-diagram').click();
    await expect.poll(() => modal(curator).locator('.djs-element.flow-finished').count()).toBe(5);
    await screenshot(curator, 'workflow-flow-dialog');
  });
});
