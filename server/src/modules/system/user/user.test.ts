import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness';
import type { TenantCtx } from '../../../../test/iam-helpers';
import { userCalls, useUserWorld } from '../../../../test/user-fixtures';

// Creating and reading users (changes, permissions and isolation: user-changes.test.ts).
const w = useUserWorld();
const { post, get, form, idOf } = userCalls(w);
let t: TestApp;
let platform: string;
let A: TenantCtx;
let B: TenantCtx;
beforeAll(() => {
  ({ t, platform, A, B } = w);
});

describe('creating users', () => {
  it('stores the plain password as argon2id of its md5, and the user can log in', async () => {
    const res = await post('submit', A.token, {
      body: form(A, 'keeper', { postId: A.postId, phone: '13800138000', email: 'k@zoo.cn', sex: 1, birthday: '1990-05-01' }),
    });
    expect(res.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const { rows } = await t.sql.query(`select password, tenant_id, status, to_char(birthday, 'YYYY-MM-DD') as b from blade_user where account = 'keeper'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenant_id: A.code, status: 1, b: '1990-05-01' });
    expect(rows[0].password).toMatch(/^\$argon2id\$/);
    expect(await t.login('keeper', 'Pa55word', A.code)).toBeTruthy();
  });

  it('refuses a duplicate account in the tenant, while another tenant may use it', async () => {
    await post('submit', A.token, { body: form(A, 'twin') });
    expect((await post('submit', A.token, { body: form(A, 'twin') })).body).toMatchObject({ code: 400, msg: '当前用户 [twin] 已存在!' });
    expect((await post('submit', B.token, { body: form(B, 'twin') })).body.success).toBe(true);
  });

  it('validates the form with Chinese messages', async () => {
    const msg = async (more: Record<string, unknown>, drop?: string) => {
      const body: Record<string, unknown> = form(A, 'valid1', more);
      if (drop) delete body[drop];
      return (await post('submit', A.token, { body })).body.msg;
    };
    expect(await msg({}, 'account')).toBe('请输入登录账号');
    expect(await msg({}, 'name')).toBe('请输入用户昵称');
    expect(await msg({ realName: '' })).toBe('请输入用户姓名');
    expect(await msg({}, 'roleId')).toBe('请选择所属角色');
    expect(await msg({ deptId: [] })).toBe('请选择所属部门');
    expect(await msg({}, 'password')).toBe('请输入密码');
    expect(await msg({ password2: 'other' })).toBe('两次输入密码不一致!');
    expect(await msg({ phone: '1380013' })).toBe('手机号码长度不为11位');
    expect(await msg({ phone: '23800138000' })).toBe('手机号码格式不正确');
    expect(await msg({ email: 'not-mail' })).toBe('邮箱格式不正确');
    expect(await msg({ sex: 7 })).toBe('性别不正确');
    expect(await msg({ roleId: B.roleId })).toBe('所选角色不存在');
    expect(await msg({ deptId: `${A.deptId},${B.deptId}` })).toBe('所选部门不存在');
    expect(await msg({ postId: B.postId })).toBe('所选岗位不存在');
    expect(await idOf(A.code, 'valid1')).toBeUndefined();
  });

  it('creates in the tenant the platform administrator names; a tenant admin always creates in its own', async () => {
    expect((await post('submit', platform, { body: form(A, 'byplatform', { tenantId: A.code }) })).body.success).toBe(true);
    expect(await idOf(A.code, 'byplatform')).toBeTruthy();
    expect((await post('submit', B.token, { body: form(B, 'sneaky', { tenantId: A.code }) })).body.success).toBe(true);
    expect(await idOf(A.code, 'sneaky')).toBeUndefined();
    expect(await idOf(B.code, 'sneaky')).toBeTruthy();
  });
});

describe('reading users', () => {
  it('pages UserVO rows: no password, names and labels joined', async () => {
    await post('submit', A.token, { body: form(A, 'vo', { postId: A.postId, sex: 2, realName: '小王' }) });
    const page = (await get('page', A.token, { current: '1', size: '10', account: 'vo' })).body.data;
    expect(page.total).toBe(1);
    const u = page.records[0];
    expect(u).toMatchObject({
      account: 'vo',
      realName: '小王',
      tenantId: A.code,
      tenantName: '甲动物园',
      roleName: '管理员',
      deptName: '甲动物园',
      postName: '首席执行官',
      sexName: '女',
      userTypeName: 'WEB',
      roleId: A.roleId,
      birthday: '',
    });
    expect(u.password).toBeUndefined();
    expect(u.id).toMatch(/^\d+$/);
    expect((await get('page', A.token, { realName: '小王' })).body.data.total).toBe(1);
    const admin = (await get('page', A.token, { account: 'admin' })).body.data.records[0];
    expect(admin).toMatchObject({ sex: 1, sexName: '男' });
  });

  it('filters by department including every department below it', async () => {
    const { rows } = await t.sql.query(`insert into blade_dept (tenant_id, parent_id, ancestors, dept_name) values ($1, $2, $3, '兽医部') returning id::text`, [
      A.code,
      A.deptId,
      `0,${A.deptId}`,
    ]);
    const child = rows[0].id;
    const grand = (
      await t.sql.query(`insert into blade_dept (tenant_id, parent_id, ancestors, dept_name) values ($1, $2, $3, '化验组') returning id::text`, [
        A.code,
        child,
        `0,${A.deptId},${child}`,
      ])
    ).rows[0].id;
    const sibling = (
      await t.sql.query(`insert into blade_dept (tenant_id, parent_id, ancestors, dept_name) values ($1, $2, $3, '后勤部') returning id::text`, [
        A.code,
        A.deptId,
        `0,${A.deptId}`,
      ])
    ).rows[0].id;
    await post('submit', A.token, { body: form(A, 'vet', { deptId: child }) });
    await post('submit', A.token, { body: form(A, 'lab', { deptId: [sibling, grand] }) });
    const accounts = async (deptId: string) => (await get('page', A.token, { deptId, size: '100' })).body.data.records.map((r: any) => r.account).sort();
    expect(await accounts(child)).toEqual(['lab', 'vet']);
    expect(await accounts(grand)).toEqual(['lab']);
    expect(await accounts(sibling)).toEqual(['lab']);
    expect(await accounts(A.deptId)).toEqual(expect.arrayContaining(['admin', 'lab', 'vet']));
    const lab = (await get('page', A.token, { account: 'lab' })).body.data.records[0];
    expect(lab.deptName.split(',').sort()).toEqual(['化验组', '后勤部']);
  });

  it('lets the platform administrator page every tenant and filter by tenant; tenant admins see their own', async () => {
    const all = (await get('page', platform, { account: 'twin', size: '50' })).body.data.records.map((r: any) => r.tenantId).sort();
    expect(all).toEqual([A.code, B.code].sort());
    expect((await get('page', platform, { account: 'twin', tenantId: B.code })).body.data.records.map((r: any) => r.tenantName)).toEqual(['乙动物园']);
    const own = (await get('page', A.token, { size: '200' })).body.data.records;
    expect(new Set(own.map((r: any) => r.tenantId))).toEqual(new Set([A.code]));
  });

  it('detail, info and user-list', async () => {
    const id = await idOf(A.code, 'keeper');
    expect((await get('detail', A.token, { id })).body.data).toMatchObject({ id, account: 'keeper', phone: '13800138000' });
    expect((await get('detail', platform, { id })).body.data.account).toBe('keeper');
    const keeper = await t.login('keeper', 'Pa55word', A.code);
    expect((await get('info', keeper)).body.data).toMatchObject({ id, account: 'keeper', roleName: '管理员' });
    const list = (await get('user-list', keeper)).body.data.map((u: any) => u.account);
    expect(list).toContain('admin');
    expect(list).not.toContain('sneaky');
  });
});
