import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openMemoryPglite, runMigrations } from '../src/db/client';
import { runPartitionMaintenance } from '../src/modules/monitor/partition-job';
import { startTestApp, type TestApp } from './harness';
import { checkPartitionMaintenance } from './partition-checks';

/** Time-partitioned streams (decision 0056) on both databases the server runs on. */
describe('partition maintenance', () => {
  let t: TestApp | undefined;
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-uploads-'));
  afterAll(async () => {
    await t?.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it('on PostgreSQL: ahead months, the default partition emptied, retention archived, partitions closed to requests', async () => {
    t = await startTestApp({ UPLOAD_DIR: uploads });
    await checkPartitionMaintenance(t.database.db);
  });

  it('the hourly job reads the retention parameters and archives to the platform store (local uploads)', async () => {
    await t!.sql.query(`insert into blade_log_api (tenant_id, create_time, title) values ('000001', '2015-01-10 10:00', 'old')`);
    // The API log keeps 6 months by default; the parameter set to 0 keeps it forever.
    await t!.sql.query(`update blade_param set param_value = '0' where param_key = 'zoo.retention.apiLog'`);
    t!.app.zoo.cache.clearLocal('param:zoo.retention.apiLog');
    expect((await runPartitionMaintenance(t!.app))!.dropped).toEqual([]);
    await t!.sql.query(`update blade_param set param_value = '6' where param_key = 'zoo.retention.apiLog'`);
    t!.app.zoo.cache.clearLocal('param:zoo.retention.apiLog');
    expect((await runPartitionMaintenance(t!.app))!.dropped).toEqual(['blade_log_api_p201501']);
    const { rows } = await t!.sql.query<{ storage: string; object_key: string; row_count: string }>(
      `select storage, object_key, row_count from sys_partition_archive where table_name = 'blade_log_api'`,
    );
    expect(rows).toMatchObject([{ storage: 'local', row_count: '1' }]);
    expect(rows[0]!.object_key).toMatch(/^archive\/\d{8}\/[0-9a-f-]{36}\.gz$/);
    expect(fs.existsSync(path.join(t!.app.zoo.config.uploadDir, ...rows[0]!.object_key.split('/')))).toBe(true);
    // Another instance at work (holding the lock): this one does nothing.
    await t!.sql.query(`begin`);
    await t!.sql.query(`select pg_advisory_xact_lock(hashtext('zoo_partition_maintenance'))`);
    expect(await runPartitionMaintenance(t!.app)).toBeNull();
    await t!.sql.query(`commit`);
  });

  it('on the embedded database: the same', async () => {
    const database = await openMemoryPglite('Asia/Shanghai');
    try {
      await runMigrations(database);
      await checkPartitionMaintenance(database.db);
    } finally {
      await database.close();
    }
  }, 300_000);
});
