import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { breedEvent, breedingEndpoints, breedOestrus, breedSemen, type BreedEventRecord, type OestrusRecord, type SemenRecord } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist } from '../../../platform/resource/guards';
import { resourceRoutes, type Ctx } from '../../../platform/resource/resource-routes';
import { animalLabel, today } from '../keeper/basic-log.service';
import { speciesOf } from '../shared/lookups';
import { zooAnimal, zooSpecies } from '../zoo.tables';
import { checkSigns, female, nameOf, refuseFuture, returnStraws, sireNames, sires, takeStraws, usableSemen, yearRange } from './breeding.rules';
import { seasonRoutes } from './breeding-season.routes';
import { breedingCubRoutes } from './breeding-cubs.routes';
import { refuseContracepted } from './breeding-cubs.rules';
import { calendarRoutes } from './breeding-calendar.routes';
import { litterRoutes } from './litter.routes';
import { paternityRoutes } from './paternity.routes';
import { eggRoutes } from './egg.routes';
import { zooBreedEvent, zooBreedOestrus, zooBreedSemen } from './breeding.tables';
import { checkOutsideDonor, donorCards, donorLabel, donorsOf } from './outside-donor';

/** Reproduction, first slice (decision 0042): oestrus observations, breeding events, the semen bank, the season board. */

const AI = 2;

async function semenNos(db: Tx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: zooBreedSemen.id, no: zooBreedSemen.sampleNo }).from(zooBreedSemen).where(inArray(zooBreedSemen.id, ids));
  return new Map(rows.map((r) => [r.id, r.no]));
}

export function breedingRoutes(app: FastifyInstance): void {
  // ------------------------------------------------------------ oestrus observations
  const o = zooBreedOestrus;
  resourceRoutes(app, {
    table: o,
    def: breedOestrus,
    defaultOrder: () => [desc(o.obsDate), desc(o.id)],
    listScope: async (_ctx, { year }) => (year ? and(gte(o.obsDate, yearRange(year)[0]), lte(o.obsDate, yearRange(year)[1])) : undefined),
    toRecords: (rs, ctx: Ctx): Promise<OestrusRecord[]> =>
      Promise.all(
        rs.map(
          async (r) => ({ ...r, animalName: await nameOf(ctx, r.animalId), speciesName: (await speciesOf(ctx)(r.speciesId))?.speciesName ?? '' }) as never,
        ),
      ),
    beforeSave: async (input, ctx) => {
      const { db } = ctx;
      const a = await female(db, input.animalId, '发情观察');
      await checkSigns(ctx, input.signs);
      refuseFuture(input.obsDate, await today(db), '观察日期');
      // A sign listed twice is one sign.
      return { speciesId: a.speciesId, signs: [...new Set(input.signs)].sort((x, y) => x - y) };
    },
  });

  // ------------------------------------------------------------ semen bank
  const s = zooBreedSemen;
  resourceRoutes(app, {
    table: s,
    def: breedSemen,
    defaultOrder: () => [desc(s.collectDate), desc(s.id)],
    toRecords: (rs, ctx: Ctx): Promise<SemenRecord[]> =>
      Promise.all(rs.map(async (r) => ({ ...r, speciesName: (await speciesOf(ctx)(r.speciesId))?.speciesName ?? '' }) as never)),
    beforeSave: async (input, { db }) => {
      await mustExist(db, zooSpecies, input.speciesId, '所选物种不存在');
      const day = await today(db);
      refuseFuture(input.collectDate, day, '采集日期');
      if (input.transferDate) {
        refuseFuture(input.transferDate, day, '转出日期');
        if (input.transferDate < input.collectDate) throw new BizError('转出日期不能早于采集日期');
      }
      let donorName = input.donorName ?? '';
      if (input.donorAnimalId) {
        const [d] = await db
          .select()
          .from(zooAnimal)
          .where(and(eq(zooAnimal.id, input.donorAnimalId), eq(zooAnimal.isDeleted, 0)));
        if (!d) throw new BizError('所选供体个体不存在');
        if (d.speciesId !== input.speciesId) throw new BizError('供体个体与样本物种不一致');
        if (d.sex !== 1) throw new BizError('供体必须是雄性个体');
        donorName ||= animalLabel(d.animalName, d.localNo);
      }
      let donorStudbookNo = input.donorStudbookNo ?? '';
      if (input.donorIdentityId) {
        // Another base's donor by his studbook identity: the sample's papers name him by studbook number.
        const c = await checkOutsideDonor(db, input.donorIdentityId, input.speciesId, '供体个体与样本物种不一致');
        donorName ||= c.animalName || c.studbookNo;
        donorStudbookNo ||= c.studbookNo;
      }
      return { donorName, donorStudbookNo, donorIdentityId: input.donorIdentityId ?? null, transferDate: input.transferDate ?? null };
    },
    beforeRemove: async (ids, { db }) => {
      const [used] = await db
        .select({ id: zooBreedEvent.id })
        .from(zooBreedEvent)
        .where(and(inArray(zooBreedEvent.semenId, ids), eq(zooBreedEvent.isDeleted, 0)))
        .limit(1);
      if (used) throw new BizError('精液样本已用于配种记录,不能删除');
    },
  });

  // ------------------------------------------------------------ breeding events
  const e = zooBreedEvent;
  resourceRoutes(app, {
    table: e,
    def: breedEvent,
    defaultOrder: () => [desc(e.eventDate), desc(e.id)],
    listScope: async (_ctx, { year }) => (year ? and(gte(e.eventDate, yearRange(year)[0]), lte(e.eventDate, yearRange(year)[1])) : undefined),
    toRecords: async (rs, ctx: Ctx): Promise<BreedEventRecord[]> => {
      const nos = await semenNos(ctx.db, [...new Set(rs.flatMap((r) => (r.semenId ? [r.semenId] : [])))]);
      const cards = await donorCards(ctx.db, [...new Set(rs.flatMap((r) => (r.donorIdentityId ? [r.donorIdentityId] : [])))]);
      return Promise.all(
        rs.map(
          async (r) =>
            ({
              ...r,
              femaleName: await nameOf(ctx, r.femaleId),
              speciesName: (await speciesOf(ctx)(r.speciesId))?.speciesName ?? '',
              sireNames: [await sireNames(ctx, r.sireIds), r.donorIdentityId ? donorLabel(cards.get(r.donorIdentityId), r.donorIdentityId) : '']
                .filter(Boolean)
                .join('、'),
              semenNo: r.semenId ? (nos.get(r.semenId) ?? '') : '',
            }) as never,
        ),
      );
    },
    beforeSave: async (input, { db }, existing) => {
      const f = await female(db, input.femaleId, '配种记录');
      refuseFuture(input.eventDate, await today(db), '配种日期');
      const sireIds = await sires(db, input.sireIds, f.speciesId);
      await refuseContracepted(db, [f.id, ...sireIds], input.eventDate, input.confirmContraception);
      const ai = input.kind === AI;
      const semenId = ai ? (input.semenId ?? null) : null;
      const straws = semenId ? input.straws! : null;
      if (semenId) await usableSemen(db, semenId, f.speciesId);
      // An insemination may name another base's donor directly, by studbook identity (no sample of the bank).
      const donorIdentityId = ai ? (input.donorIdentityId ?? null) : null;
      if (donorIdentityId) await checkOutsideDonor(db, donorIdentityId, f.speciesId);
      // Straws move only when the sample or the amount changes: the old use is given back, the new one taken,
      // both in this transaction (a refusal rolls both back).
      const before = existing?.semenId && existing.straws ? { id: existing.semenId, n: existing.straws } : null;
      if (before?.id !== semenId || before?.n !== straws) {
        if (before) await returnStraws(db, before.id, before.n);
        if (semenId && straws) await takeStraws(db, semenId, straws);
      }
      return {
        speciesId: f.speciesId,
        sireIds,
        semenId,
        straws,
        donorIdentityId,
        // What belongs to the other kind is not kept.
        copulations: ai ? null : (input.copulations ?? null),
        outcome: ai ? null : (input.outcome ?? null),
        method: ai ? input.method! : null,
        doseMl: ai ? (input.doseMl ?? null) : null,
        motility: ai ? (input.motility ?? null) : null,
      };
    },
    beforeRemove: async (ids, { db }) => {
      const used = await db
        .select({ semenId: e.semenId, straws: e.straws })
        .from(e)
        .where(and(inArray(e.id, ids), eq(e.isDeleted, 0), sql`${e.semenId} is not null`))
        // Locked: a second removal of the same event waits, then finds it removed and gives nothing back twice.
        .for('update');
      for (const u of used) if (u.semenId && u.straws) await returnStraws(db, u.semenId, u.straws);
    },
  });

  route(app, breedingEndpoints.donors, async ({ db, query }) => (await donorsOf(db, query.speciesId)).map(({ own: _own, ...c }) => c));

  seasonRoutes(app);
  breedingCubRoutes(app);
  litterRoutes(app);
  paternityRoutes(app);
  eggRoutes(app);
  calendarRoutes(app);
}
