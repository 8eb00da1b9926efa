import type { FastifyInstance } from 'fastify';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { permitReportEndpoints } from '@zoo/contract';
import { rowsOf } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { zooSpecies } from '../zoo.tables';
import { zooSpeciesStatus } from './permit.tables';

/**
 * The status of each species in force on `day` (an SQL date expression): the latest history row starting on or
 * before it, else the row "as first recorded". Columns: species_id, protection_class, protection_authority,
 * cites_appendix, iucn_category. A report for an earlier year reads the list as it stood then (decision 0040).
 */
export const statusAt = (day: SQL) => sql`
  select distinct on (species_id) species_id, protection_class, protection_authority, cites_appendix, iucn_category
    from zoo_species_status
   where is_deleted = 0 and (valid_from is null or valid_from <= ${day})
   order by species_id, valid_from desc nulls last, id desc`;

const NO_SPECIES = '物种不存在或已从物种库删除';

/** `/zoo-permit/species-status/*`: a species' dated status history; the platform enters back-dated changes. */
export function speciesStatusRoutes(app: FastifyInstance): void {
  route(app, permitReportEndpoints.speciesStatus, async ({ db, query }) => {
    const rs = await rowsOf<Record<string, string | number | null>>(
      db,
      sql`select id::text, species_id::text as "speciesId", coalesce(to_char(valid_from, 'YYYY-MM-DD'), '') as "validFrom",
                 protection_class as "protectionClass", protection_authority as "protectionAuthority",
                 cites_appendix as "citesAppendix", iucn_category as "iucnCategory", remark,
                 to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') as "createTime"
            from zoo_species_status where species_id = ${query.speciesId} and is_deleted = 0
           order by valid_from desc nulls last, id desc`,
    );
    return rs as never;
  });

  // A change with the day it took effect (e.g. the 2021 list, published 5 Feb 2021). When it is the status in
  // force today, the species library follows; its trigger then finds the status already recorded and adds nothing.
  route(app, permitReportEndpoints.speciesStatusSubmit, async ({ db, body }) => {
    const [sp] = await db
      .select({ id: zooSpecies.id, cls: zooSpecies.protectionClass })
      .from(zooSpecies)
      .where(and(eq(zooSpecies.id, body.speciesId), eq(zooSpecies.isDeleted, 0)))
      .for('update');
    if (!sp) throw new BizError(NO_SPECIES);
    if (body.protectionClass > 0 && body.protectionAuthority === 0) throw new BizError('国家重点保护物种请选择主管部门(林草或渔业)');
    await db.insert(zooSpeciesStatus).values({
      speciesId: body.speciesId,
      validFrom: body.validFrom,
      protectionClass: body.protectionClass,
      protectionAuthority: body.protectionAuthority,
      citesAppendix: body.citesAppendix,
      iucnCategory: body.iucnCategory,
      remark: body.remark ?? '',
    });
    const [now] = await rowsOf<{ protection_class: number; protection_authority: number; cites_appendix: string; iucn_category: string }>(
      db,
      sql`select * from (${statusAt(sql`current_date`)}) s where species_id = ${body.speciesId}`,
    );
    if (now)
      await db
        .update(zooSpecies)
        .set({
          protectionClass: now.protection_class,
          protectionAuthority: now.protection_authority,
          citesAppendix: now.cites_appendix,
          iucnCategory: now.iucn_category,
        })
        .where(eq(zooSpecies.id, body.speciesId));
    return null;
  });
}
