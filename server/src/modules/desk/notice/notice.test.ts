import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { buildApp } from '../../../app';
import { openPostgres } from '../../../db/client';

let t: TestApp;
let admin: string;
let zooA: string;
let zooB: string;
beforeAll(async () => {
  t = await startTestApp();
  for (const [tenant, account] of [
    ['400001', 'a_admin'],
    ['400002', 'b_admin'],
  ]) {
    await createTenantUser(t.sql, { tenantId: tenant!, account: account!, password: 'pw', roleAlias: 'admin' });
    await t.sql.query(
      `insert into blade_role_menu (tenant_id, role_id, menu_id)
      select r.tenant_id, r.id, m.id from blade_role r cross join blade_menu m where r.tenant_id = $1 and m.code like 'notice%'`,
      [tenant],
    );
  }
  admin = await t.login();
  zooA = await t.login('a_admin', 'pw', '400001');
  zooB = await t.login('b_admin', 'pw', '400002');
});
afterAll(async () => t?.close());

const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/blade-desk/notice/submit', token, body });
const list = (token: string, query: Record<string, string> = {}) => t.request({ url: '/blade-desk/notice/list', token, query });

describe('notice CRUD', () => {
  it('creates, lists with the category name, reads, updates and removes a notice', async () => {
    expect((await submit(zooA, { title: '春季防疫通知', category: 1, releaseTime: '2024-03-01 09:00:00', content: '请各场馆做好消毒' })).body.msg).toBe(
      '操作成功',
    );
    const page = await list(zooA, { title: '防疫' });
    expect(page.body.data.total).toBe(1);
    const rec = page.body.data.records[0];
    expect(rec).toMatchObject({
      title: '春季防疫通知',
      category: 1,
      categoryName: '发布通知',
      releaseTime: '2024-03-01 09:00:00',
      content: '请各场馆做好消毒',
      tenantId: '400001',
    });
    expect(rec.id).toMatch(/^\d+$/);
    expect((await t.request({ url: '/blade-desk/notice/detail', token: zooA, query: { id: rec.id } })).body.data.title).toBe('春季防疫通知');
    expect((await submit(zooA, { id: rec.id, title: '春季防疫通知(更新)', category: '2', releaseTime: '2024-03-02' })).body.success).toBe(true);
    const upd = (await t.request({ url: '/blade-desk/notice/detail', token: zooA, query: { id: rec.id } })).body.data;
    expect(upd).toMatchObject({ title: '春季防疫通知(更新)', category: 2, categoryName: '批转通知', releaseTime: '2024-03-02 00:00:00' });
    expect((await t.request({ method: 'POST', url: '/blade-desk/notice/remove', token: zooA, query: { ids: rec.id } })).body.success).toBe(true);
    expect((await t.request({ url: '/blade-desk/notice/detail', token: zooA, query: { id: rec.id } })).body.msg).toBe('数据不存在或已被删除');
  });

  it.each([
    [{ category: 1, releaseTime: '2024-01-01' }, '请输入通知标题'],
    [{ title: '  ', category: 1, releaseTime: '2024-01-01' }, '请输入通知标题'],
    [{ title: 'x', releaseTime: '2024-01-01' }, '请选择通知类型'],
    [{ title: 'x', category: 1 }, '请输入通知日期'],
    [{ title: 'x', category: 1, releaseTime: '2024/01/01' }, '通知日期格式应为 yyyy-MM-dd HH:mm:ss'],
    [{ title: 'x', category: 99, releaseTime: '2024-01-01' }, '通知类型不存在,请重新选择'],
  ])('refuses %j with "%s"', async (body, msg) => {
    const res = await submit(zooA, body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  });

  it('filters by title, category and release date range', async () => {
    await submit(zooB, { title: '过滤-一', category: 1, releaseTime: '2024-05-01 08:00:00' });
    await submit(zooB, { title: '过滤-二', category: 3, releaseTime: '2024-05-10 08:00:00' });
    await submit(zooB, { title: '过滤-三', category: 3, releaseTime: '2024-06-01 08:00:00' });
    const titles = async (q: Record<string, string>) => (await list(zooB, { title: '过滤', ...q })).body.data.records.map((r: any) => r.title);
    expect(await titles({})).toEqual(['过滤-三', '过滤-二', '过滤-一']);
    expect(await titles({ category: '3' })).toEqual(['过滤-三', '过滤-二']);
    expect(await titles({ releaseTime_datege: '2024-05-10', releaseTime_datelt: '2024-06-01' })).toEqual(['过滤-二']);
  });

  it('refuses to create without the notice_add button', async () => {
    await createTenantUser(t.sql, { tenantId: '400001', account: 'keeper', password: 'pw', roleAlias: 'keeper' });
    const keeper = await t.login('keeper', 'pw', '400001');
    const res = await submit(keeper, { title: 'x', category: 1, releaseTime: '2024-01-01' });
    expect(res.status).toBe(403);
    // Reading notices needs no button.
    expect((await list(keeper)).body.success).toBe(true);
  });
});

describe('notices to an audience (decision 0051)', () => {
  it('an author addresses roles: readers outside them do not see it, everyone sees notices without audience, managers see all', async () => {
    const tenant = '400001';
    await createTenantUser(t.sql, { tenantId: tenant, account: 'aud_vet', password: 'pw', roleAlias: 'vet' });
    await createTenantUser(t.sql, { tenantId: tenant, account: 'aud_kp', password: 'pw', roleAlias: 'keeper' });
    const vet = await t.login('aud_vet', 'pw', tenant);
    const keeper = await t.login('aud_kp', 'pw', tenant);
    expect((await submit(zooA, { title: '对象-全员', category: 1, releaseTime: '2023-01-01' })).body.success).toBe(true);
    const toVets = await submit(zooA, { title: '对象-兽医', category: 1, releaseTime: '2023-01-02', audienceRoles: ' vet , vet,' });
    expect(toVets.body.success, JSON.stringify(toVets.body)).toBe(true);
    const titles = async (token: string) => (await list(token, { title: '对象-' })).body.data.records.map((r: any) => r.title);
    const latest = async (token: string) =>
      (await t.request({ url: '/blade-desk/listAllNotice', token, query: { limit: '50' } })).body.data
        .map((r: any) => r.title)
        .filter((x: string) => x.startsWith('对象-'));
    expect(await titles(vet)).toEqual(['对象-兽医', '对象-全员']);
    expect(await titles(keeper)).toEqual(['对象-全员']);
    expect((await list(keeper, { title: '对象-' })).body.data.total).toBe(1);
    expect(await latest(keeper)).toEqual(['对象-全员']);
    // The management screen keeps every notice for its managers, whatever the audience.
    const managed = (await list(zooA, { title: '对象-' })).body.data.records;
    expect(managed.map((r: any) => r.title)).toEqual(['对象-兽医', '对象-全员']);
    expect(managed[0]).toMatchObject({ audienceRoles: 'vet', audienceName: 'vet' });
    expect(managed[1]).toMatchObject({ audienceRoles: '', audienceName: '' });
    const id = managed[0].id;
    expect((await t.request({ url: '/blade-desk/notice/detail', token: vet, query: { id } })).body.data.title).toBe('对象-兽医');
    expect((await t.request({ url: '/blade-desk/notice/detail', token: keeper, query: { id } })).body.msg).toBe('数据不存在或已被删除');
    // Cleared, the notice is for everyone again.
    expect((await submit(zooA, { id, title: '对象-兽医', category: 1, releaseTime: '2023-01-02', audienceRoles: '' })).body.success).toBe(true);
    expect(await titles(keeper)).toEqual(['对象-兽医', '对象-全员']);
  });

  it.each([
    [{ audienceRoles: 'nosuchrole' }, '通知对象中的角色「nosuchrole」不存在'],
    [{ audienceRoles: 5 }, '通知对象格式不正确'],
    [{ audienceRoles: 'a'.repeat(256) }, '通知对象不能超过255个字符'],
  ])('refuses audience %j with "%s"', async (body, msg) => {
    const res = await submit(zooA, { title: 'x', category: 1, releaseTime: '2024-01-01', ...body });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  });
});

describe('notice list total (cached count)', () => {
  it('changes with every write, here and on another server instance', async () => {
    const other = await openPostgres(t.config.databaseUrl!, 2, t.config.timeZone);
    const app2 = await buildApp(t.config, other, { logger: false });
    try {
      const total2 = async () => {
        const res = await app2.inject({ method: 'GET', url: '/api/blade-desk/notice/list?title=计数', headers: { 'blade-auth': `bearer ${zooA}` } });
        return JSON.parse(res.body).data.total as number;
      };
      const total = async () => (await list(zooA, { title: '计数' })).body.data.total;
      expect(await total()).toBe(0);
      expect(await total2()).toBe(0);
      await submit(zooA, { title: '计数-1', category: 1, releaseTime: '2024-01-01' });
      expect(await total()).toBe(1);
      // The other instance drops its cached total when the NOTIFY of the write arrives.
      const deadline = Date.now() + 3000;
      while ((await total2()) !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await total2()).toBe(1);
      const id = (await list(zooA, { title: '计数' })).body.data.records[0].id;
      await t.request({ method: 'POST', url: '/blade-desk/notice/remove', token: zooA, query: { ids: id } });
      expect(await total()).toBe(0);
    } finally {
      await app2.close();
      await other.close();
    }
  });
});

describe('desk endpoints', () => {
  it('listAllNotice returns the newest notices of the caller tenant only', async () => {
    await submit(zooA, { title: '最新-旧', category: 1, releaseTime: '2030-01-01 08:00:00' });
    await submit(zooA, { title: '最新-新', category: 1, releaseTime: '2030-02-01 08:00:00' });
    await submit(zooB, { title: '最新-别家', category: 1, releaseTime: '2030-03-01 08:00:00' });
    const res = await t.request({ url: '/blade-desk/listAllNotice', token: zooA, query: { limit: '2' } });
    expect(res.body.data.map((n: any) => n.title)).toEqual(['最新-新', '最新-旧']);
    expect(res.body.data[0].categoryName).toBe('发布通知');
  });

  it('notice/countinfo counts per category in the caller tenant', async () => {
    await createTenantUser(t.sql, { tenantId: '400003', account: 'c_admin', password: 'pw', roleAlias: 'admin' });
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id)
      select r.tenant_id, r.id, m.id from blade_role r cross join blade_menu m where r.tenant_id = '400003' and m.code like 'notice%'`);
    const c = await t.login('c_admin', 'pw', '400003');
    await submit(c, { title: 'a', category: 4, releaseTime: '2024-01-01' });
    await submit(c, { title: 'b', category: 4, releaseTime: '2024-01-01' });
    await submit(c, { title: 'c', category: 6, releaseTime: '2024-01-01' });
    const res = await t.request({ url: '/blade-desk/notice/countinfo', token: c });
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.categories).toHaveLength(6);
    expect(res.body.data.categories.find((x: any) => x.category === 4)).toEqual({ category: 4, categoryName: '指示通知', count: 2 });
    expect(res.body.data.categories.find((x: any) => x.category === 1).count).toBe(0);
  });

  it('countinfo gives the dashboard figures of the caller tenant', async () => {
    const res = await t.request({ url: '/blade-desk/countinfo', token: zooB });
    const byKey = Object.fromEntries(res.body.data.map((x: any) => [x.key, x]));
    expect(byKey.user).toMatchObject({ title: '用户', count: 1, path: '/system/user' });
    const noticesB = (await list(zooB, { size: '200' })).body.data.total;
    expect(byKey.notice).toMatchObject({ title: '通知公告', count: noticesB, path: '/desk/notice' });
    const platform = await t.request({ url: '/blade-desk/countinfo', token: admin });
    expect(platform.body.data.find((x: any) => x.key === 'user').count).toBe(1);
  });
});
