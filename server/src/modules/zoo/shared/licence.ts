import { and, eq, sql } from 'drizzle-orm';
import type { LicenceState } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { reusable } from '../../../db/reusable';
import { BizError } from '../../../platform/http/errors';
import { zooSpecies, zooTenantSpecies } from '../zoo.tables';

const t = zooTenantSpecies;

/** A licence is in force from valid_from through the whole day of valid_to (open-ended when valid_to is null). */
export const licenceStateSql = sql<LicenceState>`case
  when ${t.validFrom} > localtimestamp(0) then 'pending'
  when ${t.validTo} is not null and ${t.validTo} < localtimestamp(0)::date then 'expired'
  else 'valid' end`;

const day = (s: string | null) => (s ?? '').slice(0, 10);

// Built once: every birth and import runs them.
const speciesName = reusable<{ name: string }>((db) =>
  db
    .select({ name: zooSpecies.speciesName })
    .from(zooSpecies)
    .where(and(eq(zooSpecies.id, sql.placeholder('speciesId')), eq(zooSpecies.isDeleted, 0))),
);
const licenceOf = reusable<{ licenceNo: string; validFrom: string | null; validTo: string | null; state: LicenceState }>((db) =>
  db
    .select({ licenceNo: t.licenceNo, validFrom: t.validFrom, validTo: t.validTo, state: licenceStateSql })
    .from(t)
    .where(and(eq(t.speciesId, sql.placeholder('speciesId')), eq(t.isDeleted, 0))),
);

/**
 * A zoo may register animals and populations only of species in its licence scope, while the licence is in
 * force (domain.md §5). Row-level security limits the lookup to the caller's zoo.
 */
export async function assertSpeciesAuthorised(db: Tx, speciesId: string): Promise<void> {
  // Both reads issued together: one message to PostgreSQL.
  const [[sp], [lic]] = await Promise.all([speciesName(db, { speciesId }), licenceOf(db, { speciesId })]);
  if (!sp) throw new BizError('物种不存在或已从物种库删除');
  if (!lic) throw new BizError(`本园未获得物种「${sp.name}」的饲养繁育许可,不能登记该物种的个体或种群`);
  if (lic.state === 'expired')
    throw new BizError(`物种「${sp.name}」的许可证(${lic.licenceNo})已于 ${day(lic.validTo)} 到期,不能登记该物种的个体或种群`);
  if (lic.state === 'pending')
    throw new BizError(`物种「${sp.name}」的许可证(${lic.licenceNo})自 ${day(lic.validFrom)} 起生效,目前不能登记该物种的个体或种群`);
}
