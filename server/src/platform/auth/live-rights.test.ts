import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { BASIC, startTestApp, type TestApp } from '../../../test/harness';
import { tenantWithAdmin, type TenantCtx } from '../../../test/iam-helpers';

/**
 * Rights removed bite on the user's next request: the token's roles and department are checked against the
 * database's rows. On the instance that made the change at once (it reads `app.live_changed` with COMMIT); a second
 * app on the same database (another instance) keeps live rows in memory and drops them when the triggers'
 * notification arrives, which `refusedOnOther` waits for.
 */
let t: TestApp;
let other: FastifyInstance;
let zoo: TenantCtx;
let postRole: string;

const post = (url: string, token: string, o: { body?: unknown; query?: Record<string, string> } = {}) => t.request({ method: 'POST', url, token, ...o });
/** The same call on the other instance. */
const onOther = async (url: string, token: string) => {
  const res = await other.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` } });
  return { status: res.statusCode, body: JSON.parse(res.body) };
};
/**
 * Polls the other instance until `url` is refused with `status` (the notification arrived). The deadline is for a
 * loaded machine; how soon it arrives (a millisecond on one machine) is not a test's to time.
 */
const refusedOnOther = async (url: string, token: string, status: number, msg: string) => {
  await expect.poll(async () => (await onOther(url, token)).status, { timeout: 10_000, interval: 5 }).toBe(status);
  expect((await onOther(url, token)).body.msg).toBe(msg);
};
const idOf = async (account: string) =>
  (await t.sql.query(`select id::text from blade_user where tenant_id = $1 and account = $2 and is_deleted = 0`, [zoo.code, account])).rows[0].id as string;
const menuIds = async (codes: string[]) =>
  (await t.sql.query(`select id::text from blade_menu where is_deleted = 0 and code = any($1)`, [codes])).rows.map((r) => r.id);
const grantMenus = async (roleId: string, codes: string[]) => {
  const res = await post('/blade-system/role/grant', zoo.token, {
    body: { roleIds: [roleId], menuIds: await menuIds(codes), dataScopeIds: [], apiScopeIds: [] },
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
};
const newUser = async (account: string, roleId: string, deptId = zoo.deptId) => {
  const res = await post('/blade-user/submit', zoo.token, { body: { account, name: account, realName: account, password: 'Pa55word', roleId, deptId } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return { id: await idOf(account), token: await t.login(account, 'Pa55word', zoo.code) };
};
const updateUser = async (id: string, account: string, more: Record<string, unknown>) => {
  const res = await post('/blade-user/update', zoo.token, { body: { id, account, name: account, realName: account, deptId: zoo.deptId, ...more } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
};
const addPost = (token: string, code: string) => post('/blade-system/post/submit', token, { body: { category: 1, postCode: code, postName: code, sort: 1 } });

beforeAll(async () => {
  t = await startTestApp();
  zoo = await tenantWithAdmin(t, await t.login(), { tenantName: '丁动物园' });
  other = await buildApp(t.config, t.database, { logger: false });
  expect((await post('/blade-system/role/submit', zoo.token, { body: { roleName: '岗位员', roleAlias: 'poster', sort: 1 } })).body.success).toBe(true);
  postRole = (await t.sql.query(`select id::text from blade_role where tenant_id = $1 and role_alias = 'poster'`, [zoo.code])).rows[0].id;
  await grantMenus(postRole, ['system', 'post', 'post_add', 'post_view']);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('rights removed bite on the next request', () => {
  it('a demoted admin loses admin calls at once, on every instance, and keeps the role still held', async () => {
    const boss = await newUser('boss', `${zoo.roleId},${postRole}`);
    expect((await onOther('/blade-user/page', boss.token)).status).toBe(200);
    await updateUser(boss.id, 'boss', { roleId: postRole });
    expect((await t.request({ url: '/blade-user/page', token: boss.token })).status).toBe(403);
    await refusedOnOther('/blade-user/page', boss.token, 403, '权限不足,无法访问该资源');
    // What the session reports follows the database too.
    const info = (await t.request({ url: '/blade-auth/oauth/user-info', token: boss.token })).body.data;
    expect(info).toMatchObject({ roleId: postRole, roleName: 'poster' });
    expect((await addPost(boss.token, 'b1')).body.success).toBe(true);
  });

  it('a user whose every role of the token is taken away must sign in again', async () => {
    const solo = await newUser('solo', zoo.roleId);
    expect((await t.request({ url: '/blade-user/page', token: solo.token })).status).toBe(200);
    const res = await post('/blade-user/grant', zoo.token, { query: { userIds: solo.id, roleIds: postRole } });
    expect(res.body.success).toBe(true);
    await refusedOnOther('/blade-user/page', solo.token, 401, '账号角色已变更,请重新登录');
    // Signing in again gives the new role.
    expect((await addPost(await t.login('solo', 'Pa55word', zoo.code), 's1')).body.success).toBe(true);
  });

  it('a disabled or removed user is refused on the next request', async () => {
    const off = await newUser('off', postRole);
    expect((await onOther('/blade-system/post/list', off.token)).status).toBe(200);
    await updateUser(off.id, 'off', { roleId: postRole, status: 0 });
    expect((await t.request({ url: '/blade-system/post/list', token: off.token })).status).toBe(401);
    await refusedOnOther('/blade-system/post/list', off.token, 401, '账号未启用或已被停用,请联系管理员');
    // Nor may it fill the error log through the front end's log upload.
    const logs = [{ type: 'error', url: '/x', message: 'disabled-probe', stack: '', info: '', time: '' }];
    expect((await t.request({ method: 'POST', url: '/blade-auth/oauth/logout', token: off.token, body: logs })).body).toMatchObject({
      code: 401,
      msg: '账号未启用或已被停用,请联系管理员',
    });
    expect((await t.sql.query(`select count(*)::int n from blade_log_error where message = 'disabled-probe'`)).rows[0].n).toBe(0);

    const gone = await newUser('gone', postRole);
    expect((await onOther('/blade-system/post/list', gone.token)).status).toBe(200);
    expect((await post('/blade-user/remove', zoo.token, { query: { ids: gone.id } })).body.success).toBe(true);
    expect((await t.request({ url: '/blade-system/post/list', token: gone.token })).status).toBe(401);
    await refusedOnOther('/blade-system/post/list', gone.token, 401, '令牌已失效');
  });

  it('a button taken from the role is refused on the next request; a deleted role grants nothing', async () => {
    const clerk = await newUser('clerk', postRole);
    expect((await addPost(clerk.token, 'c1')).body.success).toBe(true);
    await grantMenus(postRole, ['system', 'post', 'post_view']);
    expect(await addPost(clerk.token, 'c2')).toMatchObject({ status: 403, body: { msg: '权限不足,无法访问该资源' } });
    expect((await onOther('/blade-system/post/list', clerk.token)).status).toBe(200);

    // A second role that is then deleted: its alias and grants stop counting at once.
    expect((await post('/blade-system/role/submit', zoo.token, { body: { roleName: '临时', roleAlias: 'temp', sort: 2 } })).body.success).toBe(true);
    const temp = (await t.sql.query(`select id::text from blade_role where tenant_id = $1 and role_alias = 'temp'`, [zoo.code])).rows[0].id;
    await grantMenus(temp, ['system', 'post', 'post_add']);
    await post('/blade-user/grant', zoo.token, { query: { userIds: clerk.id, roleIds: `${postRole},${temp}` } });
    const both = await t.login('clerk', 'Pa55word', zoo.code);
    expect((await addPost(both, 'c3')).body.success).toBe(true);
    expect((await onOther('/blade-auth/oauth/user-info', both)).body.data.roleName).toBe('poster,temp');
    expect((await post('/blade-system/role/remove', zoo.token, { query: { ids: temp } })).body.success).toBe(true);
    expect((await addPost(both, 'c4')).status).toBe(403);
    expect((await t.request({ url: '/blade-auth/oauth/user-info', token: both })).body.data.roleName).toBe('poster');
    // The other instance's role map is dropped by the invalidation NOTIFY (delivered on commit).
    await expect.poll(async () => (await onOther('/blade-auth/oauth/user-info', both)).body.data.roleName, { timeout: 5000 }).toBe('poster');
  });

  it('a department change applies to the next request (rows record the new department)', async () => {
    const res = await post('/blade-system/dept/submit', zoo.token, {
      body: { parentId: zoo.deptId, deptName: '兽医部', fullName: '兽医部', deptCategory: 1, sort: 1 },
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const vets = (await t.sql.query(`select id::text from blade_dept where tenant_id = $1 and dept_name = '兽医部'`, [zoo.code])).rows[0].id;
    await grantMenus(postRole, ['system', 'post', 'post_add', 'post_view']);
    const mover = await newUser('mover', postRole);
    expect((await addPost(mover.token, 'm1')).body.success).toBe(true);
    await updateUser(mover.id, 'mover', { roleId: postRole, deptId: vets });
    expect((await addPost(mover.token, 'm2')).body.success).toBe(true);
    const { rows } = await t.sql.query(`select post_code, create_dept::text from blade_post where post_code in ('m1', 'm2') order by post_code`);
    expect(rows).toEqual([
      { post_code: 'm1', create_dept: zoo.deptId },
      { post_code: 'm2', create_dept: vets },
    ]);
  });

  it('a change made outside the server is announced by the triggers; an instance that cannot hear reads the database', async () => {
    const quiet = await newUser('quiet', postRole);
    expect((await onOther('/blade-system/post/list', quiet.token)).status).toBe(200);
    await t.sql.query(`update blade_user set status = 0 where id = $1`, [quiet.id]);
    await refusedOnOther('/blade-system/post/list', quiet.token, 401, '账号未启用或已被停用,请联系管理员');
    await t.sql.query(`update blade_user set status = 1 where id = $1`, [quiet.id]);
    await expect.poll(async () => (await onOther('/blade-system/post/list', quiet.token)).status, { timeout: 10_000, interval: 5 }).toBe(200);

    // The other instance loses its listener: nothing it kept in memory is trusted any more.
    await (other.zoo.cache as unknown as { listener: { end(): Promise<void> } }).listener.end();
    expect(other.zoo.cache.listening).toBe(false);
    await t.sql.query(`update sys_token set revoke_time = localtimestamp(0) where user_id = $1`, [quiet.id]);
    expect((await onOther('/blade-system/post/list', quiet.token)).body).toMatchObject({ code: 401, msg: '令牌已失效' });
  });
});
