import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { medQuarantine, QUARANTINE_CAGE_TYPE, vetCareEndpoints, type MedQuarantineRecord } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist } from '../../../platform/resource/guards';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { today } from '../keeper/basic-log.service';
import { animalOf, cageOf, speciesOf, userOf } from '../shared/lookups';
import { zooCage } from '../zoo.tables';
import { zooMedQuarantine } from './quarantine.tables';
import { addDays, quarantineDays } from './quarantine.service';
import { animalName, liveAnimal, refuseFuture } from './vet-shared';

const q = zooMedQuarantine;
const MISSING = '所选隔离记录不存在';

/** 隔离检疫 (decision 0038): arrivals' quarantines and those a vet opens by hand, released only by a vet. */
export function quarantineRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: q,
    def: medQuarantine,
    defaultOrder: () => [desc(q.startDate), desc(q.id)],
    toRecords: (rs, ctx): Promise<MedQuarantineRecord[]> =>
      Promise.all(
        rs.map(async (r) => {
          const a = await animalOf(ctx)(r.animalId);
          const [name, species, cage, vet] = await Promise.all([
            animalName(ctx, r.animalId),
            a ? speciesOf(ctx)(a.speciesId) : undefined,
            cageOf(ctx)(r.cageId),
            r.releaseVetId ? userOf(ctx)(r.releaseVetId) : undefined,
          ]);
          return {
            ...r,
            animalName: name,
            speciesName: species?.speciesName ?? '',
            cageName: cage ? `${cage.cageName}(${cage.cageCode})` : '',
            stockLogId: r.stockLogId ?? '',
            releaseDate: r.releaseDate ?? '',
            releaseVetName: vet ? vet.realName || vet.account : '',
          } as never;
        }),
      ),
    beforeSave: async (input, { db, session }, existing) => {
      if (existing?.quarantineStatus === 2) throw new BizError('隔离已解除,不能修改');
      if (existing && existing.animalId !== input.animalId) throw new BizError('隔离记录不能更换动物');
      const animal = await liveAnimal(db, input.animalId);
      if (animal.status !== 1) throw new BizError('该动物不在养,不能隔离检疫');
      refuseFuture(input.startDate, await today(db), '开始日期');
      // A quarantine is kept in a 隔离检疫 cage: the one the animal is in now.
      const [cage] = await db
        .select({ id: zooCage.id, cageType: zooCage.cageType })
        .from(zooCage)
        .where(eq(zooCage.id, animal.cageId ?? '0'));
      if (cage?.cageType !== QUARANTINE_CAGE_TYPE) throw new BizError('该动物不在隔离检疫笼舍,请先迁入隔离检疫笼舍');
      if (!existing) {
        const [open] = await db
          .select({ id: q.id })
          .from(q)
          .where(and(eq(q.animalId, animal.id), eq(q.quarantineStatus, 1), eq(q.isDeleted, 0)));
        if (open) throw new BizError('该动物已在隔离检疫中');
      }
      const days = input.days ?? existing?.days ?? (await quarantineDays(db, session.tenantId, animal.speciesId));
      return { cageId: existing?.cageId ?? cage.id, days, endDate: addDays(input.startDate, days) };
    },
    beforeRemove: async (ids, { db }) => {
      // A quarantine in force ends by a vet's release, not by deleting it (that would lift the move check).
      const [fromArrival] = await db
        .select({ id: q.id })
        .from(q)
        .where(and(inArray(q.id, ids), eq(q.quarantineStatus, 1)))
        .limit(1);
      if (fromArrival) throw new BizError('隔离检疫中的记录须由兽医解除,不能删除');
    },
  });

  route(app, vetCareEndpoints.release, async ({ db, body, session }) => {
    const row = await mustExist(db, q, body.id, MISSING);
    if (row.quarantineStatus === 2) throw new BizError('隔离已解除');
    refuseFuture(body.releaseDate, await today(db), '解除日期');
    if (body.releaseDate < row.endDate) throw new BizError(`隔离期至 ${row.endDate} 才满,不能提前解除;如需缩短请先修改隔离天数`);
    // Conditional on the quarantine still being in force: of two vets releasing at once, the second update waits for
    // the first's row lock, then finds the row released and changes nothing.
    const [released] = await db
      .update(q)
      .set({ quarantineStatus: 2, releaseDate: body.releaseDate, releaseVetId: session.userId, findings: body.findings })
      .where(and(eq(q.id, row.id), eq(q.quarantineStatus, 1)))
      .returning({ id: q.id });
    if (!released) throw new BizError('隔离已解除');
    return { id: row.id };
  });
}
