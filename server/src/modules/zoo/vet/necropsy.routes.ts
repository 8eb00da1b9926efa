import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { medNecropsy, type MedNecropsyRecord } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { refuseDuplicate } from '../../../platform/resource/guards';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { today } from '../keeper/basic-log.service';
import { animalOf, speciesOf } from '../shared/lookups';
import { zooStockLog } from '../stocklog/stocklog.tables';
import { zooAnimal, zooSpecies } from '../zoo.tables';
import { zooMedNecropsy } from './quarantine.tables';
import { animalName, refuseFuture } from './vet-shared';

const n = zooMedNecropsy;
const l = zooStockLog;
const DEATH_MISSING = '所选死亡登记不存在';

/** The death movement a necropsy is of: an individual's `die` row of this zoo, not reversed. */
async function deathOf(db: Tx, stockLogId: string) {
  const [death] = await db
    .select()
    .from(l)
    .where(and(eq(l.id, stockLogId), eq(l.movementType, 'die'), eq(l.animalType, 1)));
  if (!death?.animalId) throw new BizError(DEATH_MISSING);
  const [reversal] = await db.select({ id: l.id }).from(l).where(eq(l.reversedId, death.id)).limit(1);
  if (reversal) throw new BizError('该死亡登记已撤销,不能剖检记录');
  return { ...death, animalId: death.animalId };
}

/** Species protection class (国家一级 1, 二级 2; 0 none) of the animal, from the species library. */
async function protectionOf(db: Tx, animalIds: string[]): Promise<Map<string, number>> {
  if (!animalIds.length) return new Map();
  const rows = await db
    .select({ id: zooAnimal.id, cls: zooSpecies.protectionClass })
    .from(zooAnimal)
    .innerJoin(zooSpecies, eq(zooSpecies.id, zooAnimal.speciesId))
    .where(inArray(zooAnimal.id, animalIds));
  return new Map(rows.map((r) => [r.id, r.cls]));
}

/** 尸体剖检 (decision 0038): a necropsy tied to a death movement, with the carcass disposal and its papers. */
export function necropsyRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: n,
    def: medNecropsy,
    defaultOrder: () => [desc(n.necropsyDate), desc(n.id)],
    toRecords: async (rs, ctx): Promise<MedNecropsyRecord[]> => {
      const classes = await protectionOf(ctx.db, [...new Set(rs.map((r) => r.animalId))]);
      const deaths = rs.length
        ? await ctx.db
            .select({ id: l.id, eventDate: l.eventDate })
            .from(l)
            .where(
              inArray(
                l.id,
                rs.map((r) => r.stockLogId),
              ),
            )
        : [];
      const deathDay = new Map(deaths.map((d) => [d.id, String(d.eventDate).slice(0, 10)]));
      return Promise.all(
        rs.map(async (r) => {
          const a = await animalOf(ctx)(r.animalId);
          const species = a ? await speciesOf(ctx)(a.speciesId) : undefined;
          return {
            ...r,
            animalName: await animalName(ctx, r.animalId),
            speciesName: species?.speciesName ?? '',
            protectionClass: classes.get(r.animalId) ?? 0,
            deathDate: deathDay.get(r.stockLogId) ?? '',
            disposalDate: r.disposalDate ?? '',
          } as never;
        }),
      );
    },
    beforeSave: async (input, { db }, existing) => {
      const death = await deathOf(db, input.stockLogId);
      if (existing && existing.stockLogId !== death.id) throw new BizError('剖检记录不能改到另一条死亡登记');
      await refuseDuplicate(db, n, eq(n.stockLogId, death.id), existing, '该死亡登记已有剖检记录');
      const day = await today(db);
      const deathDay = String(death.eventDate).slice(0, 10);
      refuseFuture(input.necropsyDate, day, '剖检日期');
      if (input.necropsyDate < deathDay) throw new BizError('剖检日期不能早于死亡日期');
      if (input.disposalDate) {
        refuseFuture(input.disposalDate, day, '处理日期');
        if (input.disposalDate < deathDay) throw new BizError('处理日期不能早于死亡日期');
      }
      // A state-protected species' carcass is disposed of under the wildlife authority's decision: its record and
      // reference number are part of the file (decision 0038).
      const cls = (await protectionOf(db, [death.animalId])).get(death.animalId) ?? 0;
      if ((cls === 1 || cls === 2) && (!input.disposalRecord || !input.authorityRef))
        throw new BizError(`国家${cls === 1 ? '一' : '二'}级保护动物须填写尸体处理记录和主管部门文号`);
      return { animalId: death.animalId };
    },
  });
}
