import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app';
import { seedDemoZoo } from '../src/seed/zoo-demo';
import { DEMO_TENANT } from '../src/seed/zoo-demo-data';
import { BASIC, startTestApp, type TestApp } from './harness';
import { grantAllMenus } from './iam-helpers';

/**
 * The privilege matrix of the security review (issue 10): every admin-only and platform-only operation of
 * /api/openapi.json, tried by the demo zoo's admin, a delegated user manager (the user menu and its buttons), a
 * keeper and a zoo user whose role holds every button of the platform. Each operation's rule is read from the
 * document (`x-access`, `x-platform-only`, written by route()), so a new operation is in the matrix the day it is
 * registered; the platform areas below are this test's own classification, checked against the document.
 * A call an actor must not make answers 403 in the contract's shape before its input is even read, and changes
 * nothing (no row of any table: a checksum per table), and every call the rules allow answers other than 403. The known escalation paths are in platform/access/privilege.test.ts,
 * rights removed in platform/auth/live-rights.test.ts; the last block here checks them on these actors.
 */

interface Op {
  method: 'GET' | 'POST';
  path: string;
  access: string;
  platformOnly: boolean;
}
interface Actor {
  name: string;
  token: string;
  admin: boolean;
  /** Button and menu codes the actor's roles hold within the tenant's package (what hasButton sees). */
  held: Set<string>;
}

/**
 * Platform areas: every write here acts on records all tenants share (tenants, packages, clients, menus, scopes,
 * system dictionary, parameters, regions, the species library); the developer tools are the platform's even to
 * read. A zoo may hold none of it, whatever buttons its roles were given.
 */
const PLATFORM_WRITES =
  /^\/api\/(blade-system\/(tenant|tenant-package|client|menu|data-scope|api-scope|dict|param|region)|blade-taxonomy\/taxonomy|species\/species)\//;
const PLATFORM_ALL =
  /^\/api\/(blade-develop\/|blade-system\/(tenant-package|client|data-scope|api-scope)\/|blade-system\/tenant\/(setting|datasource|package|authspecies|zoo-list))/;

/** Allowed calls the allowed side does not make: they would end the actor's session for the calls after them. */
const SESSION_ENDING = new Set(['GET /api/blade-auth/oauth/logout', 'POST /api/blade-auth/oauth/logout']);

/** GETs whose answer is new on every call (captcha images, server clocks…): not compared between the two instances. */
const UNREPEATABLE = /^\/api\/(blade-auth\/oauth\/captcha)$/;

let t: TestApp;
let checked: FastifyInstance;
let ops: Op[];
const actors: Record<'zooAdmin' | 'userManager' | 'keeper' | 'allButtons', Actor> = {} as never;
let hrRole: string;

const userRow = async (account: string) =>
  (await t.sql.query(`select id::text, role_id from blade_user where tenant_id = $1 and account = $2 and is_deleted = 0`, [DEMO_TENANT.tenantId, account]))
    .rows[0] as { id: string; role_id: string } | undefined;
/** Codes of the account's roles' menus and buttons, limited to the tenant's package when it has one. */
async function heldCodes(account: string): Promise<Set<string>> {
  const { rows } = await t.sql.query(
    `select distinct m.code from blade_user u
       join blade_role_menu rm on rm.role_id = any(string_to_array(u.role_id, ',')::bigint[])
       join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
       join blade_tenant tn on tn.tenant_id = u.tenant_id
       left join blade_tenant_package p on p.id = tn.package_id
      where u.tenant_id = $1 and u.account = $2 and u.is_deleted = 0
        and (p.id is null or m.id::text = any(string_to_array(p.menu_id, ',')))`,
    [DEMO_TENANT.tenantId, account],
  );
  return new Set(rows.map((r) => r.code as string));
}
const post = (url: string, token: string, o: { body?: unknown; query?: Record<string, string> } = {}) => t.request({ method: 'POST', url, token, ...o });
/** Every table's checksum (its rows' text, in order): a refused call changes no row of any table. */
async function checksums(): Promise<Record<string, string>> {
  const tables = (await t.sql.query(`select tablename from pg_tables where schemaname = 'public' order by 1`)).rows.map((r) => r.tablename as string);
  const parts = tables.map((n) => `select '${n}' as t, md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as sum from "${n}" x`);
  const { rows } = await t.sql.query(parts.join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.t as string, r.sum as string]));
}
/** The tables whose checksums differ. */
const changed = (before: Record<string, string>, after: Record<string, string>) => Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);

/** Whether the rule of `op` refuses `a` (every actor is a zoo user: platform calls are never theirs). */
const platformArea = (op: Op) => PLATFORM_ALL.test(op.path) || (op.method === 'POST' && PLATFORM_WRITES.test(op.path));
function refuses(a: Actor, op: Op): boolean {
  if (op.platformOnly || op.access === 'administrator' || platformArea(op)) return true;
  if (op.access === 'public' || op.access === 'login') return false;
  if (op.access === 'admin') return !a.admin;
  // `perm:<add>|<edit>` (a resource's submit): a body without id creates, so the add button decides. A zoo's
  // admin holds buttons as anyone does (only the platform administrator holds them all: hasButton).
  const codes = op.access.slice('perm:'.length).split('|');
  // `perm:<a>|<b>|<c>…` (a call dispatching on its body, e.g. stockLog/submit's movementType): a body naming
  // none is refused only to who holds none of them.
  if (codes.length > 2) return !codes.some((c) => a.held.has(c));
  return !a.held.has(codes[0]!);
}

async function call(a: Actor, op: Op, app: FastifyInstance = t.app) {
  const opts: InjectOptions = {
    method: op.method,
    url: op.path.replace(/\{[^}]+\}|\*/g, 'x'),
    headers: { authorization: BASIC, 'blade-auth': `bearer ${a.token}` },
    ...(op.method === 'POST' ? { payload: {} } : {}),
  };
  const res = await app.inject(opts);
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {
    /* not JSON: reported below */
  }
  return { status: res.statusCode, body };
}

beforeAll(async () => {
  // As production runs: responses cut to the contract without re-encoding (RESPONSE_CHECK off); every GET the
  // allowed side makes is also answered by a checked instance on the same database, and the two must agree.
  t = await startTestApp({ API_LOG: 'off', RESPONSE_CHECK: 'off' });
  checked = await buildApp({ ...t.config, responseCheck: true }, t.database, { logger: false });
  await seedDemoZoo(t.database);
  const spec = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Record<string, unknown>>> };
  ops = Object.entries(spec.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      method: method.toUpperCase() as Op['method'],
      path,
      access: op['x-access'] as string,
      platformOnly: op['x-platform-only'] === true,
    })),
  );

  const zooAdmin = await t.login('admin', 'admin', DEMO_TENANT.tenantId);
  // The delegated user manager: a role with the user menu and its buttons, given by the zoo admin.
  expect((await post('/blade-system/role/submit', zooAdmin, { body: { roleName: '人事', roleAlias: 'hr', sort: 3 } })).body.success).toBe(true);
  hrRole = (await t.sql.query(`select id::text from blade_role where tenant_id = $1 and role_alias = 'hr' and is_deleted = 0`, [DEMO_TENANT.tenantId])).rows[0]
    .id;
  const userMenus = (
    await t.sql.query(`select id::text from blade_menu where is_deleted = 0 and (code in ('system', 'user') or code like 'user\\_%')`)
  ).rows.map((r) => r.id);
  const grant = await post('/blade-system/role/grant', zooAdmin, { body: { roleIds: [hrRole], menuIds: userMenus, dataScopeIds: [], apiScopeIds: [] } });
  expect(grant.body.success, JSON.stringify(grant.body)).toBe(true);
  // A role that the platform (not the zoo: nobody grants beyond what they hold) gave every button there is.
  expect((await post('/blade-system/role/submit', zooAdmin, { body: { roleName: '全按钮', roleAlias: 'everything', sort: 4 } })).body.success).toBe(true);
  const allRole = (
    await t.sql.query(`select id::text from blade_role where tenant_id = $1 and role_alias = 'everything' and is_deleted = 0`, [DEMO_TENANT.tenantId])
  ).rows[0].id;
  const deptId = (await userRow('admin'))!;
  const dept = (await t.sql.query(`select dept_id from blade_user where id = $1`, [deptId.id])).rows[0].dept_id as string;
  for (const [account, roleId] of [
    ['hr1', hrRole],
    ['all1', allRole],
  ] as const) {
    const res = await post('/blade-user/submit', zooAdmin, { body: { account, name: account, realName: account, password: 'Pa55word', roleId, deptId: dept } });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  }
  await grantAllMenus(t, allRole);

  const actor = async (name: string, account: string, password: string, admin: boolean): Promise<Actor> => ({
    name,
    token: await t.login(account, password, DEMO_TENANT.tenantId),
    admin,
    held: await heldCodes(account),
  });
  actors.zooAdmin = { ...(await actor('zoo admin', 'admin', 'admin', true)) };
  actors.userManager = await actor('user manager', 'hr1', 'Pa55word', false);
  actors.keeper = await actor('keeper', 'keeper1', 'keeper1', false);
  actors.allButtons = await actor('zoo user with every button', 'all1', 'Pa55word', false);
}, 120_000);
afterAll(async () => {
  await checked?.close();
  await t?.close();
});

describe('privilege matrix over /api/openapi.json', () => {
  it('every operation states its rule, and the platform areas are declared platform-only', () => {
    expect(ops.length).toBeGreaterThan(300);
    const unstated = ops
      .filter((o) => !/^(public|login|admin|administrator|perm:[a-z_]+(\|[a-z_]+)*)$/.test(o.access ?? ''))
      .map((o) => `${o.method} ${o.path}`);
    expect(unstated).toEqual([]);
    const undeclared = ops
      .filter((o) => platformArea(o) && !(o.platformOnly || o.access === 'administrator'))
      .map((o) => `${o.method} ${o.path} (${o.access})`);
    expect(undeclared).toEqual([]);
    // The matrix has work to do for each actor.
    for (const a of Object.values(actors)) expect(ops.filter((o) => refuses(a, o)).length, a.name).toBeGreaterThan(50);
  });

  for (const key of ['zooAdmin', 'userManager', 'keeper', 'allButtons'] as const) {
    it(`the ${key}: every call the rules refuse answers 403 in the contract shape and changes nothing`, async () => {
      const a = actors[key];
      const refused = ops.filter((o) => refuses(a, o));
      const before = await checksums();
      const escalations: string[] = [];
      // Four at a time: the app's pool has four connections.
      let next = 0;
      const worker = async () => {
        while (next < refused.length) {
          const op = refused[next++]!;
          const res = await call(a, op);
          const b = res.body as { code?: unknown; success?: unknown; msg?: unknown };
          if (res.status !== 403 || b?.code !== 403 || b.success !== false || typeof b.msg !== 'string' || !b.msg)
            escalations.push(
              `${op.method} ${op.path} [${op.access}${op.platformOnly ? ', platform' : ''}] → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
            );
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      console.log(`privilege matrix, ${a.name}: ${refused.length} of ${ops.length} operations refused, ${escalations.length} escalations`);
      expect(escalations).toEqual([]);
      expect(changed(before, await checksums())).toEqual([]);
      // Still signed in and working: the run did not test a logged-out actor.
      expect((await t.request({ url: '/blade-auth/oauth/user-info', token: a.token })).status).toBe(200);
    }, 120_000);
  }

  for (const key of ['zooAdmin', 'userManager', 'keeper', 'allButtons'] as const) {
    it(`the ${key}: every call the rules allow answers other than 403 (the allowed side of the matrix)`, async () => {
      const a = actors[key];
      const allowed = ops.filter((o) => !refuses(a, o) && !SESSION_ENDING.has(`${o.method} ${o.path}`));
      const refusedWrongly: string[] = [];
      const failed: string[] = [];
      const differ: string[] = [];
      let answered = 0;
      let next = 0;
      // Reads first, then writes: a read compared between the two instances must not race a write of another
      // worker (立即检查 adding a quality day between the two reads of its history).
      let queue = allowed.filter((o) => o.method === 'GET');
      // Nor a log the earlier tests' calls left in the log writers' batches (a usual log of a sign-in, flushed on a
      // timer between the two reads of the usual log's list).
      await Promise.all([t.app.zoo.logs.flush(), checked.zoo.logs.flush()]);
      const worker = async () => {
        while (next < queue.length) {
          const op = queue[next++]!;
          const res = await call(a, op);
          const b = res.body as { code?: unknown } | undefined;
          const line = `${op.method} ${op.path} [${op.access}] → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;
          if (res.status === 403 || b?.code === 403) refusedWrongly.push(line);
          if (res.status >= 500) failed.push(line);
          if (res.status === 200) answered++;
          // JSON answers (files such as xlsx carry their own time).
          if (op.method === 'GET' && typeof res.body === 'object' && !UNREPEATABLE.test(op.path)) {
            const again = await call(a, op, checked);
            if (again.status !== res.status || JSON.stringify(again.body) !== JSON.stringify(res.body))
              differ.push(
                `${op.method} ${op.path}: unchecked ${res.status} ${JSON.stringify(res.body).slice(0, 200)} ≠ checked ${again.status} ${JSON.stringify(again.body).slice(0, 200)}`,
              );
          }
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      queue = allowed.filter((o) => o.method !== 'GET');
      next = 0;
      await Promise.all(Array.from({ length: 4 }, worker));
      console.log(
        `privilege matrix, ${a.name}: ${allowed.length} of ${ops.length} operations allowed (${answered} answered 200), ${refusedWrongly.length} refused`,
      );
      expect(refusedWrongly).toEqual([]);
      expect(failed).toEqual([]);
      expect(differ).toEqual([]);
      expect(allowed.length, a.name).toBeGreaterThan(20);
      expect((await t.request({ url: '/blade-auth/oauth/user-info', token: a.token })).status).toBe(200);
    }, 120_000);
  }

  it('calls the rules allow are not refused for want of rights (the matrix is not vacuous)', async () => {
    const allowed: Array<[Actor, string]> = [
      [actors.zooAdmin, '/blade-user/page'],
      [actors.zooAdmin, '/blade-resource/oss/list'],
      [actors.userManager, '/blade-user/page'.replace('page', 'user-list')],
      [actors.keeper, '/zoo-animal/animal/list'],
      [actors.allButtons, '/blade-system/dict-biz/list'],
    ];
    for (const [a, url] of allowed) expect((await t.request({ url, token: a.token })).status, `${a.name} ${url}`).toBe(200);
  });
});

describe('rights removed bite on the next request (the matrix actors)', () => {
  it('a button taken from the user manager’s role, the keeper disabled, the zoo admin demoted', async () => {
    const zooAdmin = actors.zooAdmin.token;
    const form = (account: string) => ({ account, name: account, realName: account, password: 'Pa55word', roleId: hrRole, deptId: '' });
    const dept = (await t.sql.query(`select dept_id from blade_user where tenant_id = $1 and account = 'hr1'`, [DEMO_TENANT.tenantId])).rows[0]
      .dept_id as string;
    expect((await post('/blade-user/submit', actors.userManager.token, { body: { ...form('hr2'), deptId: dept } })).body.success).toBe(true);
    const menus = (await t.sql.query(`select id::text from blade_menu where is_deleted = 0 and code in ('system', 'user', 'user_view')`)).rows.map((r) => r.id);
    expect(
      (await post('/blade-system/role/grant', zooAdmin, { body: { roleIds: [hrRole], menuIds: menus, dataScopeIds: [], apiScopeIds: [] } })).body.success,
    ).toBe(true);
    const again = await post('/blade-user/submit', actors.userManager.token, { body: { ...form('hr3'), deptId: dept } });
    expect(again).toMatchObject({ status: 403, body: { code: 403, success: false } });
    expect(await userRow('hr3')).toBeUndefined();

    const keeper = (await userRow('keeper1'))!;
    expect((await t.request({ url: '/zoo-animal/animal/list', token: actors.keeper.token })).status).toBe(200);
    // Changed from outside the server (a SQL console): the instance hears it from the trigger's notification.
    await t.sql.query(`update blade_user set status = 0 where id = $1`, [keeper.id]);
    const keeperList = async () => (await t.request({ url: '/zoo-animal/animal/list', token: actors.keeper.token })).status;
    await expect.poll(keeperList, { timeout: 10_000, interval: 5 }).toBe(401);

    // The zoo admin keeps only the keeper role: admin calls stop at once.
    const admin = (await userRow('admin'))!;
    const keeperRole = keeper.role_id;
    await t.sql.query(`update blade_user set role_id = $2 where id = $1`, [admin.id, `${admin.role_id},${keeperRole}`]);
    const adminToken = await t.login('admin', 'admin', DEMO_TENANT.tenantId);
    expect((await t.request({ url: '/blade-user/page', token: adminToken })).status).toBe(200);
    await t.sql.query(`update blade_user set role_id = $2 where id = $1`, [admin.id, keeperRole]);
    await expect.poll(async () => (await t.request({ url: '/blade-user/page', token: adminToken })).status, { timeout: 10_000, interval: 5 }).toBe(403);
  });
});
