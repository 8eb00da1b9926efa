import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { FLAG_TYPE_NAMES, animalFlag, animalFlagEndpoints } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist } from '../../../platform/resource/guards';
import { zooAnimal, zooAnimalFlag } from '../zoo.tables';
import { assertCodeFree, currentFlag, flagRecord, nextVersion, normaliseCode } from './animal-flag.service';

const f = zooAnimalFlag;
const NEW_VERSION_HINT = '如需更换请使用"换发新版本"';

/**
 * Identification flags with version history (专用标识 void-and-reissue, microchips, rings, tattoos): a code is
 * never overwritten; newversion voids the current row (kept) and opens version + 1 in the same transaction.
 */
export function animalFlagRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: f,
    def: animalFlag,
    defaultOrder: () => [asc(f.animalId), asc(f.type), desc(f.version)],
    toRecord: (row, ctx) => flagRecord(row, ctx),
    beforeSave: async (input, { db }, existing) => {
      await mustExist(db, zooAnimal, input.animalId, '所选个体不存在');
      const { code, isoCompliant } = normaliseCode(input.type, input.code);
      if (existing) {
        if (existing.voidTime) throw new BizError('该标识版本已作废,历史记录不能修改');
        if (existing.animalId !== input.animalId || existing.type !== input.type || existing.code !== code)
          throw new BizError(`标识的个体、类型和标识码不能修改,${NEW_VERSION_HINT}`);
        return { code };
      }
      const current = await currentFlag(db, input.animalId, input.type);
      if (current) throw new BizError(`该个体已有有效的「${FLAG_TYPE_NAMES[input.type]}」(第${current.version}版),${NEW_VERSION_HINT}`);
      await assertCodeFree(db, input.type, code, input.animalId);
      return { code, isoCompliant, version: await nextVersion(db, input.animalId, input.type) };
    },
    beforeRemove: async (ids, { db }) => {
      const voided = await db
        .select({ id: f.id })
        .from(f)
        .where(and(inArray(f.id, ids), isNotNull(f.voidTime), eq(f.isDeleted, 0)))
        .limit(1);
      if (voided.length) throw new BizError('已作废的历史版本不能删除');
    },
  });

  route(app, animalFlagEndpoints.newVersion, async (call) => {
    const { db, body } = call;
    await mustExist(db, zooAnimal, body.animalId, '所选个体不存在');
    const { code, isoCompliant } = normaliseCode(body.type, body.code);
    const current = await currentFlag(db, body.animalId, body.type);
    if (current && current.code === code) throw new BizError('新版本的标识码不能与当前版本相同');
    await assertCodeFree(db, body.type, code, body.animalId);
    if (current)
      await db
        .update(f)
        .set({ voidTime: sql`localtimestamp(0)`, voidReason: body.voidReason ?? '换发新版本' })
        .where(eq(f.id, current.id));
    const [row] = await db
      .insert(f)
      .values({
        animalId: body.animalId,
        type: body.type,
        code,
        isoCompliant,
        version: await nextVersion(db, body.animalId, body.type),
        issueDate: body.issueDate ?? null,
        issuer: body.issuer ?? '',
        remark: body.remark ?? '',
      })
      .returning();
    return flagRecord(row!, call);
  });
}
