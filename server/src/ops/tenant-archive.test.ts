import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeeders } from '../seed';
import { startTestApp, type TestApp } from '../../test/harness';
import { startS3, type TestS3 } from '../../test/s3-server';
import { JPEG, multipart, PDF, PNG_1PX } from '../../test/upload-helpers';
import { LOCAL_DOMAIN } from '../modules/resource/storage/local-store';
import { S3Store } from '../modules/resource/storage/s3-store';
import { egressFor } from '../platform/http/egress';
import type { TenantManifest } from './tenant-manifest';
import { ID_TOKEN } from './tenant-remap';
import { importGrantNeeded } from './tenant-import';
import { openPostgres } from '../db/client';

/**
 * A zoo's data through the platform administrator's API (decision 0053): the demo zoo is exported, imported into
 * another database (its ids free there: kept) and back into the same one (its ids and tenant id taken: remapped),
 * and each copy compared table by table with the original — row counts and a checksum of the rows with every id
 * written as its rank among the zoo's ids and the tenant id as one symbol, so a copy whose references were not all
 * rewritten, or rewritten to the wrong row, differs.
 *
 * The zoo's files: a PDF in the built-in storage, then — its own bucket (a local S3 server) enabled — a photo
 * attachment, an avatar, and an attachment whose object is deleted from the bucket behind the product's back. The
 * other installation cannot reach that bucket (its egress rule refuses loopback): the objects land in its built-in
 * storage and the links follow; the same installation can, and they go back into the bucket under the new tenant.
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
let s3: TestS3;
let bucketDomain: string;
/** The zoo's stored files by name (`<uuid>.<ext>`): the bytes each link must serve, null for the one deleted. */
const stored = new Map<string, Buffer | null>();
let goneKey: string;
let oldDomain: string;
const oldKey = `upload/${DEMO}/20260101/00000000-0000-4000-8000-000000000001.pdf`;
const fileOf = (l: string) => l.slice(l.lastIndexOf('/') + 1);

/** The source's rows as an import that moved these buckets' objects into the built-in storage writes them. */
const movedToLocal = (domains: string[]) => (table: string, line: string) => {
  for (const d of domains) {
    if (!line.includes(`${d}/upload/`)) continue;
    line = line.split(`${d}/upload/`).join(`${LOCAL_DOMAIN}/upload/`);
    if (table === 'blade_attach') line = line.replace(`"domain": "${d}"`, `"domain": "${LOCAL_DOMAIN}"`).replace(/"oss_id": \d+/, '"oss_id": null');
  }
  return line;
};

/** Each tenant table's rows of `tenant`, normalized (ids → ranks, tenant id → T): count and checksum. */
async function normalized(t: TestApp, tenant: string, fix = (_table: string, line: string) => line): Promise<Record<string, string>> {
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
    const norm = lines
      .map((l) =>
        fix(name, l)
          .replace(tenantRe, 'T')
          .replace(ID_TOKEN, (x) => rank.get(x) ?? x),
      )
      .sort();
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

/**
 * Every stored file the zoo's rows link to (attachments, the avatar), fetched by its link — the API's or the
 * bucket's — with the bytes uploaded; the one deleted from the bucket before the export is missing. Returns the
 * links that point into the bucket.
 */
async function expectFilesServed(t: TestApp, tenant: string): Promise<string[]> {
  const { rows } = await t.sql.query<{ link: string }>(
    `select link from blade_attach where tenant_id = $1 union all select avatar from blade_user where tenant_id = $1 and avatar <> ''`,
    [tenant],
  );
  const links = rows.map((r) => r.link).filter((l) => stored.has(fileOf(l)));
  expect(links).toHaveLength(stored.size);
  for (const l of links) {
    expect(l).toContain(`/upload/${tenant}/`);
    const got = l.startsWith('/api/')
      ? await t.app.inject({ method: 'GET', url: l }).then((r) => ({ status: r.statusCode, body: r.rawPayload }))
      : await fetch(l).then(async (r) => ({ status: r.status, body: Buffer.from(await r.arrayBuffer()) }));
    const want = stored.get(fileOf(l));
    expect(got.status, l).toBe(want ? 200 : 404);
    if (want) expect(got.body.equals(want), l).toBe(true);
  }
  return links.filter((l) => l.startsWith(`${bucketDomain}/`));
}

/** Every file under `dir`. */
const filesIn = (dir: string) => (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile()).map((d) => d.name);

const importVia = async (t: TestApp, bytes: Buffer) => {
  const m = multipart('zoo.tar.gz', bytes);
  return t.request({ method: 'POST', url: '/blade-system/tenant/import', token: await t.login(), body: m.body, headers: m.headers });
};

describe('a zoo exported and imported through the API', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    // The other installation's egress rule refuses loopback: the zoo's bucket is out of its reach.
    [source, fresh, s3] = await Promise.all([
      startTestApp({ UPLOAD_DIR: uploads }),
      startTestApp({ UPLOAD_DIR: freshUploads, ALLOW_PRIVATE_ENDPOINTS: '' }),
      startS3(),
    ]);
    bucketDomain = `${s3.url}/${s3.bucket}`;
    for (const s of demoSeeders) await s(source.database);
    const zooToken = await source.login('admin', 'admin', DEMO);
    const put = async (kind: 'put-file' | 'put-file-attach', name: string, bytes: Buffer) => {
      const m = multipart(name, bytes);
      const up = await source.request({ method: 'POST', url: `/blade-resource/oss/endpoint/${kind}`, token: zooToken, body: m.body, headers: m.headers });
      expect(up.body.success, JSON.stringify(up.body)).toBe(true);
      stored.set(fileOf(up.body.data.link), bytes);
      return up.body.data as { link: string; domain: string; name: string };
    };
    // A file in the built-in storage (the zoo has no storage configuration yet).
    link = (await put('put-file-attach', '检疫证明.pdf', PDF)).link;
    // The zoo's own bucket, enabled: the next files go there.
    const oss = { category: 1, ossCode: 'zoo-s3', endpoint: s3.url, accessKey: 'S3RVER', secretKey: 'S3RVER', bucketName: s3.bucket };
    expect((await source.request({ method: 'POST', url: '/blade-resource/oss/submit', token: zooToken, body: oss })).body.success).toBe(true);
    const cfg = (await source.request({ url: '/blade-resource/oss/list', token: zooToken, query: { ossCode: 'zoo-s3' } })).body.data.records[0];
    expect((await source.request({ method: 'POST', url: '/blade-resource/oss/enable', token: zooToken, query: { id: cfg.id } })).body.success).toBe(true);
    expect((await put('put-file-attach', '长颈鹿.jpg', JPEG)).domain).toBe(bucketDomain);
    const avatar = await put('put-file', 'avatar.png', PNG_1PX);
    const info = await source.request({ method: 'POST', url: '/blade-user/update-info', token: zooToken, body: { avatar: avatar.link, phone: '13800000000' } });
    expect(info.body.success, JSON.stringify(info.body)).toBe(true);
    // Deleted from the bucket behind the product's back (a lifecycle rule, a hand in the console): linked, missing.
    const gone = await put('put-file-attach', '已删除.pdf', PDF);
    const direct = new S3Store(
      { endpoint: s3.url, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: s3.bucket, region: '', pathStyle: true },
      egressFor('127.0.0.0/8'),
    );
    await direct.remove(gone.name);
    direct.close();
    stored.set(fileOf(gone.link), null);
    goneKey = gone.name;
    // A bucket the zoo no longer uses (its configuration disabled, the bucket gone) that a row still links into:
    // its object cannot be fetched, and that must not block the export.
    const oldOss = { ...oss, ossCode: 'old-s3', bucketName: 'old-bucket' };
    expect((await source.request({ method: 'POST', url: '/blade-resource/oss/submit', token: zooToken, body: oldOss })).body.success).toBe(true);
    const old = (await source.request({ url: '/blade-resource/oss/list', token: zooToken, query: { ossCode: 'old-s3' } })).body.data.records[0];
    oldDomain = `${s3.url}/old-bucket`;
    await source.sql.query(
      `insert into blade_attach (tenant_id, link, domain, name, original_name, extension, attach_size, oss_id) values ($1, $2, $3, $4, '旧.pdf', 'pdf', 3, $5)`,
      [DEMO, `${oldDomain}/${oldKey}`, oldDomain, oldKey, old.id],
    );
    stored.set(fileOf(oldKey), null);
  });
  afterAll(async () => {
    await Promise.all([source?.close(), fresh?.close(), s3?.close()]);
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

  it('holds the objects of the zoo’s bucket, each with its store, and lists the linked ones it could not fetch', async () => {
    const file = path.join(work, 'zoo.tar.gz');
    fs.writeFileSync(file, archive);
    const dir = fs.mkdtempSync(path.join(work, 'x-'));
    await tar.extract({ file, cwd: dir });
    const m = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as TenantManifest;
    expect(m.format).toBe('zoo-tenant/2');
    expect(m.stores).toEqual([
      { store: 'local', domain: LOCAL_DOMAIN },
      { store: 'oss:zoo-s3', domain: bucketDomain },
      { store: 'oss:old-s3', domain: oldDomain },
    ]);
    expect(m.missing).toEqual([
      { store: 'oss:zoo-s3', key: goneKey },
      { store: 'oss:old-s3', key: oldKey, unreachable: true },
    ]);
    const files = m.entries.filter((e) => e.store);
    expect(files.map((e) => e.store).sort()).toEqual(['local', 'oss:zoo-s3', 'oss:zoo-s3']);
    for (const e of files) {
      expect(e.path).toMatch(e.store === 'local' ? /^files\/upload\/100000\// : /^files\/oss\/zoo-s3\/upload\/100000\//);
      expect(fs.readFileSync(path.join(dir, e.path)).equals(stored.get(fileOf(e.path))!)).toBe(true);
    }
  });

  it('refuses an import whose storage holds another file under one of the keys, leaving no row and no file', async () => {
    // The local PDF's key, taken by other bytes: the bucket's objects (written first, into this built-in storage) go again.
    const key = link.slice(LOCAL_DOMAIN.length + 1);
    const clash = path.join(freshUploads, ...key.split('/'));
    fs.mkdirSync(path.dirname(clash), { recursive: true });
    fs.writeFileSync(clash, 'other bytes');
    const res = await importVia(fresh, archive);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/文件存储中已有同名的其他文件/);
    expect(filesIn(freshUploads)).toEqual([fileOf(key)]);
    expect((await fresh.sql.query(`select count(*)::int n from blade_tenant where tenant_id = $1`, [DEMO])).rows[0].n).toBe(0);
    fs.rmSync(clash);
  });

  it('imports into another database with the ids kept, every table equal, the ledger reconciling and the file served', async () => {
    const res = await importVia(fresh, archive);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ fromTenantId: DEMO, tenantId: DEMO, remappedIds: 0, files: 3, missingFiles: 2 });
    // The bucket is out of reach from there: its objects are in the built-in storage, and the links say so.
    const [before, after] = await Promise.all([normalized(source, DEMO, movedToLocal([bucketDomain, oldDomain])), normalized(fresh, DEMO)]);
    expect(after).toEqual(before);
    expect(await expectFilesServed(fresh, DEMO)).toEqual([]);
    const { rows: moved } = await fresh.sql.query(`select count(*)::int n from blade_attach where tenant_id = $1 and (oss_id is not null or domain <> $2)`, [
      DEMO,
      LOCAL_DOMAIN,
    ]);
    expect(moved[0].n).toBe(0);
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
    expect(res.body.data).toMatchObject({ files: 3, missingFiles: 2 });
    const { tenantId, remappedIds } = res.body.data;
    expect(tenantId).toMatch(/^\d{6}$/);
    expect(tenantId).not.toBe(DEMO);
    expect(remappedIds).toBeGreaterThan(1000);
    // The disabled configuration's bucket is not written to: its (missing) object's link moved to the built-in storage.
    const [before, after] = await Promise.all([normalized(source, DEMO, movedToLocal([oldDomain])), normalized(source, tenantId)]);
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
    // The zoo's bucket answers here: its objects went back into it under the new tenant's keys, the links follow.
    expect(await expectFilesServed(source, tenantId)).toHaveLength(3);
    const { rows: attached } = await source.sql.query(
      `select count(*)::int n from blade_attach a join blade_oss o on o.id = a.oss_id and o.tenant_id = a.tenant_id where a.tenant_id = $1`,
      [tenantId],
    );
    expect(attached[0].n).toBe(2);
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

  it('names, at start, the grant an owner that is no superuser needs to import', async () => {
    expect(await importGrantNeeded(source.database.db)).toBeNull(); // the tests' owner is a superuser
    const role = `zoo_t_importer_${Math.random().toString(36).slice(2, 8)}`;
    await source.sql.query(`create role ${role} login`);
    const url = new URL(source.config.databaseUrl!);
    url.username = role;
    const db = await openPostgres(url.toString(), 1, 'Asia/Shanghai');
    try {
      expect(await importGrantNeeded(db.db)).toBe(`GRANT SET ON PARAMETER session_replication_role TO "${role}"`);
      await source.sql.query(`GRANT SET ON PARAMETER session_replication_role TO ${role}`);
      expect(await importGrantNeeded(db.db)).toBeNull();
    } finally {
      await db.close();
      await source.sql.query(`revoke set on parameter session_replication_role from ${role}`);
      await source.sql.query(`drop role ${role}`);
    }
  });
});
