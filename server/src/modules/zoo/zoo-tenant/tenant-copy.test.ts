import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, makeCageChain, platformToken, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let platform: string;
let source: string; // tenant code of the zoo being copied
let sourceAdmin: string;
const PANDA = 'Ailuropoda melanoleuca';
const url = '/blade-system/tenant/copy';
const q = async (text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows;
const copy = (token: string, body: unknown) => t.request({ method: 'POST', url, token, body });

beforeAll(async () => {
  t = await startTestApp();
  platform = await platformToken(t);
  // The source zoo is made the way the platform makes zoos, then given more setup and some records.
  const made = await t.request({ method: 'POST', url: '/blade-system/tenant/submit', token: platform, body: { tenantName: '源动物园', linkman: '张三' } });
  expect(made.body.success, JSON.stringify(made.body)).toBe(true);
  source = (await q(`select tenant_id from blade_tenant where tenant_name = '源动物园'`))[0].tenant_id;
  sourceAdmin = await t.login('admin', 'admin', source);
  const [admin] = await q(`select id::text from blade_role where tenant_id = $1 and role_alias = 'admin'`, [source]);
  const [keeper] = await q(`insert into blade_role (tenant_id, parent_id, role_name, role_alias) values ($1, $2, '饲养员', 'keeper') returning id::text`, [
    source,
    admin.id,
  ]);
  await q(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu where code like 'zoo%' or code = 'desk'`, [
    source,
    keeper.id,
  ]);
  await q(`insert into blade_role_scope (tenant_id, scope_category, scope_id, role_id) values ($1, 1, 1, $2)`, [source, keeper.id]);
  const [root] = await q(`select id::text from blade_dept where tenant_id = $1`, [source]);
  await q(`insert into blade_dept (tenant_id, parent_id, ancestors, dept_name) values ($1, $2::bigint, '0,' || $2::text, '熊猫馆')`, [source, root.id]);
  await q(`insert into blade_post (tenant_id, category, post_code, post_name) values ($1, 4, 'keeper', '饲养员')`, [source]);
  const [dict] = await q(`insert into blade_dict_biz (tenant_id, code, dict_key, dict_value) values ($1, 'feed', '-1', '饲料') returning id::text`, [source]);
  await q(`insert into blade_dict_biz (tenant_id, parent_id, code, dict_key, dict_value) values ($1, $2, 'feed', '1', '竹子')`, [source, dict.id]);
  await q(`insert into blade_param (param_name, param_key, param_value) values ('存栏审批', $1, 'zoo_stock_approval')`, [
    `zoo.stock.approvalProcess.${source}`,
  ]);
  await authorise(t, source, [{ latin: PANDA, licenceNo: '(国)驯繁字[2024]009号' }]);
  const cage = await makeCageChain(t, sourceAdmin);
  await makeAnimal(t, sourceAdmin, { speciesId: await speciesId(t, PANDA), sex: 1, cageId: cage.cageId });
});
afterAll(async () => t?.close());

describe('tenant copy (/blade-system/tenant/copy)', () => {
  it('is the platform administrator’s alone, and checks its input in Chinese', async () => {
    const zoo = await zooAdmin(t, '300201');
    expect((await copy(zoo, { sourceTenantId: source, tenantName: '复制园', linkman: '李四' })).status).toBe(403);
    expect((await copy(sourceAdmin, { sourceTenantId: source, tenantName: '复制园', linkman: '李四' })).status).toBe(403);
    expect((await copy(platform, { sourceTenantId: source, linkman: '李四' })).body).toMatchObject({ code: 400, msg: '请输入租户名称' });
    expect((await copy(platform, { sourceTenantId: '12', tenantName: '复制园', linkman: '李四' })).body.msg).toBe('租户编号应为6位数字');
    expect((await copy(platform, { sourceTenantId: '999999', tenantName: '复制园', linkman: '李四' })).body).toMatchObject({
      code: 400,
      msg: '租户 999999 不存在',
    });
    expect((await copy(platform, { sourceTenantId: '000000', tenantName: '复制园', linkman: '李四' })).body.msg).toBe('不能复制管理租户');
    expect(await q(`select 1 from blade_tenant where tenant_name = '复制园'`)).toHaveLength(0);
  });

  it('copies the setup under a new tenant id and administrator, and no records', async () => {
    const res = await copy(platform, { sourceTenantId: source, tenantName: '复制动物园', linkman: '李四', contactNumber: '010-1234' });
    expect(res.body).toMatchObject({ code: 200, success: true, data: { tenantName: '复制动物园', account: 'admin' } });
    const copied = res.body.data.tenantId as string;
    expect(copied).toMatch(/^\d{6}$/);
    expect(copied).not.toBe(source);
    const count = async (table: string, tenant: string) =>
      (await q(`select count(*)::int n from ${table} where tenant_id = $1 and is_deleted = 0`, [tenant]))[0].n;
    for (const table of ['blade_role', 'blade_dept', 'blade_post', 'blade_dict_biz', 'zoo_tenant_species']) {
      expect(await count(table, copied), table).toBe(await count(table, source));
      expect(await count(table, copied), table).toBeGreaterThan(0);
    }
    // Grants follow their roles; the role tree and department tree point at the copies.
    const grants = async (tenant: string) =>
      (
        await q(
          `select r.role_alias, count(rm.*)::int n from blade_role r join blade_role_menu rm on rm.role_id = r.id where r.tenant_id = $1 group by 1 order by 1`,
          [tenant],
        )
      ).map((r: any) => [r.role_alias, r.n]);
    expect(await grants(copied)).toEqual(await grants(source));
    const [bamboo] = await q(
      `select p.tenant_id, p.dict_value from blade_dict_biz d join blade_dict_biz p on p.id = d.parent_id where d.tenant_id = $1 and d.dict_value = '竹子'`,
      [copied],
    );
    expect(bamboo).toEqual({ tenant_id: copied, dict_value: '饲料' });
    expect(
      await q(`select 1 from blade_role_scope s join blade_role r on r.id = s.role_id and r.tenant_id = $1 where r.role_alias = 'keeper'`, [copied]),
    ).toHaveLength(1);
    const [keeper] = await q(
      `select p.tenant_id, p.role_alias from blade_role r join blade_role p on p.id = r.parent_id where r.tenant_id = $1 and r.role_alias = 'keeper'`,
      [copied],
    );
    expect(keeper).toEqual({ tenant_id: copied, role_alias: 'admin' });
    const [hall] = await q(
      `select d.ancestors, p.tenant_id, p.id::text pid from blade_dept d join blade_dept p on p.id = d.parent_id where d.tenant_id = $1 and d.dept_name = '熊猫馆'`,
      [copied],
    );
    expect(hall).toMatchObject({ tenant_id: copied, ancestors: `0,${hall.pid}` });
    expect((await q(`select param_value from blade_param where param_key = $1`, [`zoo.stock.approvalProcess.${copied}`]))[0].param_value).toBe(
      'zoo_stock_approval',
    );
    expect((await q(`select licence_no from zoo_tenant_species where tenant_id = $1`, [copied]))[0].licence_no).toBe('(国)驯繁字[2024]009号');
    const rows = async (table: string, tenant: string) => (await q(`select count(*)::int n from ${table} where tenant_id = $1`, [tenant]))[0].n;
    for (const table of ['zoo_animal', 'zoo_cage', 'zoo_park', 'zoo_stock_log']) expect(await rows(table, copied), table).toBe(0);
    expect(await rows('zoo_animal', source)).toBe(1);
    expect((await q(`select account from blade_user where tenant_id = $1`, [copied])).map((r: any) => r.account)).toEqual(['admin']);
    // Audited in the new zoo's trail, as written by the platform administrator.
    const [me] = await q(`select id::text from blade_user where tenant_id = '000000' and account = 'admin'`);
    expect((await q(`select distinct user_id::text from sys_audit where tenant_id = $1`, [copied])).map((r: any) => r.user_id)).toEqual([me.id]);
  });

  it("the copy's administrator signs in, holds the copied rights and sees only its own zoo", async () => {
    const res = await copy(platform, { sourceTenantId: source, tenantName: '隔离动物园', linkman: '王五' });
    const copied = res.body.data.tenantId as string;
    const admin = await t.login('admin', 'admin', copied);
    const roles = await t.request({ url: '/blade-system/role/list', token: admin });
    const flat = (nodes: any[]): string[] => nodes.flatMap((n) => [n.id, ...flat(n.children ?? [])]);
    const ids = flat(roles.body.data);
    const own = (await q(`select id::text from blade_role where tenant_id = $1`, [copied])).map((r: any) => r.id);
    expect(ids.sort()).toEqual(own.sort());
    const depts = await t.request({ url: '/blade-system/dept/list', token: admin });
    // The root department is named after the new zoo, as a zoo made by tenant/submit.
    expect(depts.body.data.map((d: any) => [d.tenantId, d.deptName, d.children.map((c: any) => [c.tenantId, c.deptName])])).toEqual([
      [copied, '隔离动物园', [[copied, '熊猫馆']]],
    ]);
    const animals = await t.request({ url: '/zoo-animal/animal/list', token: admin });
    expect(animals.body).toMatchObject({ success: true, data: { total: 0 } });
    // And the source sees nothing of the copy.
    const srcRoles = await t.request({ url: '/blade-system/role/list', token: sourceAdmin });
    expect(flat(srcRoles.body.data).some((id) => own.includes(id))).toBe(false);
  });
});
