import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import { species, speciesEndpoints } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { aggregateAcrossTenants } from '../../../platform/tenancy/across-tenants';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { refuseDuplicate } from '../../../platform/resource/guards';
import { containing } from '../../../platform/resource/like';
import { requirePlatformAdmin } from '../shared/guards';
import { allTaxa, lineage } from '../taxonomy/taxonomy.service';
import { zooAnimal, zooPopulation, zooSpecies, zooTenantSpecies } from '../zoo.tables';

const s = zooSpecies;
export type SpeciesRow = typeof zooSpecies.$inferSelect;

/** Library row → SpeciesRecord (class / order / family names from the cached taxonomy). */
export async function speciesRecord(app: FastifyInstance, db: Tx, row: SpeciesRow) {
  const names = lineage(await allTaxa(app, db), row.taxonomyId);
  return { ...row, ...names };
}

/** The library is shared by every zoo: a species some zoo is licensed for or holds cannot disappear from it. */
async function refuseIfInUse(db: Tx, ids: string[]): Promise<void> {
  const [licensed, animals, pops] = await aggregateAcrossTenants(db, (all) =>
    Promise.all([
      all
        .select({ n: count() })
        .from(zooTenantSpecies)
        .where(and(inArray(zooTenantSpecies.speciesId, ids), eq(zooTenantSpecies.isDeleted, 0))),
      all
        .select({ n: count() })
        .from(zooAnimal)
        .where(and(inArray(zooAnimal.speciesId, ids), eq(zooAnimal.isDeleted, 0))),
      all
        .select({ n: count() })
        .from(zooPopulation)
        .where(and(inArray(zooPopulation.speciesId, ids), eq(zooPopulation.isDeleted, 0))),
    ]),
  );
  if (Number(licensed[0]!.n) > 0) throw new BizError(`该物种已授权给 ${licensed[0]!.n} 个动物园,请先取消授权再删除`);
  if (Number(animals[0]!.n) + Number(pops[0]!.n) > 0) throw new BizError('该物种已有个体或种群登记,不能删除');
}

export function speciesRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: s,
    def: species,
    defaultOrder: () => [asc(s.id)],
    toRecord: (row, { db }) => speciesRecord(app, db, row),
    beforeSave: async (input, { db, session }, existing) => {
      requirePlatformAdmin(session);
      if (input.taxonomyId && !(await allTaxa(app, db)).has(input.taxonomyId)) throw new BizError('分类阶元不存在');
      await refuseDuplicate(db, s, eq(s.latinName, input.latinName), existing, `物种库中已存在拉丁名为 ${input.latinName} 的物种`);
    },
    beforeRemove: async (ids, { db, session }) => {
      requirePlatformAdmin(session);
      await refuseIfInUse(db, ids);
    },
  });

  route(app, speciesEndpoints.select, async ({ db, query }) =>
    db
      .select({ id: s.id, speciesName: s.speciesName, latinName: s.latinName, managementMode: s.managementMode })
      .from(s)
      .where(and(eq(s.isDeleted, 0), query.speciesName ? ilike(s.speciesName, containing(query.speciesName)) : undefined))
      .orderBy(asc(s.id)),
  );
}
