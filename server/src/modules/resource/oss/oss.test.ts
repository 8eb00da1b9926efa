import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';

let t: TestApp;
let admin: string;
let zoo: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  await createTenantUser(t.sql, { tenantId: '600001', account: 'zoo_admin', password: 'pw', roleAlias: 'admin' });
  await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id)
    select r.tenant_id, r.id, m.id from blade_role r cross join blade_menu m where r.tenant_id = '600001' and m.code like 'oss%'`);
  zoo = await t.login('zoo_admin', 'pw', '600001');
});
afterAll(async () => t?.close());

const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/blade-resource/oss/submit', token, body });
const minio = (ossCode: string) => ({
  category: 1,
  ossCode,
  endpoint: 'http://127.0.0.1:9000',
  accessKey: 'ak',
  secretKey: 'sk-secret',
  bucketName: 'zoo',
  region: 'cn',
});
const byCode = async (token: string, ossCode: string) =>
  (await t.request({ url: '/blade-resource/oss/list', token, query: { ossCode } })).body.data.records.find((r: any) => r.ossCode === ossCode);
const enabledCodes = async (token: string) =>
  (await t.request({ url: '/blade-resource/oss/list', token, query: { size: '100' } })).body.data.records
    .filter((r: any) => r.status === 2)
    .map((r: any) => r.ossCode);

describe('oss configurations', () => {
  it('creates a configuration, disabled, with category and status names, and never returns the secret', async () => {
    expect((await submit(zoo, minio('minio-1'))).body.msg).toBe('操作成功');
    const rec = await byCode(zoo, 'minio-1');
    expect(rec).toMatchObject({ category: 1, categoryName: 'minio', status: 1, statusName: '否', accessKey: 'ak', secretKey: '******', bucketName: 'zoo' });
    const detail = await t.request({ url: '/blade-resource/oss/detail', token: zoo, query: { id: rec.id } });
    expect(detail.body.data.secretKey).toBe('******');
    expect(JSON.stringify(detail.body)).not.toContain('sk-secret');
  });

  it('keeps the stored secret when the placeholder comes back, replaces it when a new one is sent', async () => {
    await submit(zoo, minio('minio-2'));
    const rec = await byCode(zoo, 'minio-2');
    await submit(zoo, { ...minio('minio-2'), id: rec.id, secretKey: '******', remark: '改' });
    const secret = async () => (await t.sql.query(`select secret_key from blade_oss where id = $1`, [rec.id])).rows[0].secret_key;
    expect(await secret()).toBe('sk-secret');
    await submit(zoo, { ...minio('minio-2'), id: rec.id, secretKey: 'new-secret' });
    expect(await secret()).toBe('new-secret');
  });

  it.each([
    [{ ossCode: 'x' }, '请选择分类'],
    [{ category: 1 }, '请输入资源编号'],
    [{ category: 1, ossCode: 'a b' }, '资源编号只能包含字母、数字、下划线和短横线'],
    [{ category: 1, ossCode: 'x', accessKey: 'a', secretKey: 'b', bucketName: 'zoo' }, '请输入资源地址'],
    [{ category: 4, ossCode: 'x', endpoint: 'ftp://x', accessKey: 'a', secretKey: 'b', bucketName: 'zoo' }, '资源地址应为 http:// 或 https:// 开头的地址'],
    [{ category: 2, ossCode: 'x', endpoint: 'https://s3.qiniu.com', secretKey: 'b', bucketName: 'zoo' }, '请输入accessKey'],
    [{ category: 3, ossCode: 'x', endpoint: 'https://oss.aliyuncs.com', accessKey: 'a', secretKey: 'b' }, '请输入空间名'],
  ])('refuses %j: %s', async (body, msg) => {
    const res = await submit(zoo, body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  });

  it('needs no endpoint or keys for the local storage; refuses a duplicate code', async () => {
    expect((await submit(zoo, { category: 5, ossCode: 'local' })).body.success).toBe(true);
    expect((await byCode(zoo, 'local')).categoryName).toBe('本地存储');
    const dup = await submit(zoo, { category: 5, ossCode: 'local' });
    expect(dup.body.msg).toBe('资源编号 local 已存在');
  });
});

describe('oss enable', () => {
  it('enables exactly one configuration of the tenant', async () => {
    for (const c of ['e-1', 'e-2', 'e-3']) await submit(zoo, minio(c));
    const [a, b] = [await byCode(zoo, 'e-1'), await byCode(zoo, 'e-2')];
    expect((await t.request({ method: 'POST', url: '/blade-resource/oss/enable', token: zoo, query: { id: a.id } })).body.success).toBe(true);
    expect(await enabledCodes(zoo)).toEqual(['e-1']);
    expect((await byCode(zoo, 'e-1')).statusName).toBe('是');
    await t.request({ method: 'POST', url: '/blade-resource/oss/enable', token: zoo, query: { id: b.id } });
    expect(await enabledCodes(zoo)).toEqual(['e-2']);
  });

  it('stays exclusive under concurrent enables', async () => {
    const ids = [];
    for (const c of ['c-1', 'c-2', 'c-3', 'c-4']) {
      await submit(zoo, minio(c));
      ids.push((await byCode(zoo, c)).id);
    }
    const results = await Promise.all(ids.map((id) => t.request({ method: 'POST', url: '/blade-resource/oss/enable', token: zoo, query: { id } })));
    expect(results.map((r) => r.body.success)).toEqual([true, true, true, true]);
    expect(await enabledCodes(zoo)).toHaveLength(1);
  });

  it("does not touch another tenant's enabled configuration, nor enable it", async () => {
    await submit(admin, minio('platform-1'));
    const p = await byCode(admin, 'platform-1');
    await t.request({ method: 'POST', url: '/blade-resource/oss/enable', token: admin, query: { id: p.id } });
    const other = await t.request({ method: 'POST', url: '/blade-resource/oss/enable', token: zoo, query: { id: p.id } });
    expect(other.body.msg).toBe('数据不存在或已被删除');
    const z = await byCode(zoo, 'e-3');
    await t.request({ method: 'POST', url: '/blade-resource/oss/enable', token: zoo, query: { id: z.id } });
    expect(await enabledCodes(admin)).toEqual(['platform-1']);
  });

  it('needs the oss_enable button and admin rights to read configurations', async () => {
    await createTenantUser(t.sql, { tenantId: '600001', account: 'keeper', password: 'pw', roleAlias: 'keeper' });
    const keeper = await t.login('keeper', 'pw', '600001');
    const z = await byCode(zoo, 'e-1');
    expect((await t.request({ method: 'POST', url: '/blade-resource/oss/enable', token: keeper, query: { id: z.id } })).status).toBe(403);
    expect((await t.request({ url: '/blade-resource/oss/list', token: keeper })).status).toBe(403);
  });
});
