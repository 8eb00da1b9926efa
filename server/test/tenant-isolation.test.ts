import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourcesOf } from '../src/platform/resource/registry';
import { startTestApp, type TestApp } from './harness';
import { createTenantUser } from './fixtures';
import { isolationFixtures } from './isolation-fixtures';

type Row = Record<string, unknown> & { id: string; children?: Row[] };
/** A page's records, or every node of a tree list. */
const rowsOf = (data: { records?: Row[] } | Row[]): Row[] => {
  const flat = (nodes: Row[]): Row[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  return Array.isArray(data) ? flat(data) : (data.records ?? []);
};

/**
 * Tenant B's administrator tries every tenant-scoped CRUD resource on tenant A's rows: list, detail, update and
 * remove must neither show nor touch them. A new tenant-scoped resource without a fixture fails this file.
 */
let t: TestApp;
let tokenA: string;
let tokenB: string;
beforeAll(async () => {
  t = await startTestApp();
  await createTenantUser(t.sql, { tenantId: '200001', account: 'a_admin', password: 'pw', roleAlias: 'admin' });
  await createTenantUser(t.sql, { tenantId: '200002', account: 'b_admin', password: 'pw', roleAlias: 'admin' });
  // Tenant admins get every button, so only tenant isolation can stop them.
  await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id)
    select r.tenant_id, r.id, m.id from blade_role r cross join blade_menu m where r.tenant_id in ('200001','200002')`);
  tokenA = await t.login('a_admin', 'pw', '200001');
  tokenB = await t.login('b_admin', 'pw', '200002');
});
afterAll(async () => t?.close());

describe('tenant isolation of every resource (CRUD, append-only, read-only)', () => {
  it('has a fixture for every tenant-scoped resource', () => {
    const scoped = resourcesOf(t.app)
      .filter((r) => r.tenantScoped)
      .map((r) => r.def.name);
    expect(scoped.filter((n) => !isolationFixtures[n])).toEqual([]);
  });

  it.each(Object.keys(isolationFixtures))('%s: tenant B cannot list, read, change or remove tenant A rows', async (name) => {
    const reg = resourcesOf(t.app).find((r) => r.def.name === name);
    expect(reg, `${name} is registered`).toBeTruthy();
    // By verb, whatever the resource calls it (a transfer's create is its proposal, its remove its withdrawal).
    const ep = reg!.def.byVerb;
    const fx = isolationFixtures[name]!;
    const write = ep.submit ?? ep.create;
    let input: Record<string, unknown> = {};
    if (fx.create && write) {
      input = await fx.create(t, tokenA);
      const created = await t.request({ method: 'POST', url: write.path, token: fx.writer ? await fx.writer(t) : tokenA, body: input });
      expect(created.body.msg, JSON.stringify(created.body)).toBe('操作成功');
    } else await fx.seed!(t, tokenA);
    // Some rows arrive after the request (log batches): wait for tenant A to see one.
    const row = await vi.waitUntil(
      async () => rowsOf((await t.request({ url: ep.list!.path, token: tokenA, query: { current: '1', size: '200' } })).body.data).find(fx.match),
      { timeout: 10_000, interval: 200 },
    );
    expect(row, 'tenant A sees its row').toBeTruthy();

    const listB = await t.request({ url: ep.list!.path, token: tokenB, query: { current: '1', size: '200' } });
    expect(rowsOf(listB.body.data).map((r) => r.id)).not.toContain(row.id);
    expect((await t.request({ url: ep.detail!.path, token: tokenB, query: { id: row.id } })).body.success).toBe(false);
    for (const w of [ep.submit, ep.update]) {
      if (!w) continue;
      const upd = await t.request({ method: 'POST', url: w.path, token: tokenB, body: { ...input, id: row.id } });
      expect(upd.body.success).toBe(false);
    }
    if (ep.remove) await t.request({ method: 'POST', url: ep.remove.path, token: tokenB, query: { ids: row.id } });
    const still = await t.request({ url: ep.detail!.path, token: tokenA, query: { id: row.id } });
    expect(still.body.success).toBe(true);
    expect(still.body.data).toMatchObject(fx.unchanged ?? {});
  });
});
