import type { Database } from '../client';
import { inTenant } from '../../platform/tenant-tx';
import { seedPlatform } from './platform';
import { seedRegions } from './regions';

/** Demo data seeders (zoo tenant, animals…) register here; they run when SEED_DEMO is on. */
export const demoSeeders: Array<(db: Database) => Promise<void>> = [];

export async function seed(database: Database, opts: { demo: boolean }): Promise<void> {
  await inTenant(database.db, { tenantId: '000000' }, async (tx) => {
    await seedPlatform(tx);
    await seedRegions(tx);
  });
  if (opts.demo) for (const s of demoSeeders) await s(database);
}
