import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, LOOPBACK_ALLOWED, startTestApp, type TestApp } from '../../../test/harness';
import { createTenantUser } from '../../../test/fixtures';
import { runPartitionMaintenance } from './partition-job';
import { ARCHIVE_MISSING } from './partition-archive.routes';

/** 分区归档 (decision 0056): the platform's list of archived months, the retention, and each archive back. */
let t: TestApp;
let admin: string;
let archivist: string;
let viewer: string;
let zooAdmin: string;
let s3: S3rver;
let s3Url: string;
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-uploads-'));
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-s3-'));

/** The readings of March 2013: more rows than one read batch (5,000), so the archive is written in several. */
const READINGS = 12_001;

const grant = (tenantId: string, roleId: string, codes: string[]) =>
  t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu where code = any($3::text[]) and is_deleted = 0`, [
    tenantId,
    roleId,
    codes,
  ]);

beforeAll(async () => {
  t = await startTestApp({ UPLOAD_DIR: uploads, ...LOOPBACK_ALLOWED });
  admin = await t.login();
  const a = await createTenantUser(t.sql, { tenantId: '000000', account: 'archivist', password: 'pw', roleAlias: 'archivist' });
  await grant('000000', a.roleId, ['partition_archive', 'partition_archive_download']);
  const v = await createTenantUser(t.sql, { tenantId: '000000', account: 'viewer', password: 'pw', roleAlias: 'viewer' });
  await grant('000000', v.roleId, ['partition_archive']);
  // A zoo's administrator given the menu and its button all the same: still refused, the archives are the platform's.
  const z = await createTenantUser(t.sql, { tenantId: '300001', account: 'zoo_admin', password: 'pw', roleAlias: 'admin' });
  await grant('300001', z.roleId, ['partition_archive', 'partition_archive_download']);
  archivist = await t.login('archivist', 'pw');
  viewer = await t.login('viewer', 'pw');
  zooAdmin = await t.login('zoo_admin', 'pw', '300001');
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'zoo-bucket' }] });
  s3Url = `http://127.0.0.1:${(await s3.run()).port}`;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  fs.rmSync(uploads, { recursive: true, force: true });
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const download = (id: string, token = archivist) =>
  t.app.inject({
    method: 'GET',
    url: '/api/blade-system/partition-archive/download',
    query: { id },
    headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
  });

const archiveRow = async (table: string) =>
  (
    await t.sql.query<{ id: string; object_key: string; sha256: string; byte_size: string; row_count: string; storage: string }>(
      `select id::text, object_key, sha256, byte_size, row_count, storage from sys_partition_archive where table_name = $1`,
      [table],
    )
  ).rows[0]!;

describe('partition archives', () => {
  let humitureLines: string[] = [];

  it('archives a month of readings to the local store: the stored object is the partition, line for line', async () => {
    await t.sql.query(
      `insert into zoo_humiture (tenant_id, cage_id, read_time, temperature, humidity)
       select case when i % 2 = 0 then '000001' else '000002' end, i % 7 + 1, timestamp '2013-03-01' + i * interval '3 minutes', 15 + (i % 100) / 10.0, 40 + i % 30
         from generate_series(0, ${READINGS - 1}) i`,
    );
    await t.sql.query(`insert into blade_log_api (tenant_id, create_time, title) values ('000001', '2015-01-10 10:00', 'old')`);
    humitureLines = (
      await t.sql.query<{ j: string }>(
        `select row_to_json(t)::text as j from zoo_humiture t where read_time >= '2013-03-01' and read_time < '2013-04-01' order by id`,
      )
    ).rows.map((r) => r.j);
    expect(humitureLines).toHaveLength(READINGS);
    const report = await runPartitionMaintenance(t.app);
    expect(report!.failed).toEqual([]);
    expect(report!.dropped).toEqual(expect.arrayContaining(['zoo_humiture_p201303', 'blade_log_api_p201501']));

    const row = await archiveRow('zoo_humiture');
    expect(row).toMatchObject({ storage: 'local', row_count: String(READINGS) });
    const stored = fs.readFileSync(path.join(uploads, ...row.object_key.split('/')));
    expect(stored.length).toBe(Number(row.byte_size));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(row.sha256);
    expect(gunzipSync(stored).toString('utf8')).toBe(`${humitureLines.join('\n')}\n`);
  });

  it('lists newest month first, a page at a time, filtered by table, with the retention per stream', async () => {
    // A second store: the platform's S3 configuration enabled, and a month of the usual log archived there.
    const cfg = { category: 1, ossCode: 'archive-s3', endpoint: s3Url, accessKey: 'S3RVER', secretKey: 'S3RVER', bucketName: 'zoo-bucket' };
    expect((await t.request({ method: 'POST', url: '/blade-resource/oss/submit', token: admin, body: cfg })).body.success).toBe(true);
    const { id } = (await t.request({ url: '/blade-resource/oss/list', token: admin, query: { ossCode: 'archive-s3' } })).body.data.records[0];
    await t.request({ method: 'POST', url: '/blade-resource/oss/enable', token: admin, query: { id } });
    await t.sql.query(`insert into blade_log_usual (tenant_id, create_time, log_level, log_data) values ('000001', '2015-02-03 09:00', 'info', '旧日志')`);
    expect((await runPartitionMaintenance(t.app))!.dropped).toEqual(['blade_log_usual_p201502']);

    const page1 = await t.request({ url: '/blade-system/partition-archive/list', token: archivist, query: { current: '1', size: '2' } });
    expect(page1.status).toBe(200);
    expect(page1.body.data.total).toBe(3);
    expect(page1.body.data.records.map((r: { tableName: string; month: string }) => `${r.tableName} ${r.month}`)).toEqual([
      'blade_log_usual 2015-02',
      'blade_log_api 2015-01',
    ]);
    expect(page1.body.data.records[0]).toMatchObject({ storage: 'oss:archive-s3', rowCount: 1, partitionName: 'blade_log_usual_p201502' });
    expect(page1.body.data.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const page2 = await t.request({ url: '/blade-system/partition-archive/list', token: archivist, query: { current: '2', size: '2' } });
    expect(page2.body.data.records.map((r: { month: string }) => r.month)).toEqual(['2013-03']);
    const humiture = await t.request({ url: '/blade-system/partition-archive/list', token: viewer, query: { tableName_equal: 'zoo_humiture' } });
    expect(humiture.body.data.records).toEqual([expect.objectContaining({ tableName: 'zoo_humiture', month: '2013-03', rowCount: READINGS })]);
    const detail = await t.request({ url: '/blade-system/partition-archive/detail', token: viewer, query: { id: humiture.body.data.records[0].id } });
    expect(detail.body.data).toMatchObject({ tableName: 'zoo_humiture', sha256: (await archiveRow('zoo_humiture')).sha256 });

    await t.sql.query(`update blade_param set param_value = '36' where param_key = 'zoo.retention.humiture'`);
    t.app.zoo.cache.clearLocal('param:zoo.retention.humiture');
    const retention = await t.request({ url: '/blade-system/partition-archive/retention', token: viewer });
    expect(retention.body.data).toEqual([
      { tableName: 'zoo_humiture', paramKey: 'zoo.retention.humiture', months: 36 },
      { tableName: 'blade_log_api', paramKey: 'zoo.retention.apiLog', months: 6 },
      { tableName: 'blade_log_usual', paramKey: 'zoo.retention.usualLog', months: 6 },
      { tableName: 'blade_log_error', paramKey: 'zoo.retention.errorLog', months: 12 },
      { tableName: 'sys_audit', paramKey: 'zoo.retention.audit', months: 0 },
      { tableName: 'zoo_basic_log', paramKey: 'zoo.retention.keeperLog', months: 0 },
    ]);
  });

  it('downloads the exact stored bytes, from the store each archive was written to', async () => {
    const local = await archiveRow('zoo_humiture');
    const res = await download(local.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="zoo_humiture_2013-03.ndjson.gz"');
    expect(res.rawPayload.equals(fs.readFileSync(path.join(uploads, ...local.object_key.split('/'))))).toBe(true);
    // Every tenant's rows: never an upload key, so the public file route (uploads' links) does not serve it.
    expect(local.object_key).toMatch(/^archive\/\d{8}\/[0-9a-f-]{36}\.gz$/);
    const served = await t.app.inject({ method: 'GET', url: `/api/blade-resource/oss/endpoint/file/${local.object_key}` });
    expect(served.statusCode).toBe(404);

    const s3Row = await archiveRow('blade_log_usual');
    const fromS3 = await download(s3Row.id);
    expect(fromS3.statusCode).toBe(200);
    expect(fromS3.headers['content-disposition']).toBe('attachment; filename="blade_log_usual_2015-02.ndjson.gz"');
    expect(fromS3.rawPayload.length).toBe(Number(s3Row.byte_size));
    expect(createHash('sha256').update(fromS3.rawPayload).digest('hex')).toBe(s3Row.sha256);
    const bucket = Buffer.from(await (await fetch(`${s3Url}/zoo-bucket/${s3Row.object_key}`)).arrayBuffer());
    expect(fromS3.rawPayload.equals(bucket)).toBe(true);
    const [line] = gunzipSync(fromS3.rawPayload).toString('utf8').trim().split('\n');
    expect(JSON.parse(line!)).toMatchObject({ tenant_id: '000001', log_level: 'info', log_data: '旧日志' });
  });

  it('a missing object answers 404 with a clear message; an unknown id the usual 400', async () => {
    const row = await archiveRow('blade_log_api');
    fs.rmSync(path.join(uploads, ...row.object_key.split('/')));
    const res = await download(row.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false, msg: ARCHIVE_MISSING });
    const unknown = await download('1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 400, success: false, msg: '数据不存在或已被删除' });
  });

  it('is the platform users’ with the rights alone: a zoo administrator and a user without the button are refused', async () => {
    const row = await archiveRow('zoo_humiture');
    for (const url of ['/blade-system/partition-archive/list', '/blade-system/partition-archive/retention'])
      expect((await t.request({ url, token: zooAdmin })).status).toBe(403);
    expect((await download(row.id, zooAdmin)).statusCode).toBe(403);
    expect((await download(row.id, viewer)).statusCode).toBe(403);
    // The download link carries its token in the query (a browser link), as every download endpoint does.
    const byLink = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/partition-archive/download',
      query: { id: row.id, 'Blade-Auth': `bearer ${admin}` },
    });
    expect(byLink.statusCode).toBe(200);
  });
});
