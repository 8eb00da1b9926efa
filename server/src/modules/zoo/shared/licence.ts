import { and, eq, sql } from 'drizzle-orm';
import type { LicenceState } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { zooSpecies, zooTenantSpecies } from '../zoo.tables';

const t = zooTenantSpecies;

/**
 * A licence is in force from valid_from through the whole day of valid_to (open-ended when valid_to is null):
 * PostgreSQL's licence_state (migration 0027), which the ledger's functions use too.
 */
export const licenceStateSql = sql<LicenceState>`licence_state(${t.validFrom}, ${t.validTo})`;

const day = (s: string | null) => (s ?? '').slice(0, 10);

const speciesName = (db: Tx, speciesId: string) =>
  db
    .select({ name: zooSpecies.speciesName })
    .from(zooSpecies)
    .where(and(eq(zooSpecies.id, speciesId), eq(zooSpecies.isDeleted, 0)));
const licenceOf = (db: Tx, speciesId: string): Promise<Licence[]> =>
  db
    .select({ licenceNo: t.licenceNo, validFrom: t.validFrom, validTo: t.validTo, state: licenceStateSql })
    .from(t)
    .where(and(eq(t.speciesId, speciesId), eq(t.isDeleted, 0)));

/**
 * A zoo may register animals and populations only of species in its licence scope, while the licence is in
 * force (domain.md §5). Row-level security limits the lookup to the caller's zoo.
 */
export async function assertSpeciesAuthorised(db: Tx, speciesId: string): Promise<void> {
  // Both reads issued together: one message to PostgreSQL.
  const [[sp], [lic]] = await Promise.all([speciesName(db, speciesId), licenceOf(db, speciesId)]);
  const why = licenceRefusal(sp, lic);
  if (why) throw new BizError(why);
}

export interface Licence {
  licenceNo: string;
  validFrom: string | null;
  validTo: string | null;
  state: LicenceState;
}

/** Why the zoo may not register the species (unknown species, no licence, lapsed or not yet in force), or null. */
export function licenceRefusal(sp: { name: string } | undefined, lic: Licence | undefined): string | null {
  if (!sp) return '物种不存在或已从物种库删除';
  if (!lic) return `本园未获得物种「${sp.name}」的饲养繁育许可,不能登记该物种的个体或种群`;
  if (lic.state === 'expired') return `物种「${sp.name}」的许可证(${lic.licenceNo})已于 ${day(lic.validTo)} 到期,不能登记该物种的个体或种群`;
  if (lic.state === 'pending') return `物种「${sp.name}」的许可证(${lic.licenceNo})自 ${day(lic.validFrom)} 起生效,目前不能登记该物种的个体或种群`;
  return null;
}
