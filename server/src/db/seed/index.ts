import type { Database } from '../client';
import { inTenant } from '../../platform/tenant-tx';
import { seedPlatform } from './platform';
import { seedZooPlatform } from './zoo';
import { seedDemoZoo } from './zoo-demo';

/** Demo data seeders (zoo tenant, animals…) register here; they run when SEED_DEMO is on. */
export const demoSeeders: Array<(db: Database) => Promise<void>> = [seedDemoZoo];

export async function seed(database: Database, opts: { demo: boolean }): Promise<void> {
  await inTenant(database.db, { tenantId: '000000' }, seedPlatform);
  await inTenant(database.db, { tenantId: '000000' }, seedZooPlatform);
  if (opts.demo) for (const s of demoSeeders) await s(database);
}
