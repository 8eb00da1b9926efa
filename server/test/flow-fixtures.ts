import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres, type Database } from '../src/db/client';
import { createTenantUser } from './fixtures';
import { BASIC, startTestApp, type TestApp } from './harness';

/** The zoo tenant the workflow tests run their processes in. */
export const FLOW_TENANT = '400001';

/** A workflow test file's app and its accounts in FLOW_TENANT, each with a role alias and every menu. */
export interface FlowWorld {
  t: TestApp;
  users: Record<string, { id: string; token: string }>;
}

/**
 * Starts the app for the file and creates the accounts (beforeAll); the returned object is filled by then.
 * `env` is read when the app starts (after the file's earlier beforeAll hooks, e.g. a local server's port).
 */
export function useFlowWorld(accounts: Array<[account: string, roleAlias: string]>, env: () => Record<string, string> = () => ({})): FlowWorld {
  const w = { users: {} } as FlowWorld;
  beforeAll(async () => {
    w.t = await startTestApp(env());
    for (const [account, role] of accounts) {
      const { userId, roleId } = await createTenantUser(w.t.sql, { tenantId: FLOW_TENANT, account, password: 'pw', roleAlias: role });
      await w.t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu`, [FLOW_TENANT, roleId]);
      w.users[account] = { id: userId, token: await w.t.login(account, 'pw', FLOW_TENANT) };
    }
  });
  afterAll(async () => w.t?.close().catch(() => undefined));
  return w;
}

/** The body's `data` of a successful answer (fails the test with the body otherwise). */
export const okData = (res: { body: any }) => {
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data;
};

/** The calls and reads the workflow test files share. */
export function flowCalls(w: FlowWorld) {
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const q = async (sql: string, params: unknown[] = []) => (await w.t.sql.query(sql, params)).rows;
  const get = (url: string, token: string, query: Record<string, string> = {}) => w.t.request({ url, token, query });
  const post = (url: string, token: string, o: { query?: Record<string, string>; body?: unknown } = {}) => w.t.request({ method: 'POST', url, token, ...o });
  /** A definition every tenant shares (tenant ''), by process key. */
  const commonDef = async (key: string) =>
    (await q(`select definition_id from flow_definition where tenant_id = '' and process_key = $1`, [key]))[0].definition_id as string;
  /** Starts a leave request for `approver` and returns the leave row and its process instance. */
  const startLeave = async (token: string, approver: string, reason = '家中有事'): Promise<{ leaveId: string; instanceId: string }> => {
    const res = await post('/blade-desk/process/leave/start-process', token, {
      body: { processDefinitionId: await commonDef('leave'), taskUser: approver, startTime: `${today} 09:00:00`, endTime: '2099-01-04 09:00:00', reason },
    });
    okData(res);
    const [row] = await q(`select id::text, process_instance_id from blade_process_leave where reason = $1 order by id desc limit 1`, [reason]);
    return { leaveId: row.id, instanceId: row.process_instance_id };
  };
  /** The instance's open task. */
  const openTask = async (instanceId: string) =>
    (await q(`select id::text, task_def_key from flow_task where instance_id = $1 and end_time is null`, [instanceId]))[0];
  /** `who` claims the instance's open task and completes it with `flag` and `comment`. */
  const claimAndDecide = async (who: string, instanceId: string, flag?: string, comment?: string) => {
    const task = await openTask(instanceId);
    expect((await post('/blade-flow/work/claim-task', w.users[who]!.token, { query: { taskId: task.id } })).body.msg).toBe('签收事务成功');
    okData(await post('/blade-flow/work/complete-task', w.users[who]!.token, { body: { taskId: task.id, processInstanceId: instanceId, flag, comment } }));
  };
  return { today, q, get, post, commonDef, startLeave, openTask, claimAndDecide };
}

/**
 * The open user tasks of an instance, and `who` completing one of them by its BPMN id — through this server, or
 * through `inject` (another server of the same database).
 */
export function taskSteps(w: FlowWorld, who: string) {
  const { q } = flowCalls(w);
  const openTasks = async (id: string) =>
    (await q(`select id::text, task_def_key from flow_task where instance_id = $1 and end_time is null order by task_def_key`, [id])) as Array<{
      id: string;
      task_def_key: string;
    }>;
  const keys = async (id: string) => (await openTasks(id)).map((t) => t.task_def_key);
  const complete = async (instanceId: string, key: string, inject: (o: object) => Promise<{ body: string }> = (o) => w.t.app.inject(o as never)) => {
    const t = (await openTasks(instanceId)).find((x) => x.task_def_key === key)!;
    const res = await inject({
      method: 'POST',
      url: '/api/blade-flow/work/complete-task',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${w.users[who]!.token}` },
      payload: { taskId: t.id, processInstanceId: instanceId, flag: 'ok', comment: '办好了' },
    });
    expect(JSON.parse(res.body).success, res.body).toBe(true);
  };
  return { openTasks, keys, complete };
}

/** A BPMN 2.0 document holding one executable process `key` with the given elements. */
export const bpmn = (key: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
<process id="${key}" name="${key}名称" isExecutable="true">${body}</process></definitions>`;

/** POSTs BPMN files and form fields to deploy-upload as multipart/form-data. */
export function deployUpload(t: TestApp, token: string, files: Array<[string, string]>, fields: Record<string, string>) {
  const boundary = '----flowtest';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
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
}

/** Polls `fn` until it answers something truthy, failing with `what` after `ms`. */
export async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Another server on the test app's database (its own pool and timer scheduler): a second instance, or a restart. */
export async function anotherServer(
  t: TestApp,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  const config = loadConfig({
    DATABASE_URL: t.config.databaseUrl!,
    CAPTCHA_MODE: 'on',
    LOG_LEVEL: 'silent',
    DB_POOL_MAX: '3',
    ...env,
  });
  const database = await openPostgres(config.databaseUrl!, 3, config.timeZone);
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  return { app, database, close: async () => (await app.close(), await database.close()) };
}
