import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { overQuotaParamKey } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { getParam } from '../../../platform/param/param';
import type { Particulars } from '../stocklog/ledger';

/**
 * A breeding licence states how many animals of a species the zoo may keep (核准数量). A birth or an import that would
 * take the stock beyond it is refused or let through with a warning, as the zoo's parameter says
 * (`zoo.permit.overQuota.<zoo code>`: `refuse`, else `warn`) — never silently: the warning is in the answer and in
 * the ledger row's remark. The licence row is locked so two births at once count each other.
 */
export async function checkApprovedQuantity(app: FastifyInstance, db: Tx, speciesId: string, adding: number): Promise<string | undefined> {
  const [lic] = await rowsOf<{ no: string; approved: number | null; name: string; tenant: string }>(
    db,
    sql`select t.licence_no as no, t.approved_quantity as approved, s.species_name as name, t.tenant_id as tenant
          from zoo_tenant_species t join zoo_species s on s.id = t.species_id
         where t.species_id = ${speciesId} and t.is_deleted = 0 for update of t`,
  );
  if (!lic || lic.approved === null || lic.approved === undefined) return undefined;
  const [held] = await rowsOf<{ n: number }>(
    db,
    sql`select ((select count(*) from zoo_animal where species_id = ${speciesId} and status = 1 and is_deleted = 0)
              + (select coalesce(sum(male_quantity + female_quantity + they_quantity), 0) from zoo_population where species_id = ${speciesId} and is_deleted = 0))::int as n`,
  );
  const after = (held?.n ?? 0) + adding;
  if (after <= lic.approved) return undefined;
  const why = `物种「${lic.name}」存栏将达${after}只,超过许可证(${lic.no})核准数量${lic.approved}只`;
  if ((await getParam(app, overQuotaParamKey(lic.tenant), 'warn', db)).trim() === 'refuse') throw new BizError(why);
  return why;
}

/** The ledger row's particulars with the over-quota warning on its remark (it is never silent). */
export const withWarning = (x: Particulars, warning: string | undefined): Particulars =>
  warning ? { ...x, remark: `${x.remark ? `${x.remark}; ` : ''}${warning}`.slice(0, 500) } : x;
