import type { Database } from '../db/client';
import { inTenant } from '../platform/tenancy/tenant-tx';
import { seedPlatform } from './platform';
import { seedRegions } from './regions';
import { seedZooPlatform } from './zoo';
import { seedDemoZoo } from './zoo-demo';
import { seedDemoTransfers } from './zoo-demo-transfers';
import { seedDemoKeeperLogs, seedDemoReadings } from './zoo-demo-logs';
import { seedDemoReports } from './zoo-demo-reports';
import { seedDemoVet } from './zoo-demo-vet';
import { seedDemoVetCare } from './zoo-demo-vet-care';
import { seedDemoBreeding } from './zoo-demo-breeding';
import { seedDemoCubs } from './zoo-demo-cubs';
import { seedDemoFlow, seedFlowPlatform } from './flow';
import { seedDemoStudbook } from './zoo-demo-studbook';
import { grantNewMenus } from './new-menu-grants';
import { seedBizDicts } from './biz-dicts';

/** Demo data seeders (zoo tenant, animals…) register here; they run when SEED_DEMO is on. */
export const demoSeeders: Array<(db: Database) => Promise<void>> = [
  seedDemoZoo,
  seedDemoKeeperLogs,
  seedDemoReadings,
  seedDemoReports,
  seedDemoFlow,
  seedDemoTransfers,
  seedDemoStudbook,
  seedDemoVet,
  seedDemoVetCare,
  seedDemoBreeding,
  seedDemoCubs,
];

export async function seed(database: Database, opts: { demo: boolean }): Promise<void> {
  const created = await inTenant(database.db, { tenantId: '000000', audit: false }, async (tx) => {
    const menus = await seedPlatform(tx);
    await seedRegions(tx);
    return menus;
  });
  // Zoos' roles are other tenants' rows: granted on the owner's connection, across tenants.
  await inTenant(database.db, { tenantId: '000000', audit: false, allTenants: true }, (tx) => grantNewMenus(tx, created));
  await inTenant(database.db, { tenantId: '000000', audit: false }, seedZooPlatform);
  await inTenant(database.db, { tenantId: '000000', audit: false }, seedFlowPlatform);
  if (opts.demo) for (const s of demoSeeders) await s(database);
  // Last: the tenants the demo seeders created get the business dictionaries too.
  await inTenant(database.db, { tenantId: '000000', audit: false, allTenants: true }, seedBizDicts);
}
