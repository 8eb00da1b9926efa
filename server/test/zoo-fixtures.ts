import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './harness';
import { createTenantUser } from './fixtures';

/** Zoo test helpers: tenants with a full-rights admin, licence scopes, and registry rows made through the API. */

export const uid = () => randomBytes(3).toString('hex').toUpperCase();

const platformTokens = new WeakMap<TestApp, Promise<string>>();
/** The platform administrator's token (tenant 000000), logged in once per test app. */
export function platformToken(t: TestApp): Promise<string> {
  let p = platformTokens.get(t);
  if (!p) platformTokens.set(t, (p = t.login()));
  return p;
}

/** A zoo tenant with an `admin`-alias account granted every menu and button; returns its token. */
export async function zooAdmin(t: TestApp, tenantId: string, account = `adm${tenantId}`, tenantName?: string): Promise<string> {
  const { roleId } = await createTenantUser(t.sql, { tenantId, account, password: 'pw', roleAlias: 'admin', tenantName });
  await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select $1, $2, id from blade_menu`, [tenantId, roleId]);
  return t.login(account, 'pw', tenantId);
}

export async function speciesId(t: TestApp, latin: string): Promise<string> {
  const { rows } = await t.sql.query(`select id::text from zoo_species where latin_name = $1 and is_deleted = 0`, [latin]);
  if (!rows[0]) throw new Error(`species ${latin} not seeded`);
  return rows[0].id;
}

export interface Licence {
  latin: string;
  validFrom?: string;
  validTo?: string | null;
  licenceNo?: string;
}

/** Adds (or updates) species in a zoo's licence scope, keeping what it already had. */
export async function authorise(t: TestApp, tenantId: string, licences: Licence[]): Promise<void> {
  const token = await platformToken(t);
  const current = await t.request({ url: '/blade-system/tenant/authspecies', token, query: { tenantId } });
  expect(current.body.success, JSON.stringify(current.body)).toBe(true);
  const wanted = new Map<string, Record<string, unknown>>(
    current.body.data.map((r: any) => [
      r.speciesId,
      { speciesId: r.speciesId, licenceNo: r.licenceNo, issuingAuthority: r.issuingAuthority, validFrom: r.validFrom, validTo: r.validTo || null },
    ]),
  );
  for (const l of licences) {
    const id = await speciesId(t, l.latin);
    wanted.set(id, {
      speciesId: id,
      licenceNo: l.licenceNo ?? `LIC-${uid()}`,
      issuingAuthority: '国家林业和草原局',
      validFrom: l.validFrom ?? '2020-01-01',
      validTo: l.validTo === undefined ? '2099-12-31' : l.validTo,
    });
  }
  const res = await t.request({ method: 'POST', url: '/blade-system/tenant/authspecies', token, body: { tenantId, species: [...wanted.values()] } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
}

/** Submits `body` to `base`/submit and returns the new row's id (found by a unique column through SQL). */
async function create(t: TestApp, token: string, base: string, table: string, body: Record<string, unknown>, key: [string, string]): Promise<string> {
  const res = await t.request({ method: 'POST', url: `${base}/submit`, token, body });
  expect(res.body.success, `${base}: ${JSON.stringify(res.body)}`).toBe(true);
  const { rows } = await t.sql.query(`select id::text from ${table} where ${key[0]} = $1 and is_deleted = 0 order by id desc limit 1`, [key[1]]);
  return rows[0].id;
}

export const makePark = (t: TestApp, token: string, parkName = `园区${uid()}`) =>
  create(t, token, '/blade-zoo/park', 'zoo_park', { parkName }, ['park_name', parkName]);

export const makeVenue = (t: TestApp, token: string, parkId: string, venueName = `场馆${uid()}`) =>
  create(t, token, '/blade-zoo/venue', 'zoo_venue', { parkId, venueName }, ['venue_name', venueName]);

export const makeCage = (t: TestApp, token: string, venueId: string, cageCode = `C-${uid()}`) =>
  create(t, token, '/zoo-cage/cage', 'zoo_cage', { venueId, cageCode, cageName: `笼舍${cageCode}`, cageType: 1 }, ['cage_code', cageCode]);

/** A park → venue → cage chain; returns the ids. */
export async function makeCageChain(t: TestApp, token: string): Promise<{ parkId: string; venueId: string; cageId: string }> {
  const parkId = await makePark(t, token);
  const venueId = await makeVenue(t, token, parkId);
  const cageId = await makeCage(t, token, venueId);
  return { parkId, venueId, cageId };
}

export const makeAnimal = (t: TestApp, token: string, body: Record<string, unknown>) => {
  const localNo = (body.localNo as string) ?? `A-${uid()}`;
  return create(t, token, '/zoo-animal/animal', 'zoo_animal', { sex: 3, ...body, localNo }, ['local_no', localNo]);
};

export const makePopulation = (t: TestApp, token: string, body: Record<string, unknown>) => {
  const populationName = `种群${uid()}`;
  return create(t, token, '/zoo-population/population', 'zoo_population', { populationName, ...body }, ['population_name', populationName]);
};

/** Each zoo's covering transport certificate (see coverOutgoing), by tenant. */
const coveringPermits = new Map<string, string>();
const tenantOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).tenant_id as string;

/**
 * A transport certificate covering plenty of the given species for the token's zoo, which `covered` adds to export
 * and transfer bodies: for tests whose subject is not the permit gate (decision 0040; its own test is
 * modules/zoo/permit/permit-gate.test.ts).
 */
export async function coverOutgoing(t: TestApp, token: string, species: string[]): Promise<string> {
  const permitNo = `YS-T-${uid()}`;
  const lines = species.map((speciesId) => ({ speciesId, quantity: 1_000_000 }));
  const res = await t.request({
    method: 'POST',
    url: '/zoo-permit/permit/submit',
    token,
    body: { kind: 3, permitNo, issuingAuthority: '测试发证机关', validFrom: '2000-01-01', lines },
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  const { rows } = await t.sql.query(`select id::text from zoo_permit where permit_no = $1`, [permitNo]);
  coveringPermits.set(tenantOf(token), rows[0].id);
  return rows[0].id;
}

/** The body with the token's covering permit named (unless it names permits itself). */
export const covered = (token: string, body: Record<string, unknown>): Record<string, unknown> =>
  coveringPermits.has(tenantOf(token)) && !('permitIds' in body) ? { ...body, permitIds: [coveringPermits.get(tenantOf(token))] } : body;
