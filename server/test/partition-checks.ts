import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf, type Db } from '../src/db/client';
import { LocalStore } from '../src/modules/resource/storage/local-store';
import { newObjectKey } from '../src/modules/resource/storage/object-key';
import { archiveTo, type ArchiveTarget } from '../src/platform/partition/archive';
import { maintainPartitions } from '../src/platform/partition/maintenance';
import { addMonths, monthPartitions, partitionName } from '../src/platform/partition/streams';

/**
 * The partition maintenance checks shared by the PostgreSQL and the embedded database (decision 0056), on a
 * migrated database: ahead months, rows out of the default partition, retention with its archive, a failed
 * export, the audit trail kept, partitions closed to the request role.
 */
export async function checkPartitionMaintenance(db: Db): Promise<void> {
  const q = <T>(text: string) => rowsOf<T>(db, sql.raw(text));
  const [{ d: today }] = (await q<{ d: string }>(`select to_char(localtimestamp, 'YYYY-MM-DD') as d`)) as [{ d: string }];
  const current = `${today.slice(0, 7)}-01`;
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-archive-'));
  const local = new LocalStore(uploads);
  // Archives are written here before they are stored: empty again after every export, failed or not.
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-archive-tmp-'));
  const target: ArchiveTarget = { storage: 'local', putFile: (k, f) => local.putFile(k, f), key: () => newObjectKey('000000', 'gz'), tmpDir };
  const broken: ArchiveTarget = { ...target, putFile: () => Promise.reject(new Error('storage unreachable')) };

  // Ahead: the furthest month is created again when missing.
  const furthest = partitionName('zoo_humiture', addMonths(current, 3));
  await q(`drop table ${furthest}`);
  // A reading from a sensor with a wrong clock and a keeper's back-entered log land in the default partitions.
  await q(
    `insert into zoo_humiture (tenant_id, cage_id, read_time, temperature, humidity) values ('000001', 1, '2014-06-02 08:00', 20.5, 55), ('000002', 1, '2014-06-03 09:00', 21, 56)`,
  );
  await q(`insert into zoo_basic_log (tenant_id, animal_type, animal_id, species_id, log_date) values ('000001', 1, 7, 1, '2015-02-03')`);
  await q(`insert into sys_audit (tenant_id, table_name, record_id, action, changes, create_time) values ('000001', 'x', '1', 'create', '{}', '2010-01-05')`);
  expect(await q(`select tableoid::regclass::text as t from zoo_humiture where read_time < '2015-01-01'`)).toEqual([
    { t: 'zoo_humiture_default' },
    { t: 'zoo_humiture_default' },
  ]);

  // A failed export drops nothing (the month is still moved out of the default partition).
  const failed = await maintainPartitions(db, { archive: archiveTo(broken), retention: { zoo_humiture: 24 } });
  expect(failed!.created).toEqual(expect.arrayContaining([furthest, 'zoo_humiture_p201406', 'zoo_basic_log_p201502', 'sys_audit_p201001']));
  expect(failed!.moved).toMatchObject({ zoo_humiture_p201406: 2, zoo_basic_log_p201502: 1, sys_audit_p201001: 1 });
  expect(failed!.failed).toEqual([{ partition: 'zoo_humiture_p201406', error: 'storage unreachable' }]);
  expect(await q(`select count(*)::int as n from zoo_humiture_p201406`)).toEqual([{ n: 2 }]);
  expect(await q(`select count(*)::int as n from sys_partition_archive`)).toEqual([{ n: 0 }]);
  expect(await q(`select count(*)::int as n from zoo_humiture_default`)).toEqual([{ n: 0 }]);
  expect(fs.readdirSync(tmpDir)).toEqual([]);

  // The moved keeper log keeps its audit and stamp triggers (cloned) and the trail names the table.
  await q(`update zoo_basic_log set remark = 'back-entered' where log_date = '2015-02-03'`);
  expect(await q(`select table_name, action from sys_audit where table_name like 'zoo_basic_log%' and changes ? 'remark'`)).toEqual([
    { table_name: 'zoo_basic_log', action: 'update' },
  ]);
  expect(await q(`select row_version from zoo_basic_log where log_date = '2015-02-03'`)).toEqual([{ row_version: 2 }]);

  // Retention: exported, checksum recorded, then detached and dropped. The audit trail is kept by default.
  const done = await maintainPartitions(db, { archive: archiveTo(target), retention: { zoo_humiture: 24 } });
  expect(done!.dropped).toEqual(['zoo_humiture_p201406']);
  expect(done!.failed).toEqual([]);
  expect(fs.readdirSync(tmpDir)).toEqual([]);
  expect((await monthPartitions(db, 'zoo_humiture')).map((p) => p.name)).not.toContain('zoo_humiture_p201406');
  expect((await monthPartitions(db, 'sys_audit')).map((p) => p.name)).toContain('sys_audit_p201001');
  expect((await monthPartitions(db, 'zoo_basic_log')).map((p) => p.name)).toContain('zoo_basic_log_p201502');
  const [archived] = await q<{ object_key: string; sha256: string; row_count: number; byte_size: number; month: string; storage: string }>(
    `select object_key, sha256, row_count::int as row_count, byte_size::int as byte_size, to_char(month, 'YYYY-MM-DD') as month, storage
       from sys_partition_archive where table_name = 'zoo_humiture'`,
  );
  expect(archived).toMatchObject({ row_count: 2, month: '2014-06-01', storage: 'local' });
  const body = fs.readFileSync(path.join(uploads, ...archived!.object_key.split('/')));
  expect(createHash('sha256').update(body).digest('hex')).toBe(archived!.sha256);
  expect(body.length).toBe(archived!.byte_size);
  const rows = gunzipSync(body)
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { tenant_id: string; read_time: string; temperature: number });
  expect(rows.map((r) => [r.tenant_id, r.read_time, r.temperature])).toEqual([
    ['000001', '2014-06-02T08:00:00', 20.5],
    ['000002', '2014-06-03T09:00:00', 21],
  ]);

  // The request role reaches partitions only through their table (and its row-level security).
  const parts = (await monthPartitions(db, 'zoo_humiture')).map((p) => p.name);
  expect(parts).toContain(partitionName('zoo_humiture', current));
  const denied = await db
    .transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.tenant_id', '000001', true)`);
      await tx.execute(sql`set local role zoo_app`);
      await tx.execute(sql.raw(`select * from ${partitionName('zoo_humiture', current)}`));
    })
    .then(
      () => null,
      (e: { code?: string; cause?: { code?: string } }) => e.code ?? e.cause?.code,
    );
  expect(denied).toBe('42501');
  const seen = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', '000001', true)`);
    await tx.execute(sql`set local role zoo_app`);
    return rowsOf<{ tenant_id: string }>(tx, sql`select distinct tenant_id from zoo_basic_log`);
  });
  expect(seen).toEqual([{ tenant_id: '000001' }]);
  fs.rmSync(uploads, { recursive: true, force: true });
  fs.rmSync(tmpDir, { recursive: true, force: true });
}
