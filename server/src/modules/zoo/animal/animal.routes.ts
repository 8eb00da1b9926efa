import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { animal, animalEndpoints } from '@zoo/contract';
import { resourceRoutes, NOT_FOUND } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { route, type AuthedCall } from '../../../platform/http/route';
import { bladeUser } from '../../../platform/identity/identity.tables';
import { mustExist, refuseDuplicate } from '../../../platform/resource/guards';
import { assertSpeciesAuthorised } from '../shared/licence';
import { animalRecords } from '../shared/records';
import { LOOKUP_TABLES } from '../shared/lookups';
import { zooAnimal, zooCage, zooPopulationAnimal } from '../zoo.tables';
import { checkPedigree } from './pedigree';
import { checkApprovedQuantity, withWarning } from '../permit/approved-quantity';
import { anyMovement, appendAnimalIn, registryEntry, STATUS_IN } from '../stocklog/ledger';
import { withdrawRegistration } from '../stocklog/reverse';
import { zooStockLog } from '../stocklog/stocklog.tables';

const a = zooAnimal;
type AnimalRow = typeof zooAnimal.$inferSelect;
type Input = z.output<typeof animal.input>;
type Ctx = Pick<AuthedCall<unknown, unknown>, 'db' | 'session'>;

/** Checks an animal submit/update and returns the row values (breeder is set by setbreeder only). */
async function animalValues(input: Input, { db }: Ctx, existing?: AnimalRow) {
  if (!existing || existing.speciesId !== input.speciesId) await assertSpeciesAuthorised(db, input.speciesId);
  await refuseDuplicate(db, a, eq(a.localNo, input.localNo), existing, `本园编号「${input.localNo}」已存在`);
  // Status and cage are the stock ledger's: an update keeps them, a new record enters in stock (opening entry).
  if (!existing && input.cageId) await mustExist(db, zooCage, input.cageId, '所选笼舍不存在');
  await checkPedigree(db, input, existing);
  // A parent is an animal or a studbook marker, never both and never blank.
  return {
    status: existing ? existing.status : STATUS_IN,
    cageId: existing ? existing.cageId : (input.cageId ?? null),
    birthPrecision: input.birthPrecision ?? (input.birthDate ? 1 : 4),
    sireId: input.sireId ?? null,
    sireIdentityId: input.sireIdentityId ?? null,
    sireMark: input.sireId || input.sireIdentityId ? '' : (input.sireMark ?? 'UNK'),
    sireCandidates: input.sireMark === 'MULT' ? (input.sireCandidates ?? null) : null,
    damId: input.damId ?? null,
    damIdentityId: input.damIdentityId ?? null,
    damMark: input.damId || input.damIdentityId ? '' : (input.damMark ?? 'UNK'),
    damCandidates: input.damMark === 'MULT' ? (input.damCandidates ?? null) : null,
  };
}

export function animalRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: a,
    def: animal,
    defaultOrder: () => [asc(a.localNo)],
    // 100 k animals per zoo: count(*) per page costs tens of ms under row-level security (decision 0016).
    count: 'counted',
    // All rows at once, so each lookup gathers a page's keys into one query (the default maps rows one after
    // another: ten rows, ten queries per lookup).
    toRecords: (rows, ctx) => animalRecords(rows, ctx),
    lookupTables: LOOKUP_TABLES,
    beforeSave: (input, ctx, existing) => animalValues(input, ctx, existing),
    // A record created here enters the stock as an import (decision 0027: the screens use 出生登记 / 引进登记;
    // submit without an id still creates, as the contract says, and the ledger records its entry).
    // Like any import, beyond the licence's approved quantity it is refused or noted, as the zoo says (decision 0040);
    // the new record is already counted in the stock the check reads.
    afterWrite: async ({ db }, id) => {
      if (!id || (await anyMovement(db, eq(zooStockLog.animalId, id)))) return;
      const [row] = await db.select().from(a).where(eq(a.id, id));
      const warning = await checkApprovedQuantity(app, db, row!.speciesId, 0);
      await appendAnimalIn(db, 'import', row!, withWarning(registryEntry(row!.createTime), warning));
    },
    beforeRemove: async (ids, { db }) => {
      const [child] = await db
        .select({ localNo: a.localNo, sireId: a.sireId, damId: a.damId })
        .from(a)
        .where(and(eq(a.isDeleted, 0), notInArray(a.id, ids), or(inArray(a.sireId, ids), inArray(a.damId, ids))))
        .limit(1);
      if (child) throw new BizError(`该个体已登记为「${child.localNo}」的亲本,不能删除(系谱需要保留)`);
      await db
        .update(zooPopulationAnimal)
        .set({ isDeleted: 1 })
        .where(and(inArray(zooPopulationAnimal.animalId, ids), eq(zooPopulationAnimal.isDeleted, 0)));
      for (const id of ids) await withdrawRegistration(db, { animalId: id }, '删除个体档案');
    },
  });

  route(app, animalEndpoints.setBreeder, async ({ db, query }) => {
    if (query.breederId) await mustExist(db, bladeUser, query.breederId, '所选饲养员不是本园用户');
    const found = await db
      .select({ id: a.id })
      .from(a)
      .where(and(inArray(a.id, query.ids), eq(a.isDeleted, 0)));
    if (found.length !== new Set(query.ids).size) throw new BizError(NOT_FOUND);
    await db
      .update(a)
      .set({ breederId: query.breederId ?? null })
      .where(inArray(a.id, query.ids));
    return {};
  });

  route(app, animalEndpoints.species, async ({ db, query }) => {
    const status = query.status === 'all' ? undefined : eq(a.status, /^[1-4]$/.test(query.status ?? '') ? Number(query.status) : 1);
    return db
      .select({
        id: a.id,
        identityId: sql<string>`coalesce(${a.identityId}, ${a.id})::text`,
        localNo: a.localNo,
        animalName: a.animalName,
        sex: a.sex,
        cageId: sql<string>`coalesce(${a.cageId}::text, '')`,
        status: a.status,
      })
      .from(a)
      .where(and(eq(a.isDeleted, 0), eq(a.speciesId, query.speciesId), status))
      .orderBy(asc(a.localNo));
  });
}
