import { afterAll, describe, it } from 'vitest';
import { openMemoryPglite, runMigrations } from '../src/db/client';
import { startTestApp, type TestApp } from './harness';
import { checkPartitionMaintenance } from './partition-checks';

/** Time-partitioned streams (decision 0056) on both databases the server runs on. */
describe('partition maintenance', () => {
  let t: TestApp | undefined;
  afterAll(async () => t?.close());

  it('on PostgreSQL: ahead months, the default partition emptied, retention archived, partitions closed to requests', async () => {
    t = await startTestApp();
    await checkPartitionMaintenance(t.database.db);
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
