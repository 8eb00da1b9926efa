import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeeders } from '../seed';
import { startTestApp, type TestApp } from '../../test/harness';
import { multipart, PDF } from '../../test/upload-helpers';
import { ID_TOKEN } from './tenant-remap';

/**
 * A zoo's data through the platform administrator's API (decision 0053): the demo zoo is exported, imported into
 * another database (its ids free there: kept) and back into the same one (its ids and tenant id taken: remapped),
 * and each copy compared table by table with the original — row counts and a checksum of the rows with every id
 * written as its rank among the zoo's ids and the tenant id as one symbol, so a copy whose references were not all
 * rewritten, or rewritten to the wrong row, differs.
 */
const DEMO = '100000';
const tmp = (p: string) => fs.mkdtempSync(path.join(os.tmpdir(), p));

let source: TestApp;
let fresh: TestApp;
const uploads = tmp('zoo-tenant-src-');
const freshUploads = tmp('zoo-tenant-dst-');
const work = tmp('zoo-tenant-work-');
let archive: Buffer;
let link: string;

/** Each tenant table's rows of `tenant`, normalized (ids → ranks, tenant id → T): count and checksum. */
async function normalized(t: TestApp, tenant: string): Promise<Record<string, string>> {
  const { rows: tables } = await t.sql.query<{ t: string }>(
    `select distinct table_name as t from information_schema.columns
      where table_schema = 'public' and column_name = 'tenant_id'
        and table_name not in ('sys_token', 'sys_oauth_state', 'sys_auth_code', 'sys_login_fail') order by 1`,
  );
  const texts: Record<string, string[]> = {};
  const ids: string[] = [];
  for (const { t: name } of tables) {
    const { rows } = await t.sql.query<{ j: string; id: string | null }>(
      `select to_jsonb(x)::text as j, to_jsonb(x)->>'id' as id from "${name}" x where tenant_id = $1`,
      [tenant],
    );
    texts[name] = rows.map((r) => r.j);
    for (const r of rows) if (r.id) ids.push(r.id);
  }
  const rank = new Map([...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)).map((id, i) => [id, `#${i}`]));
  const out: Record<string, string> = {};
  for (const [name, lines] of Object.entries(texts)) {
    // The tenant id wherever it stands as a whole number (columns, JSON, object keys): independent of the import's rules.
    const tenantRe = new RegExp(`(?<![0-9A-Za-z])${tenant}(?![0-9A-Za-z])`, 'g');
    const norm = lines.map((l) => l.replace(tenantRe, 'T').replace(ID_TOKEN, (x) => rank.get(x) ?? x)).sort();
    out[name] = `${lines.length}:${createHash('md5').update(norm.join('\n')).digest('hex')}`;
  }
  return out;
}

/** The imported zoo's ledger gives its stock: populations' heads and animals' last status. */
async function expectLedgerReconciles(t: TestApp, tenant: string): Promise<void> {
  const { rows } = await t.sql.query(
    `with mv as (
       select to_population_id p, male_quantity m, female_quantity f, they_quantity u from zoo_stock_log where tenant_id = $1 and animal_type = 2 and to_population_id is not null
       union all select population_id, -male_quantity, -female_quantity, -they_quantity from zoo_stock_log where tenant_id = $1 and animal_type = 2 and population_id is not null),
     s as (select p, sum(m)::int m, sum(f)::int f, sum(u)::int u from mv group by p)
     select (select count(*)::int from zoo_population where tenant_id = $1 and is_deleted = 0) as pops,
            (select count(*)::int from zoo_population p join s on s.p = p.id
              where p.tenant_id = $1 and p.is_deleted = 0 and (s.m, s.f, s.u) = (p.male_quantity, p.female_quantity, p.they_quantity)) as pops_ok,
            (select count(*)::int from zoo_animal where tenant_id = $1) as animals,
            (select count(*)::int from zoo_animal a where tenant_id = $1
               and a.status = (select l.status_after from zoo_stock_log l where l.tenant_id = $1 and l.animal_id = a.id order by l.id desc limit 1)) as animals_ok`,
    [tenant],
  );
  expect(rows[0].pops).toBeGreaterThan(0);
  expect(rows[0].animals).toBeGreaterThan(0);
  expect(rows[0]).toEqual({ pops: rows[0].pops, pops_ok: rows[0].pops, animals: rows[0].animals, animals_ok: rows[0].animals });
}

const importVia = async (t: TestApp, bytes: Buffer) => {
  const m = multipart('zoo.tar.gz', bytes);
  return t.request({ method: 'POST', url: '/blade-system/tenant/import', token: await t.login(), body: m.body, headers: m.headers });
};

describe('a zoo exported and imported through the API', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    [source, fresh] = await Promise.all([startTestApp({ UPLOAD_DIR: uploads }), startTestApp({ UPLOAD_DIR: freshUploads })]);
    for (const s of demoSeeders) await s(source.database);
    // A stored file of the zoo (its attachment row and the object).
    const zooToken = await source.login('admin', 'admin', DEMO);
    const m = multipart('检疫证明.pdf', PDF);
    const up = await source.request({ method: 'POST', url: '/blade-resource/oss/endpoint/put-file-attach', token: zooToken, body: m.body, headers: m.headers });
    expect(up.body.success).toBe(true);
    link = up.body.data.link;
  });
  afterAll(async () => {
    await Promise.all([source?.close(), fresh?.close()]);
    for (const d of [uploads, freshUploads, work]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('exports the demo zoo for the platform administrator only', async () => {
    const zooToken = await source.login('admin', 'admin', DEMO);
    // (Another zoo's id: the zoo's API log keeps the URL as it was sent, which the comparison below would see.)
    const denied = await source.request({ url: '/blade-system/tenant/export', token: zooToken, query: { tenantId: '100001' } });
    expect(denied.status).toBe(403);
    const bad = await source.request({ url: '/blade-system/tenant/export', token: await source.login(), query: { tenantId: 'x' } });
    expect(bad.status).toBe(400);
    // The zoo's own requests above are in its API log: written before the export, so the copy holds them too.
    await source.app.zoo.logs.flush();
    const res = await source.app.inject({
      method: 'GET',
      url: '/api/blade-system/tenant/export',
      query: { tenantId: DEMO },
      headers: { authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0', 'blade-auth': `bearer ${await source.login()}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    archive = res.rawPayload;
    expect(archive.length).toBeGreaterThan(10_000);
  });

  it('imports into another database with the ids kept, every table equal, the ledger reconciling and the file served', async () => {
    const res = await importVia(fresh, archive);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ fromTenantId: DEMO, tenantId: DEMO, remappedIds: 0, files: 1 });
    const [before, after] = await Promise.all([normalized(source, DEMO), normalized(fresh, DEMO)]);
    expect(after).toEqual(before);
    expect(Number(after.zoo_stock_log!.split(':')[0])).toBeGreaterThan(10);
    expect(Number(after.sys_audit!.split(':')[0])).toBeGreaterThan(10);
    await expectLedgerReconciles(fresh, DEMO);
    const file = await fresh.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // The zoo's people sign in there as they did here.
    expect(await fresh.login('admin', 'admin', DEMO)).toBeTruthy();
  });

  it('imports into the same database under a new tenant id with every id remapped', async () => {
    const res = await importVia(source, archive);
    expect(res.body.success).toBe(true);
    const { tenantId, remappedIds } = res.body.data;
    expect(tenantId).toMatch(/^\d{6}$/);
    expect(tenantId).not.toBe(DEMO);
    expect(remappedIds).toBeGreaterThan(1000);
    const [before, after] = await Promise.all([normalized(source, DEMO), normalized(source, tenantId)]);
    expect(after).toEqual(before);
    // No row of the copy kept an id of the original.
    const { rows } = await source.sql.query(
      `select count(*)::int n from zoo_animal a join zoo_animal b on a.id = b.id where a.tenant_id = $1 and b.tenant_id = $2`,
      [tenantId, DEMO],
    );
    expect(rows[0].n).toBe(0);
    await expectLedgerReconciles(source, tenantId);
    const file = await source.app.inject({ method: 'GET', url: link.replace(`/upload/${DEMO}/`, `/upload/${tenantId}/`) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(await source.login('admin', 'admin', tenantId)).toBeTruthy();
  });

  it('refuses a damaged archive and changes nothing', async () => {
    const count = async () => (await source.sql.query(`select count(*)::int n from blade_tenant`)).rows[0].n as number;
    const tenants = await count();
    const files = fs.readdirSync(path.join(uploads, 'upload')).length;
    const flipped = Buffer.from(archive);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    for (const bytes of [flipped, archive.subarray(0, Math.floor(archive.length / 2))]) {
      const res = await importVia(source, bytes);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/租户数据文件已损坏或不完整/);
    }
    expect(await count()).toBe(tenants);
    expect(fs.readdirSync(path.join(uploads, 'upload')).length).toBe(files);
  });
});
