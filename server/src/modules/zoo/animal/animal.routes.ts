import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { animal, animalEndpoints } from '@zoo/contract';
import { crudRoutes, NOT_FOUND } from '../../../platform/crud-routes';
import { BizError } from '../../../platform/errors';
import { route, type AuthedCall } from '../../../platform/route';
import { bladeUser } from '../../iam/iam.tables';
import { anyLive, mustExist } from '../shared/guards';
import { assertSpeciesAuthorised } from '../shared/licence';
import { animalRecord } from '../shared/records';
import { zooAnimal, zooCage, zooPopulationAnimal } from '../zoo.tables';
import { checkPedigree } from './pedigree';

const a = zooAnimal;
type AnimalRow = typeof zooAnimal.$inferSelect;
type Input = z.output<typeof animal.input>;
type Ctx = Pick<AuthedCall<unknown, unknown>, 'db' | 'session'>;

/** Checks an animal submit/update and returns the row values (breeder is set by setbreeder only). */
async function animalValues(input: Input, { db }: Ctx, existing?: AnimalRow) {
  if (!existing || existing.speciesId !== input.speciesId) await assertSpeciesAuthorised(db, input.speciesId);
  if (await anyLive(db, a, and(eq(a.localNo, input.localNo), existing ? ne(a.id, existing.id) : undefined)))
    throw new BizError(`本园编号「${input.localNo}」已存在`);
  if (input.cageId) await mustExist(db, zooCage, input.cageId, '所选笼舍不存在');
  await checkPedigree(db, input, existing);
  return {
    speciesId: input.speciesId,
    localNo: input.localNo,
    animalName: input.animalName ?? '',
    sex: input.sex,
    birthDate: input.birthDate ?? null,
    birthPrecision: input.birthPrecision ?? (input.birthDate ? 1 : 4),
    origin: input.origin,
    sireId: input.sireId ?? null,
    sireMark: input.sireId ? '' : (input.sireMark ?? 'UNK'),
    damId: input.damId ?? null,
    damMark: input.damId ? '' : (input.damMark ?? 'UNK'),
    cageId: input.cageId ?? null,
    // The stock ledger (later issue) will own status changes; until then the record form sets it.
    status: input.status,
    photos: (input.photos ?? []).join(','),
    remark: input.remark ?? '',
  };
}

const touch = (userId: string) => ({ updateTime: sql`localtimestamp(0)`, updateUser: userId });

export function animalRoutes(app: FastifyInstance): void {
  crudRoutes(app, {
    table: a,
    def: animal,
    defaultOrder: () => [asc(a.localNo)],
    toRecord: (row, ctx) => animalRecord(row, ctx),
    beforeSave: (input, ctx, existing) => animalValues(input, ctx, existing),
    beforeRemove: async (ids, { db, session }) => {
      const [child] = await db
        .select({ localNo: a.localNo, sireId: a.sireId, damId: a.damId })
        .from(a)
        .where(and(eq(a.isDeleted, 0), notInArray(a.id, ids), or(inArray(a.sireId, ids), inArray(a.damId, ids))))
        .limit(1);
      if (child) throw new BizError(`该个体已登记为「${child.localNo}」的亲本,不能删除(系谱需要保留)`);
      await db
        .update(zooPopulationAnimal)
        .set({ isDeleted: 1, ...touch(session.userId) })
        .where(and(inArray(zooPopulationAnimal.animalId, ids), eq(zooPopulationAnimal.isDeleted, 0)));
    },
  });

  route(app, animalEndpoints.update, async (call) => {
    const { db, body, session } = call;
    const [existing] = await db.select().from(a).where(and(eq(a.id, body.id), eq(a.isDeleted, 0)));
    if (!existing) throw new BizError(NOT_FOUND);
    const values = await animalValues(body, call, existing);
    await db.update(a).set({ ...values, ...touch(session.userId) }).where(eq(a.id, existing.id));
    return {};
  });

  route(app, animalEndpoints.setBreeder, async ({ db, query, session }) => {
    if (query.breederId) await mustExist(db, bladeUser, query.breederId, '所选饲养员不是本园用户');
    const found = await db.select({ id: a.id }).from(a).where(and(inArray(a.id, query.ids), eq(a.isDeleted, 0)));
    if (found.length !== new Set(query.ids).size) throw new BizError(NOT_FOUND);
    await db.update(a).set({ breederId: query.breederId ?? null, ...touch(session.userId) }).where(inArray(a.id, query.ids));
    return {};
  });

  route(app, animalEndpoints.species, async ({ db, query }) => {
    const status = query.status === 'all' ? undefined : eq(a.status, /^[1-4]$/.test(query.status ?? '') ? Number(query.status) : 1);
    return db
      .select({ id: a.id, localNo: a.localNo, animalName: a.animalName, sex: a.sex, cageId: sql<string>`coalesce(${a.cageId}::text, '')`, status: a.status })
      .from(a)
      .where(and(eq(a.isDeleted, 0), eq(a.speciesId, query.speciesId), status))
      .orderBy(asc(a.localNo));
  });
}
