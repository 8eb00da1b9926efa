import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { breedContra, breedCubLog, breedPregnancy, type ContraRecord, type CubLogRecord, type PregnancyRecord } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { mustExist } from '../../../platform/resource/guards';
import { resourceRoutes, type Ctx } from '../../../platform/resource/resource-routes';
import { today } from '../keeper/basic-log.service';
import { speciesOf } from '../shared/lookups';
import { zooAnimal } from '../zoo.tables';
import { breedingBefore, gestationOf, litterOfCub, windowOf } from './breeding-cubs.rules';
import { zooBreedContra, zooBreedCubLog, zooBreedPregnancy } from './breeding-cubs.tables';
import { ANIMAL_MISSING, female, nameOf, refuseFuture, yearRange } from './breeding.rules';
import { zooBreedEvent } from './breeding.tables';

/** Pregnancy diagnoses, contraception and the cub care log (decision 0042, second slice). */

const TWIN_SWAP = 3;
const SWAP = 2;

const speciesName = async (ctx: Ctx, id: string) => (await speciesOf(ctx)(id))?.speciesName ?? '';

export function breedingCubRoutes(app: FastifyInstance): void {
  // ------------------------------------------------------------ pregnancy diagnoses
  const p = zooBreedPregnancy;
  resourceRoutes(app, {
    table: p,
    def: breedPregnancy,
    defaultOrder: () => [desc(p.checkDate), desc(p.id)],
    listScope: async (_ctx, { year }) => (year ? and(gte(p.checkDate, yearRange(year)[0]), lte(p.checkDate, yearRange(year)[1])) : undefined),
    toRecords: (rs, ctx: Ctx): Promise<PregnancyRecord[]> =>
      Promise.all(
        rs.map(async (r) => {
          const [ev] = await ctx.db.select({ d: zooBreedEvent.eventDate }).from(zooBreedEvent).where(eq(zooBreedEvent.id, r.eventId));
          return { ...r, femaleName: await nameOf(ctx, r.femaleId), speciesName: await speciesName(ctx, r.speciesId), eventDate: ev?.d ?? '' } as never;
        }),
      ),
    beforeSave: async (input, { db }) => {
      const f = await female(db, input.femaleId, '妊娠诊断');
      refuseFuture(input.checkDate, await today(db), '诊断日期');
      const ev = await breedingBefore(db, f.id, input.eventId, input.checkDate, '诊断日期', '妊娠诊断');
      // The window runs from the breeding the diagnosis follows; a pseudo-pregnancy or an ended one has none.
      const open = input.pregStatus === 1 || input.pregStatus === 2;
      const win = open ? windowOf(ev.eventDate, await gestationOf(db, f.speciesId)) : { expectedFrom: null, expectedTo: null };
      return { speciesId: f.speciesId, eventId: ev.id, ...win };
    },
  });

  // ------------------------------------------------------------ contraception
  const c = zooBreedContra;
  resourceRoutes(app, {
    table: c,
    def: breedContra,
    defaultOrder: () => [desc(c.startDate), desc(c.id)],
    toRecords: async (rs, ctx: Ctx): Promise<ContraRecord[]> => {
      const day = await today(ctx.db);
      return Promise.all(
        rs.map(
          async (r) =>
            ({
              ...r,
              animalName: await nameOf(ctx, r.animalId),
              speciesName: await speciesName(ctx, r.speciesId),
              active: r.startDate <= day && (!r.reversalDate || r.reversalDate > day) ? 1 : 0,
            }) as never,
        ),
      );
    },
    beforeSave: async (input, { db }) => {
      const a = await mustExist(db, zooAnimal, input.animalId, ANIMAL_MISSING);
      const day = await today(db);
      refuseFuture(input.startDate, day, '开始日期');
      if (input.reversalDate) refuseFuture(input.reversalDate, day, '恢复日期');
      return { speciesId: a.speciesId, expectedEnd: input.expectedEnd ?? null, reversalDate: input.reversalDate ?? null };
    },
  });

  // ------------------------------------------------------------ cub care: feeds and the twin-swap log
  const g = zooBreedCubLog;
  resourceRoutes(app, {
    table: g,
    def: breedCubLog,
    defaultOrder: () => [desc(g.logTime), desc(g.id)],
    toRecords: (rs, ctx: Ctx): Promise<CubLogRecord[]> => Promise.all(rs.map(async (r) => ({ ...r, cubName: await nameOf(ctx, r.cubId) }) as never)),
    beforeSave: async (input, { db }) => {
      const cub = await mustExist(db, zooAnimal, input.cubId, ANIMAL_MISSING);
      const litter = await litterOfCub(db, cub.id);
      const day = input.logTime.slice(0, 10);
      refuseFuture(day, await today(db), '时间');
      if (day < litter.birthDate) throw new BizError(`时间不能早于出生日期(${litter.birthDate})`);
      if (input.kind === SWAP && litter.rearing !== TWIN_SWAP) throw new BizError('只有双胞胎交替育幼的幼仔可以登记换仔');
      const feed = input.kind === 1;
      return {
        litterId: litter.id,
        feedType: feed ? input.feedType! : null,
        volumeMl: feed ? (input.volumeMl ?? null) : null,
        placement: feed ? null : input.placement!,
      };
    },
  });
}
