import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { newTenant } from '../../../../test/iam-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(async () => t?.close());

const q1 = async (text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows;
const count = async (table: string, where = 'true', params: unknown[] = []) =>
  Number((await q1(`select count(*) as n from ${table} where ${where}`, params))[0].n);
const menuIds = async (codes: string[]) => (await q1(`select id::text from blade_menu where code = any($1)`, [codes])).map((r) => r.id as string);
const routePaths = (nodes: any[]): string[] => nodes.flatMap((n) => [n.path, ...routePaths(n.children ?? [])]);

describe('creating a tenant', () => {
  it('generates a 6-digit id and bootstraps role, department, post, admin, business dictionaries and menu grants', async () => {
    const [root] = await q1(
      `insert into blade_dict_biz (tenant_id, parent_id, code, dict_key, dict_value, sort) values ('000000', 0, 'feed_kind', '-1', '饲料类型', 1) returning id::text`,
    );
    await q1(
      `insert into blade_dict_biz (tenant_id, parent_id, code, dict_key, dict_value, sort) values ('000000', $1, 'feed_kind', '1', '草料', 1), ('000000', $1, 'feed_kind', '2', '肉类', 2)`,
      [root.id],
    );

    const { code } = await newTenant(t, admin, { tenantName: '北京动物园', linkman: '张三', contactNumber: '010-1234' });
    expect(code).toMatch(/^\d{6}$/);
    const [tenant] = await q1(`select account_number, expire_time, package_id from blade_tenant where tenant_id = $1`, [code]);
    expect(tenant).toEqual({ account_number: 100, expire_time: null, package_id: null });

    const [role] = await q1(`select id::text, role_name, role_alias from blade_role where tenant_id = $1`, [code]);
    expect(role).toMatchObject({ role_name: '管理员', role_alias: 'admin' });
    const [dept] = await q1(`select id::text, dept_name, parent_id::text from blade_dept where tenant_id = $1`, [code]);
    expect(dept).toMatchObject({ dept_name: '北京动物园', parent_id: '0' });
    const [post] = await q1(`select id::text, post_code, post_name from blade_post where tenant_id = $1`, [code]);
    expect(post).toMatchObject({ post_code: 'ceo', post_name: '首席执行官' });
    const [user] = await q1(`select account, password, role_id, dept_id, post_id from blade_user where tenant_id = $1`, [code]);
    expect(user).toMatchObject({ account: 'admin', role_id: role.id, dept_id: dept.id, post_id: post.id });
    expect(user.password).toMatch(/^\$argon2id\$/);

    const dicts = await q1(`select id::text, parent_id::text, code, dict_key, dict_value from blade_dict_biz where tenant_id = $1 order by sort, dict_key`, [
      code,
    ]);
    // The platform's other business dictionaries (oestrus signs, food items) are copied too.
    expect(new Set(dicts.map((d) => d.code))).toEqual(new Set(['feed_kind', 'oestrus_sign', 'zoo_food']));
    const newRoot = dicts.find((d) => d.dict_key === '-1' && d.code === 'feed_kind');
    expect(newRoot.id).not.toBe(root.id);
    expect(
      dicts
        .filter((d) => d.parent_id === newRoot.id)
        .map((d) => d.dict_value)
        .sort(),
    ).toEqual(['肉类', '草料']);

    // Grants: the default menu codes with every descendant (buttons included), nothing else.
    const granted = new Set((await q1(`select menu_id::text from blade_role_menu where role_id = $1`, [role.id])).map((r) => r.menu_id));
    const [userAdd, userMenu, tenantMenu, tenantAdd] = await menuIds(['user_add', 'user', 'tenant', 'tenant_add']);
    expect(granted.has(userAdd!) && granted.has(userMenu!)).toBe(true);
    expect(granted.has(tenantMenu!) || granted.has(tenantAdd!)).toBe(false);
    // 系统监控 is granted, but not its screen of the platform alone (分区归档) nor that screen's button.
    const [auditMenu, archiveMenu, archiveDownload] = await menuIds(['audit', 'partition_archive', 'partition_archive_download']);
    expect(granted.has(auditMenu!)).toBe(true);
    expect(granted.has(archiveMenu!) || granted.has(archiveDownload!)).toBe(false);

    // The new admin logs in with param tenant.default.password and sees the granted screens.
    const token = await t.login('admin', 'admin', code);
    const routes = routePaths((await t.request({ url: '/blade-system/menu/routes', token })).body.data);
    expect(routes).toContain('/system/user');
    expect(routes).not.toContain('/system/tenant');
  });

  it("grants the package's menus instead of the default set when a package is given", async () => {
    const ids = await menuIds(['desk', 'notice', 'notice_add']);
    await t.request({ method: 'POST', url: '/blade-system/tenant-package/submit', token: admin, body: { packageName: '基础包', menuId: ids.join(',') } });
    const [pkg] = await q1(`select id::text from blade_tenant_package where package_name = '基础包'`);
    const { code } = await newTenant(t, admin, { packageId: pkg.id });
    const [tenant] = await q1(`select package_id::text from blade_tenant where tenant_id = $1`, [code]);
    expect(tenant.package_id).toBe(pkg.id);
    const granted = (await q1(`select menu_id::text from blade_role_menu where tenant_id = $1`, [code])).map((r) => r.menu_id).sort();
    expect(granted).toEqual([...ids].sort());
  });

  it('leaves nothing behind when a step fails half-way', async () => {
    const tables = ['blade_tenant', 'blade_role', 'blade_dept', 'blade_post', 'blade_user', 'blade_dict_biz', 'blade_role_menu'];
    const before = await Promise.all(tables.map((x) => count(x)));
    // The menu grants come after the role, department, post, user and dictionaries: fail there.
    await q1(`create function zoo_fail_grant() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`);
    await q1(`create trigger zoo_fail_grant before insert on blade_role_menu for each row when (new.tenant_id <> '000000') execute function zoo_fail_grant()`);
    try {
      const res = await t.request({ method: 'POST', url: '/blade-system/tenant/submit', token: admin, body: { tenantName: '半途失败', linkman: '某人' } });
      expect(res.body.success).toBe(false);
      expect(res.status).toBe(500);
    } finally {
      await q1(`drop trigger zoo_fail_grant on blade_role_menu`);
      await q1(`drop function zoo_fail_grant()`);
    }
    expect(await Promise.all(tables.map((x) => count(x)))).toEqual(before);
    expect(await count('blade_dept', `dept_name = '半途失败'`)).toBe(0);
  });

  it('validates the form with the Chinese messages', async () => {
    const post = (body: unknown) => t.request({ method: 'POST', url: '/blade-system/tenant/submit', token: admin, body });
    expect((await post({ linkman: 'x' })).body).toMatchObject({ code: 400, msg: '请输入租户名称' });
    expect((await post({ tenantName: '  ', linkman: 'x' })).body.msg).toBe('请输入租户名称');
    expect((await post({ tenantName: '某园' })).body.msg).toBe('请输入联系人');
    expect((await post({ tenantName: '某园', linkman: 'x', packageId: '123' })).body.msg).toBe('产品包不存在');
  });
});

describe('tenant list, detail, update and remove', () => {
  it('filters the list by tenantId, tenantName and linkman; select names every tenant', async () => {
    const a = await newTenant(t, admin, { tenantName: '成都大熊猫基地', linkman: '李四' });
    const list = async (query: Record<string, string>) => (await t.request({ url: '/blade-system/tenant/list', token: admin, query })).body.data;
    expect((await list({ tenantId: a.code })).records.map((r: any) => r.tenantName)).toEqual(['成都大熊猫基地']);
    expect((await list({ tenantName: '大熊猫' })).records.map((r: any) => r.tenantId)).toEqual([a.code]);
    expect((await list({ linkman: '李四' })).total).toBe(1);
    const page = await list({ current: '1', size: '10' });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.records[0]).toMatchObject({ tenantId: '000000', accountNumber: -1, expireTime: '', packageId: '' });
    const select = (await t.request({ url: '/blade-system/tenant/select', token: admin })).body.data;
    expect(select).toContainEqual({ id: a.id, tenantId: a.code, tenantName: '成都大熊猫基地' });
  });

  it('updates the editable fields and never the tenant id', async () => {
    const a = await newTenant(t, admin);
    const res = await t.request({
      method: 'POST',
      url: '/blade-system/tenant/submit',
      token: admin,
      body: { id: a.id, tenantName: '改名园', linkman: '王五', tenantId: '999999' },
    });
    expect(res.body.success).toBe(true);
    const detail = (await t.request({ url: '/blade-system/tenant/detail', token: admin, query: { id: a.id } })).body.data;
    expect(detail).toMatchObject({ tenantId: a.code, tenantName: '改名园', linkman: '王五' });
  });

  it('refuses to remove the platform tenant; a removed tenant can no longer log in', async () => {
    const [platform] = await q1(`select id::text from blade_tenant where tenant_id = '000000'`);
    const refused = await t.request({ method: 'POST', url: '/blade-system/tenant/remove', token: admin, query: { ids: platform.id } });
    expect(refused.body).toMatchObject({ code: 400, msg: '不可删除管理租户!' });
    const a = await newTenant(t, admin);
    await t.login('admin', 'admin', a.code);
    expect((await t.request({ method: 'POST', url: '/blade-system/tenant/remove', token: admin, query: { ids: a.id } })).body.success).toBe(true);
    await expect(t.login('admin', 'admin', a.code)).rejects.toThrow('未获得用户的租户信息');
  });
});

describe('authorisation settings', () => {
  it('setting stores the quota and expiry; an expired tenant cannot log in, clearing the expiry lets it in again', async () => {
    const a = await newTenant(t, admin);
    const setting = (query: Record<string, string>) => t.request({ method: 'POST', url: '/blade-system/tenant/setting', token: admin, query });
    expect((await setting({ ids: a.id, accountNumber: '5', expireTime: '2020-01-01 00:00:00' })).body.success).toBe(true);
    expect((await q1(`select account_number, to_char(expire_time, 'YYYY-MM-DD HH24:MI:SS') as e from blade_tenant where id = $1`, [a.id]))[0]).toEqual({
      account_number: 5,
      e: '2020-01-01 00:00:00',
    });
    await expect(t.login('admin', 'admin', a.code)).rejects.toThrow('租户授权已过期,请联系管理员');
    expect((await setting({ ids: a.id, accountNumber: '-1', expireTime: '' })).body.success).toBe(true);
    expect(await t.login('admin', 'admin', a.code)).toBeTruthy();
    expect((await setting({ ids: a.id, accountNumber: 'x' })).body.msg).toBe('请输入账号额度');
    expect((await setting({ ids: a.id, accountNumber: '-2' })).body.msg).toBe('账号额度应为 -1(不限) 或非负整数');
    expect((await setting({ ids: a.id, accountNumber: '1', expireTime: '2030-01-01' })).body.msg).toBe('日期格式应为 yyyy-MM-dd HH:mm:ss');
  });

  it('stops creating users once account_number is reached; -1 means unlimited', async () => {
    const a = await newTenant(t, admin);
    await t.request({ method: 'POST', url: '/blade-system/tenant/setting', token: admin, query: { ids: a.id, accountNumber: '2' } });
    const token = await t.login('admin', 'admin', a.code);
    const [ids] = await q1(`select role_id, dept_id from blade_user where tenant_id = $1`, [a.code]);
    const create = (account: string) =>
      t.request({
        method: 'POST',
        url: '/blade-user/submit',
        token,
        body: { account, name: account, realName: account, password: 'pw123456', roleId: ids.role_id, deptId: ids.dept_id },
      });
    expect((await create('keeper1')).body.success).toBe(true);
    expect((await create('keeper2')).body).toMatchObject({ code: 400, msg: '当前租户已到最大账号额度!' });
    await t.request({ method: 'POST', url: '/blade-system/tenant/setting', token: admin, query: { ids: a.id, accountNumber: '-1' } });
    expect((await create('keeper2')).body.success).toBe(true);
  });

  it('datasource binds an existing datasource row only, by tenant code', async () => {
    const a = await newTenant(t, admin);
    const unknown = await t.request({
      method: 'POST',
      url: '/blade-system/tenant/datasource',
      token: admin,
      query: { tenantId: a.code, datasourceId: '1234567890123' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('数据源不存在或已被删除');
    const [ds] = await q1(
      `insert into blade_datasource (name, driver_class, url, username) values ('本库', 'org.postgresql.Driver', 'jdbc:postgresql://127.0.0.1:5432/x', 'postgres') returning id::text`,
    );
    const res = await t.request({ method: 'POST', url: '/blade-system/tenant/datasource', token: admin, query: { tenantId: a.code, datasourceId: ds.id } });
    expect(res.body.success).toBe(true);
    expect((await q1(`select datasource_id::text as d from blade_tenant where id = $1`, [a.id]))[0].d).toBe(ds.id);
    const other = await q1(`select count(*)::int as n from blade_tenant where datasource_id is not null`);
    expect(other[0].n).toBe(1);
    expect(
      (await t.request({ method: 'POST', url: '/blade-system/tenant/datasource', token: admin, query: { tenantId: '999998', datasourceId: '1' } })).body
        .success,
    ).toBe(false);
  });

  it('package-detail answers {} without a package and the package after package-setting; the platform tenant takes none', async () => {
    const a = await newTenant(t, admin);
    const detail = async () => (await t.request({ url: '/blade-system/tenant/package-detail', token: admin, query: { tenantId: a.id } })).body.data;
    expect(await detail()).toEqual({});
    const ids = await menuIds(['desk', 'notice']);
    await t.request({ method: 'POST', url: '/blade-system/tenant-package/submit', token: admin, body: { packageName: '详情包', menuId: ids } });
    const [pkg] = await q1(`select id::text from blade_tenant_package where package_name = '详情包'`);
    expect(
      (await t.request({ method: 'POST', url: '/blade-system/tenant/package-setting', token: admin, query: { tenantId: a.id, packageId: pkg.id } })).body
        .success,
    ).toBe(true);
    expect(await detail()).toEqual({ id: pkg.id, packageName: '详情包', menuId: ids.join(',') });
    await t.request({ method: 'POST', url: '/blade-system/tenant/package-setting', token: admin, query: { tenantId: a.id, packageId: '' } });
    expect(await detail()).toEqual({});
    const [platform] = await q1(`select id::text from blade_tenant where tenant_id = '000000'`);
    const refused = await t.request({
      method: 'POST',
      url: '/blade-system/tenant/package-setting',
      token: admin,
      query: { tenantId: platform.id, packageId: pkg.id },
    });
    expect(refused.body.msg).toBe('不可为管理租户设置产品包');
  });
});

describe('a tenant admin', () => {
  it("sees only its own tenant row and cannot use the platform administrator's tenant calls", async () => {
    const a = await newTenant(t, admin);
    const b = await newTenant(t, admin);
    const token = await t.login('admin', 'admin', a.code);
    const list = (await t.request({ url: '/blade-system/tenant/list', token })).body.data;
    expect(list.records.map((r: any) => r.tenantId)).toEqual([a.code]);
    expect((await t.request({ url: '/blade-system/tenant/select', token })).body.data.map((r: any) => r.tenantId)).toEqual([a.code]);
    expect((await t.request({ url: '/blade-system/tenant/detail', token, query: { id: b.id } })).body.success).toBe(false);
    const calls: Array<{ url: string; body?: unknown; query?: Record<string, string> }> = [
      { url: '/blade-system/tenant/submit', body: { id: b.id, tenantName: 'x', linkman: 'y' } },
      { url: '/blade-system/tenant/submit', body: { tenantName: '自建租户', linkman: 'y' } },
      { url: '/blade-system/tenant/remove', query: { ids: b.id } },
      { url: '/blade-system/tenant/setting', query: { ids: a.id, accountNumber: '-1' } },
      { url: '/blade-system/tenant/datasource', query: { tenantId: a.code, datasourceId: '1' } },
      { url: '/blade-system/tenant/package-setting', query: { tenantId: a.id, packageId: '' } },
    ];
    for (const c of calls) {
      const res = await t.request({ method: 'POST', token, ...c });
      expect(res.status, c.url).toBe(403);
      expect(res.body.msg).toBe('权限不足,无法访问该资源');
    }
    expect((await t.request({ url: '/blade-system/tenant/package-detail', token, query: { tenantId: a.id } })).status).toBe(403);
    expect(await count('blade_tenant', `tenant_name = '自建租户'`)).toBe(0);
    expect((await q1(`select is_deleted from blade_tenant where id = $1`, [b.id]))[0].is_deleted).toBe(0);
  });

  it('cannot pass the administrator check with a role it names "administrator"', async () => {
    const a = await newTenant(t, admin);
    await q1(`update blade_role set role_alias = 'administrator' where tenant_id = $1`, [a.code]);
    const token = await t.login('admin', 'admin', a.code);
    const res = await t.request({ method: 'POST', url: '/blade-system/tenant/submit', token, body: { tenantName: '越权租户', linkman: 'y' } });
    expect(res.status).toBe(403);
    expect((await t.request({ url: '/blade-system/client/list', token })).status).toBe(403);
  });
});
