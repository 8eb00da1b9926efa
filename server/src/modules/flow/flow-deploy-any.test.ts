import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPostgres } from '../../db/client';
import { BASIC, startTestApp, type TestApp } from '../../../test/harness';
import { platformToken, zooAdmin } from '../../../test/zoo-fixtures';

/** Diagrams as modelling tools export them (Camunda Modeler's namespaces and DI): ./fixtures. */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const A = '400031';
let t: TestApp;
let platform: string;
let zoo: string;
const q = async (sql: string, params: unknown[] = []) => (await t.sql.query(sql, params)).rows;
const get = (url: string, token: string, query: Record<string, string> = {}) => t.request({ url, token, query });
const post = (url: string, token: string, o: { query?: Record<string, string>; body?: unknown } = {}) => t.request({ method: 'POST', url, token, ...o });
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const upload = (token: string, files: Array<[string, string]>, tenantIds: string) => {
  const boundary = '----anybpmn';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries({ category: 'flow_2', tenantIds }))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [name, xml] of files)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/xml\r\n\r\n${xml}\r\n`));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.request({
    method: 'POST',
    url: '/blade-flow/manager/deploy-upload',
    token,
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
};
const listed = async (token: string, key: string) =>
  ((await get('/blade-flow/manager/list', token, { size: '100' })).body.data.records as any[]).find((r) => r.key === key);
const startLeave = (token: string, processDefinitionId: string, approver: string) =>
  post('/blade-desk/process/leave/start-process', token, {
    body: { processDefinitionId, taskUser: approver, startTime: `${today} 09:00:00`, endTime: '2099-01-04 09:00:00', reason: processDefinitionId },
  });

beforeAll(async () => {
  t = await startTestApp();
  platform = await platformToken(t);
  zoo = await zooAdmin(t, A);
});
afterAll(async () => t?.close());

describe('any well-formed BPMN 2.0 file deploys', () => {
  it('all four fixtures deploy for all zoos and are listed, runnable or marked 不可执行 with why', async () => {
    for (const f of ['collaboration.bpmn', 'sub-process.bpmn', 'data-objects.bpmn', 'timer-start.bpmn']) {
      const res = await upload(platform, [[f, fixture(f)]], '');
      expect(res.body, f).toMatchObject({ code: 200, success: true });
    }
    const expected: Record<string, [boolean, string]> = {
      collab_keeper: [true, ''],
      collab_vet: [true, ''],
      collab_supplier: [false, '未标记为可执行(isExecutable)'],
      sub_quarantine: [true, ''],
      data_feeding: [true, ''],
      // A timer start deployed for all zoos would start in none (decision 0050).
      timer_daily_check: [false, '通用流程不支持定时启动,请部署到具体租户'],
    };
    for (const [key, [executable, why]] of Object.entries(expected)) {
      expect(await listed(platform, key), key).toMatchObject({ tenantId: '', executable, notExecutable: why, suspensionState: 1 });
      // The zoo sees the common definition too; only runnable ones are offered to start.
      expect(await listed(zoo, key), key).toBeTruthy();
      const start = (await get('/blade-flow/work/start-list', zoo, { size: '100' })).body.data.records as any[];
      expect(
        start.some((r) => r.key === key),
        key,
      ).toBe(executable);
    }
  });

  it('the viewer reads each back: model-view XML and the SVG drawn from its diagram (pools, message flows)', async () => {
    for (const key of ['collab_keeper', 'sub_quarantine', 'data_feeding', 'timer_daily_check']) {
      const def = (await listed(platform, key)).id as string;
      const view = await get('/blade-flow/process/model-view', zoo, { processDefinitionId: def });
      expect(view.body.success, key).toBe(true);
      expect(view.body.data.xml, key).toContain(`id="${key}"`);
      const img = await t.app.inject({ url: `/api/blade-flow/process/resource-view?processDefinitionId=${encodeURIComponent(def)}&resourceType=image` });
      expect(img.statusCode, key).toBe(200);
      expect(img.headers['content-type']).toContain('image/svg+xml');
    }
    const collab = await t.app.inject({
      url: `/api/blade-flow/process/resource-view?processDefinitionId=${encodeURIComponent((await listed(platform, 'collab_vet')).id)}&resourceType=image`,
    });
    expect(collab.body).toContain('喂食');
    expect(collab.body).toContain('体检');
  });

  it('a process sharing its file runs alone; data objects are ignored at run time; 不可执行 is refused at start', async () => {
    const approver = (await q(`select id::text from blade_user where tenant_id = $1 and account = $2`, [A, `adm${A}`]))[0].id;
    const keeper = (await listed(zoo, 'collab_keeper')).id;
    const started = await startLeave(zoo, keeper, approver);
    expect(started.body, JSON.stringify(started.body)).toMatchObject({ success: true });
    const [inst] = await q(`select id::text from flow_instance where definition_id = $1`, [keeper]);
    // Only the started pool's task: the other executable pool of the file did not start with it.
    expect((await q(`select task_def_key from flow_task where instance_id = $1`, [inst.id])).map((r: any) => r.task_def_key)).toEqual(['feed']);

    const feeding = (await listed(zoo, 'data_feeding')).id;
    expect((await startLeave(zoo, feeding, approver)).body.success).toBe(true);
    const [fi] = await q(`select id::text from flow_instance where definition_id = $1`, [feeding]);
    const [task] = await q(`select id::text from flow_task where instance_id = $1 and end_time is null`, [fi.id]);
    expect((await post('/blade-flow/work/claim-task', zoo, { query: { taskId: task.id } })).body.success).toBe(true);
    const done = await post('/blade-flow/work/complete-task', zoo, { body: { taskId: task.id, processInstanceId: fi.id, flag: 'ok' } });
    expect(done.body, JSON.stringify(done.body)).toMatchObject({ success: true });
    expect((await q(`select state from flow_instance where id = $1`, [fi.id]))[0].state).toBe('finished');

    const leaves = async () => Number((await q(`select count(*) n from blade_process_leave where tenant_id = $1`, [A]))[0].n);
    const before = await leaves();
    for (const [key, msg] of [
      ['timer_daily_check', '开启流程失败: 流程「每日巡检」不可执行: 通用流程不支持定时启动,请部署到具体租户'],
      ['collab_supplier', '开启流程失败: 流程「供应商流程」不可执行: 未标记为可执行(isExecutable)'],
    ]) {
      const res = await startLeave(zoo, (await listed(zoo, key!)).id, approver);
      expect(res.body).toMatchObject({ code: 400, success: false, msg });
    }
    expect(await leaves()).toBe(before);
  });
});

describe('embedded sub-processes run', () => {
  it("the sub-process's task is offered, completed, and the instance ends through the sub-process; history shows both", async () => {
    const approver = (await q(`select id::text from blade_user where tenant_id = $1 and account = $2`, [A, `adm${A}`]))[0].id;
    const def = (await listed(zoo, 'sub_quarantine')).id;
    const started = await startLeave(zoo, def, approver);
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    const [inst] = await q(`select id::text from flow_instance where definition_id = $1`, [def]);
    const [task] = await q(`select id::text, task_def_key, name from flow_task where instance_id = $1 and end_time is null`, [inst.id]);
    expect(task).toMatchObject({ task_def_key: 'observe', name: '观察记录' });
    // State is in the database: another server on the same database (nothing shared in memory) completes it.
    const config = loadConfig({ DATABASE_URL: t.config.databaseUrl!, LOG_LEVEL: 'silent', DB_POOL_MAX: '2' });
    const database = await openPostgres(config.databaseUrl!, 2, config.timeZone);
    const other = await buildApp(config, database, { logger: false });
    try {
      const call = async (url: string, o: { query?: Record<string, string>; body?: unknown }) =>
        JSON.parse(
          (
            await other.inject({
              method: 'POST',
              url: `/api${url}`,
              query: o.query,
              payload: o.body as never,
              headers: { authorization: BASIC, 'blade-auth': `bearer ${zoo}` },
            })
          ).body,
        );
      expect((await call('/blade-flow/work/claim-task', { query: { taskId: task.id } })).success).toBe(true);
      const done = await call('/blade-flow/work/complete-task', { body: { taskId: task.id, processInstanceId: inst.id, flag: 'ok' } });
      expect(done, JSON.stringify(done)).toMatchObject({ success: true });
    } finally {
      await other.close();
      await database.close();
    }
    expect((await q(`select state from flow_instance where id = $1`, [inst.id]))[0].state).toBe('finished');
    const hist = (await get('/blade-flow/process/history-flow-list', zoo, { processInstanceId: inst.id })).body.data as any[];
    const ids = hist.map((h) => h.historyActivityId);
    for (const id of ['start', 'quarantine', 'observe', 'end']) expect(ids, JSON.stringify(ids)).toContain(id);
  });
});

describe('what is refused at deploy, with the reason', () => {
  const wrap = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="t">
<process id="p" isExecutable="true">${body}</process></definitions>`;

  it('script tasks anywhere (inside a sub-process too) and script conditions', async () => {
    const nested = wrap(
      '<startEvent id="s"/><sequenceFlow id="f" sourceRef="s" targetRef="sp"/><subProcess id="sp"><startEvent id="s2"/><sequenceFlow id="f2" sourceRef="s2" targetRef="x"/><scriptTask id="x" name="算一算" scriptFormat="javascript"><script>1</script></scriptTask></subProcess>',
    );
    expect((await upload(zoo, [['n.bpmn', nested]], A)).body).toMatchObject({ code: 400, msg: '流程 p 中不允许脚本任务「算一算」' });
    const cond = wrap(
      '<startEvent id="s"/><sequenceFlow id="f" name="看条件" sourceRef="s" targetRef="e"><conditionExpression xsi:type="tFormalExpression" language="groovy">true</conditionExpression></sequenceFlow><endEvent id="e"/>',
    );
    expect((await upload(zoo, [['c.bpmn', cond]], A)).body.msg).toBe('流程 p 的连线「看条件」使用了脚本条件,只支持 ${...} 表达式');
    expect(await q(`select 1 from flow_definition where process_key = 'p'`)).toHaveLength(0);
  });

  it("malformed XML and files that are not BPMN: 400 with the parser's message and line", async () => {
    const broken =
      '<?xml version="1.0"?>\n<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL">\n<process id="a">\n<task id="t"></process></definitions>';
    const res = await upload(zoo, [['b.bpmn', broken]], A);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('BPMN 文件格式不正确(第 4 行第 14 列): closing tag mismatch,位于 </process>');
    expect((await upload(zoo, [['h.bpmn', '<?xml version="1.0"?>\n<html><body/></html>']], A)).body.msg).toBe(
      '不是 BPMN 2.0 文件(第 2 行第 1 列): 根元素 <html> 不是 BPMN 的 definitions',
    );
    expect((await upload(zoo, [['x.bpmn', 'hello']], A)).body.msg).toBe('BPMN 文件格式不正确(第 1 行第 1 列): missing start tag,位于 hello');
  });
});
