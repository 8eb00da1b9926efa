import { describe, expect, it } from 'vitest';
import { choose } from '../lib/antd';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { appendTask, appendUserTask, clickBlank, padAction, replaceWith, shape, startEvent } from '../lib/modeler';
import { modal, row, tip } from '../lib/ui';

/**
 * Issue 35: a process drawn in the modeler with an embedded sub-process (its own start, a user task and an end
 * inside) and a service task chosen from the modeler's list deploys, starts from 发起事务, its inner task is done
 * from 待办事务, and the service runs as the sub-process ends. Everything is drawn with the palette, the context
 * pad and the replace menu, as a user does; no element is placed through the modeler's API.
 */

const b = useBrowser();
const SLOW = { timeout: 480_000 };
const KEY = 'e2e_quarantine_sub';
const NAME = 'E2E 检疫子流程';
const REASON = 'E2E 新到个体检疫';

describe('workflow: an embedded sub-process and a service task', () => {
  it('draws, deploys, starts and completes a process with a sub-process and a service task', SLOW, async () => {
    // --- 模型管理: the platform administrator draws the process ------------------------------------------------
    const admin = await b.newPage();
    await loginAs(admin);
    await admin.goto('/flow/model');
    await admin.getByTestId('model-add').click();
    const designer = modal(admin);
    await designer.getByTestId('model-key').fill(KEY);
    await designer.getByTestId('model-name').fill(NAME);
    await expect.poll(() => startEvent(admin).count()).toBe(1);

    // The palette's expanded sub-process (it comes with a start event inside), placed right of the start event.
    const startBox = (await startEvent(admin).boundingBox())!;
    await admin.locator('.djs-palette .entry[data-action="create.subprocess-expanded"]').click();
    const at = { x: startBox.x + startBox.width + 260, y: startBox.y + startBox.height / 2 };
    await admin.mouse.move(at.x - 40, at.y, { steps: 4 });
    await admin.mouse.move(at.x, at.y, { steps: 4 });
    await admin.mouse.click(at.x, at.y);
    await expect.poll(() => admin.getByTestId('element-panel').textContent()).toContain('子流程');
    const subId = await admin.locator('g.djs-shape[data-element-id^="Activity_"]').first().getAttribute('data-element-id');
    const sub = admin.locator(`g.djs-shape[data-element-id="${subId}"]`);
    await admin.keyboard.type('隔离检疫'); // bpmn-js opens the label editor on the new sub-process
    await clickBlank(admin);
    await expect.poll(() => shape(admin, '隔离检疫').count()).toBe(1);
    // The start event connects to it through the context pad's connect tool (a click on its top edge).
    await padAction(admin, startEvent(admin), 'connect');
    await sub.click({ position: { x: 60, y: 4 } });
    await expect.poll(() => admin.locator('g.djs-connection').count()).toBe(1);
    const innerId = await admin.locator('g.djs-shape[data-element-id^="Event_"]:not([data-element-id$="_label"])').first().getAttribute('data-element-id');
    const innerStart = admin.locator(`g.djs-shape[data-element-id="${innerId}"]`);
    await appendUserTask(admin, innerStart, '检疫审批', 'bpmn-assignee', '${taskUser}');
    await padAction(admin, shape(admin, '检疫审批'), 'append.end-event');
    await admin.keyboard.type('检疫结束');
    await clickBlank(admin);

    // After the sub-process: a service task, its service picked from the list the modeler offers.
    const notice = await appendTask(admin, sub, '通知入园');
    await replaceWith(admin, notice, 'replace-with-service-task', '服务任务');
    await choose(admin, admin.getByTestId('bpmn-service'), '发布通知公告 (notice)');
    await admin.getByTestId('bpmn-field-title').fill('E2E 检疫已完成,请假 ${days} 天');
    await admin.getByTestId('bpmn-field-title').blur();
    await padAction(admin, notice, 'append.end-event');
    await admin.keyboard.type('结束');
    await clickBlank(admin);
    // start → sub-process → service → end outside; start → task → end inside.
    await expect.poll(() => admin.locator('g.djs-connection').count()).toBe(5);
    await screenshot(admin, 'workflow-subprocess-modeler');
    await designer.getByTestId('model-save').click();
    await tip(admin, '模型已保存');
    const [model] = await dbQuery<{ xml: string }>(`select model_editor_xml as xml from flow_model where model_key = $1 and is_deleted = 0`, [KEY]);
    const xml = model!.xml;
    // The user task is inside the sub-process; the service task follows it.
    const inner = /<(bpmn:)?subProcess [^>]*name="隔离检疫"[^>]*>([\s\S]*?)<\/(bpmn:)?subProcess>/.exec(xml);
    expect(inner, xml).not.toBeNull();
    expect(inner![2]).toMatch(/<(bpmn:)?startEvent /);
    expect(inner![2]).toMatch(/<(bpmn:)?userTask [^>]*name="检疫审批" [^>]*flowable:assignee="\$\{taskUser\}"/);
    expect(inner![2]).toMatch(/<(bpmn:)?endEvent [^>]*name="检疫结束"/);
    expect(xml).toMatch(/<(bpmn:)?serviceTask [^>]*name="通知入园" [^>]*flowable:type="notice"/);

    // Deploy to the leave category (flow_1) for the demo zoo: it runs (no 不可执行 reason).
    await row(admin, KEY).getByTestId('row-deploy').click();
    const deploy = modal(admin);
    await choose(admin, deploy.locator('.ant-form-item', { hasText: '流程分类' }).locator('.ant-select'), '请假流程');
    await choose(admin, deploy.locator('.ant-form-item', { hasText: '租户' }).locator('.ant-select'), '示范动物园');
    await deploy.locator('.ant-modal-title').click(); // closes the multiple select's dropdown
    await expect.poll(() => admin.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await deploy.getByTestId('model-deploy-ok').click();
    await tip(admin, '部署成功');
    const [definition] = await dbQuery<{ id: string; notExecutable: string }>(
      `select definition_id as id, not_executable as "notExecutable" from flow_definition where process_key = $1 and tenant_id = '100000'`,
      [KEY],
    );
    expect(definition!.notExecutable).toBe('');

    // --- 发起事务: the curator starts it through the leave form ------------------------------------------------
    const curator = await b.newPage();
    await loginAs(curator, { tenantId: '100000', account: 'curator', password: 'curator' });
    await curator.goto('/work/start');
    await row(curator, NAME).getByTestId('row-start').click();
    const form = curator.getByTestId('leave-form');
    await expect.poll(() => form.count()).toBe(1);
    await choose(curator, form.locator('.ant-form-item', { hasText: '审批人' }).locator('.ant-select'), '园长 (director)');
    await form.getByTestId('leave-start').fill('2099-02-01 09:00:00');
    await form.getByTestId('leave-start').press('Enter');
    await form.getByTestId('leave-end').fill('2099-02-03 09:00:00');
    await form.getByTestId('leave-end').press('Enter');
    await form.getByTestId('leave-reason').fill(REASON);
    await form.getByTestId('leave-submit').click();
    await curator.waitForURL(/\/work\/start$/);
    const [leave] = await dbQuery<{ instance: string }>(`select process_instance_id as instance from blade_process_leave where reason = $1`, [REASON]);
    // The instance waits in the sub-process's user task, offered to the director.
    const tasks = () =>
      dbQuery<{ name: string; end: boolean }>(`select name, end_time is not null as end from flow_task where instance_id = $1 order by id`, [leave!.instance]);
    expect(await tasks()).toEqual([{ name: '检疫审批', end: false }]);

    // --- 待办事务: the director completes the inner task ---------------------------------------------------------
    const director = await b.newPage();
    await loginAs(director, { tenantId: '100000', account: 'director', password: 'director' });
    await director.goto('/work/todo');
    await row(director, '检疫审批').getByTestId('row-handle').click();
    await expect.poll(() => director.getByTestId('leave-info').getByText(REASON).count()).toBe(1);
    await expect.poll(() => director.locator('.djs-element.flow-running').count()).toBeGreaterThan(0);
    await screenshot(director, 'workflow-subprocess-handle');
    await director.getByTestId('leave-approve').click();
    await director.waitForURL(/\/work\/start$/);

    // The sub-process ended, the service published its notice, the instance is finished.
    expect(await tasks()).toEqual([{ name: '检疫审批', end: true }]);
    const [instance] = await dbQuery<{ state: string }>(`select state from flow_instance where id = $1`, [leave!.instance]);
    expect(instance!.state).toBe('finished');
    expect(await dbQuery(`select title from blade_notice where tenant_id = '100000' and title like 'E2E 检疫已完成%'`)).toEqual([
      { title: 'E2E 检疫已完成,请假 2 天' },
    ]);
    const steps = await dbQuery<{ type: string; name: string }>(
      `select activity_type as type, activity_name as name from flow_history where instance_id = $1 and activity_type <> 'sequenceFlow' and end_time is not null order by seq`,
      [leave!.instance],
    );
    expect(steps.filter((s) => ['subProcess', 'userTask', 'serviceTask'].includes(s.type))).toEqual([
      { type: 'subProcess', name: '隔离检疫' },
      { type: 'userTask', name: '检疫审批' },
      { type: 'serviceTask', name: '通知入园' },
    ]);

    // --- 已发事务: the curator sees it finished -----------------------------------------------------------------
    await curator.goto('/work/send');
    await expect.poll(() => row(curator, NAME).getByText('已完成').count()).toBe(1);
    await screenshot(curator, 'workflow-subprocess-finished');
  });
});
