import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SpeciesDist, ZooSpeciesRecord } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { bladeTenant } from '../../../platform/tenancy/tenancy.tables';
import { licenceStateSql } from '../shared/licence';
import { NO_STOCK, stockRows, type Stock } from '../shared/stock';
import { zooSpecies, zooTenantSpecies } from '../zoo.tables';
import type { Wire } from '../../../platform/http/route';

const ts = zooTenantSpecies;
const sp = zooSpecies;

/** Authorisation rows joined with the library, as the select list of every zoo-species query. */
export const zooSpeciesColumns = { ts, sp, state: licenceStateSql };
export type ZooSpeciesJoin = { ts: typeof ts.$inferSelect; sp: typeof sp.$inferSelect; state: z.infer<typeof ZooSpeciesRecord>['licenceState'] };

type Gestation = { gestationMinDays: number | null; gestationMaxDays: number | null };

/** The zoo's own range when it has one (both days, as the contract and a check keep them), else the library's. */
export function effectiveGestation(zoo: Gestation | null, library: Gestation) {
  const g = zoo?.gestationMinDays != null && zoo.gestationMaxDays != null ? zoo : library;
  return { effectiveGestationMinDays: g.gestationMinDays, effectiveGestationMaxDays: g.gestationMaxDays };
}

/** The zoo's own breeding age when it has one, else the library's (null: neither; the board then uses its default). */
export const effectiveBreedingAge = (zoo: { breedingAgeYears: number | null } | null, library: { breedingAgeYears: number | null }) =>
  zoo?.breedingAgeYears ?? library.breedingAgeYears;

export function toZooSpecies(r: ZooSpeciesJoin, stock: Stock = NO_STOCK): Wire<z.output<typeof ZooSpeciesRecord>> {
  return {
    id: r.ts.id,
    tenantId: r.ts.tenantId,
    speciesId: r.sp.id,
    speciesName: r.sp.speciesName,
    latinName: r.sp.latinName,
    protectionClass: r.sp.protectionClass,
    citesAppendix: r.sp.citesAppendix,
    iucnCategory: r.sp.iucnCategory,
    defaultManagementMode: r.sp.managementMode,
    managementModeOverride: r.ts.managementMode,
    managementMode: r.ts.managementMode ?? r.sp.managementMode,
    defaultGestationMinDays: r.sp.gestationMinDays,
    defaultGestationMaxDays: r.sp.gestationMaxDays,
    gestationMinDays: r.ts.gestationMinDays,
    gestationMaxDays: r.ts.gestationMaxDays,
    ...effectiveGestation(r.ts, r.sp),
    defaultBreedingAgeYears: r.sp.breedingAgeYears,
    breedingAgeYears: r.ts.breedingAgeYears,
    effectiveBreedingAgeYears: effectiveBreedingAge(r.ts, r.sp),
    localName: r.ts.localName,
    localRemark: r.ts.localRemark,
    licenceNo: r.ts.licenceNo,
    issuingAuthority: r.ts.issuingAuthority,
    validFrom: r.ts.validFrom,
    validTo: r.ts.validTo,
    approvedQuantity: r.ts.approvedQuantity,
    licenceState: r.state,
    ...stock,
    updateTime: r.ts.updateTime,
  };
}

/** The caller's zoo stock for the given species ids. */
export async function stockFor(db: Tx, speciesIds: string[]): Promise<Map<string, Stock>> {
  const wanted = new Set(speciesIds);
  const rows = await stockRows(db);
  return new Map(rows.filter((r) => wanted.has(r.speciesId)).map((r) => [r.speciesId, r.stock]));
}

/**
 * Distribution of a species across zoos: every licensed zoo with its in-stock counts. Must run in a
 * transaction that sees every tenant (crossTenant for the platform administrator, an aggregate scope for zoos).
 */
export async function distribution(db: Tx, speciesId: string): Promise<Array<z.output<typeof SpeciesDist>['zoos'][number] & { tenantId: string }>> {
  const licences = await db
    .select({ tenantId: ts.tenantId, tenantName: bladeTenant.tenantName, licenceNo: ts.licenceNo, validTo: ts.validTo, state: licenceStateSql })
    .from(ts)
    // A join on the tenant code (for the zoo's name), not a tenant filter.
    .innerJoin(bladeTenant, and(sql`${bladeTenant.tenantId} = ${ts.tenantId}`, eq(bladeTenant.isDeleted, 0)))
    .where(and(eq(ts.speciesId, speciesId), eq(ts.isDeleted, 0)));
  const stock = new Map((await stockRows(db, speciesId)).map((r) => [r.tenantId, r.stock]));
  // A zoo may still hold animals after its licence was withdrawn: it appears too, without licence data.
  const missing = [...stock.keys()].filter((id) => !licences.some((l) => l.tenantId === id));
  // Names of the given zoos (not a tenant filter: this transaction reads across tenants on purpose).
  const names = missing.length
    ? await db
        .select({ tenantId: bladeTenant.tenantId, tenantName: bladeTenant.tenantName })
        .from(bladeTenant)
        .where(sql`${bladeTenant.tenantId} in ${missing}`)
    : [];
  const zoos = [
    ...licences.map((l) => ({
      tenantId: l.tenantId,
      tenantName: l.tenantName,
      licenceNo: l.licenceNo,
      validTo: l.validTo ?? '',
      licenceState: l.state,
      ...(stock.get(l.tenantId) ?? NO_STOCK),
    })),
    ...names.map((n) => ({ tenantId: n.tenantId, tenantName: n.tenantName, ...(stock.get(n.tenantId) ?? NO_STOCK) })),
  ];
  return zoos.sort((a, b) => b.totalQuantity - a.totalQuantity || a.tenantName.localeCompare(b.tenantName, 'zh'));
}
