import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { medLabRef, vetLabRefEndpoints as ep, type MedLabRefRecord } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist } from '../../../platform/resource/guards';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { speciesOf } from '../shared/lookups';
import { zooSpecies } from '../zoo.tables';
import { speciesInterval } from './lab-ref';
import { zooMedLabRef } from './round.tables';
import { liveAnimal } from './vet-shared';

/** 检验参考区间: species reference intervals of laboratory tests, and the one a result would take (decision 0038). */
export function labRefRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: zooMedLabRef,
    def: medLabRef,
    defaultOrder: () => [asc(zooMedLabRef.speciesId), asc(zooMedLabRef.testName), asc(zooMedLabRef.unit)],
    toRecords: (rs, ctx): Promise<MedLabRefRecord[]> =>
      Promise.all(rs.map(async (r) => ({ ...r, speciesName: (await speciesOf(ctx)(r.speciesId))?.speciesName ?? '' }) as never)),
    beforeSave: async (input, { db }, existing) => {
      await mustExist(db, zooSpecies, input.speciesId, '所选物种不存在');
      const [dup] = await db
        .select({ id: zooMedLabRef.id })
        .from(zooMedLabRef)
        .where(
          and(
            eq(zooMedLabRef.speciesId, input.speciesId),
            sql`lower(${zooMedLabRef.testName}) = lower(${input.testName})`,
            sql`lower(${zooMedLabRef.unit}) = lower(${input.unit ?? ''})`,
            eq(zooMedLabRef.isDeleted, 0),
          ),
        )
        .limit(1);
      if (dup && dup.id !== existing?.id) throw new BizError('该物种的这个检测项目和单位已有参考区间');
    },
  });

  route(app, ep.labRefMatch, async ({ db, query, req }) => {
    const a = await liveAnimal(db, query.animalId);
    const s = await speciesInterval(db, query.animalId, query.testName, query.unit ?? '');
    const species = await speciesOf({ db, req })(a.speciesId);
    return { id: s?.id ?? '', speciesName: species?.speciesName ?? '', refLow: s?.refLow ?? null, refHigh: s?.refHigh ?? null, source: s?.source ?? '' };
  });
}
