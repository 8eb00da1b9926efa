import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { population, populationAnimal, populationEndpoints } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist, refuseDuplicate } from '../../../platform/resource/guards';
import { checkApprovedQuantity, withWarning } from '../permit/approved-quantity';
import { assertSpeciesAuthorised } from '../shared/licence';
import { animalOf, LOOKUP_TABLES } from '../shared/lookups';
import { populationRecord } from '../shared/records';
import { anyMovement, appendPopulationEntry, registryEntry, type Mfu } from '../stocklog/ledger';
import { withdrawRegistration } from '../stocklog/reverse';
import { zooStockLog } from '../stocklog/stocklog.tables';
import { zooAnimal, zooCage, zooPopulation, zooPopulationAnimal } from '../zoo.tables';

const p = zooPopulation;
const pa = zooPopulationAnimal;

/**
 * Populations: a species group per cage with M.F.U counts driven by the stock ledger. The screens create them
 * through 出生登记 / 引进登记; `submit` without an id still creates (contract) and records the counts as an import.
 */
export function populationRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: p,
    def: population,
    defaultOrder: () => [asc(p.speciesId), asc(p.id)],
    // All rows at once: the lookups gather a page's keys into one query (or none, when the names are known).
    toRecords: (rows, ctx) => Promise.all(rows.map((row) => populationRecord(row, ctx))),
    lookupTables: LOOKUP_TABLES,
    beforeSave: async (input, { db }, existing) => {
      // Species, cage and counts are the stock ledger's: an update changes the name and remark only.
      if (existing)
        return {
          speciesId: existing.speciesId,
          cageId: existing.cageId,
          maleQuantity: existing.maleQuantity,
          femaleQuantity: existing.femaleQuantity,
          theyQuantity: existing.theyQuantity,
        };
      await assertSpeciesAuthorised(db, input.speciesId);
      const cage = await mustExist(db, zooCage, input.cageId, '所选笼舍不存在');
      await refuseDuplicate(
        db,
        p,
        and(eq(p.cageId, input.cageId), eq(p.speciesId, input.speciesId))!,
        existing,
        `笼舍「${cage.cageCode}」中已有该物种的种群,请直接修改该种群`,
      );
    },
    // Counts given on creation enter as an import row (decision 0027): stock is always the ledger's result.
    afterWrite: async ({ db }, id) => {
      if (!id || (await anyMovement(db, or(eq(zooStockLog.populationId, id), eq(zooStockLog.toPopulationId, id))))) return;
      const [row] = await db.select().from(p).where(eq(p.id, id));
      const q: Mfu = [row!.maleQuantity, row!.femaleQuantity, row!.theyQuantity];
      if (!q.some((n) => n > 0)) return;
      // Like any import, beyond the licence's approved quantity: refused or noted (decision 0040); the counts are in.
      const warning = await checkApprovedQuantity(app, db, row!.speciesId, 0);
      await appendPopulationEntry(db, row!, q, withWarning(registryEntry(row!.createTime), warning));
    },
    beforeRemove: async (ids, { db }) => {
      for (const id of ids) await withdrawRegistration(db, { populationId: id }, '删除种群档案');
      await db
        .update(pa)
        .set({ isDeleted: 1 })
        .where(and(inArray(pa.populationId, ids), eq(pa.isDeleted, 0)));
    },
  });

  route(app, populationEndpoints.species, async (call) => {
    const rows = await call.db
      .select()
      .from(p)
      .where(and(eq(p.isDeleted, 0), eq(p.speciesId, call.query.speciesId)))
      .orderBy(asc(p.id));
    return Promise.all(rows.map((r) => populationRecord(r, call)));
  });

  resourceRoutes(app, {
    table: pa,
    def: populationAnimal,
    toRecord: async (row, ctx) => {
      const [pop] = await ctx.db.select({ populationName: p.populationName }).from(p).where(eq(p.id, row.populationId));
      const animal = await animalOf(ctx)(row.animalId);
      return { ...row, populationName: pop?.populationName, localNo: animal?.localNo, animalName: animal?.animalName, sex: animal?.sex ?? 3 };
    },
    beforeSave: async (input, { db }, existing) => {
      const pop = await mustExist(db, p, input.populationId, '所选种群不存在');
      const animal = await mustExist(db, zooAnimal, input.animalId, '所选个体不存在');
      if (animal.speciesId !== pop.speciesId) throw new BizError('个体与种群不是同一物种');
      await refuseDuplicate(db, pa, and(eq(pa.populationId, input.populationId), eq(pa.animalId, input.animalId))!, existing, '该个体已是此种群的成员');
    },
  });
}
