import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { breedEgg, breedingEggEndpoints, HATCHED, type EggRecord } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { resourceRoutes, type Ctx } from '../../../platform/resource/resource-routes';
import { animalLabel, today } from '../keeper/basic-log.service';
import { zooAnimal } from '../zoo.tables';
import { addDays, gestationOf, isBird } from './breeding-cubs.rules';
import { zooBreedLitter } from './breeding-cubs.tables';
import { zooBreedEgg, type Candling } from './breeding-egg.tables';
import { refuseFuture } from './breeding.rules';

/**
 * Eggs of a bird's clutch (decision 0042): each egg with its candlings over time, incubation and hatch; a hatched egg
 * links to the chick the clutch's birth booked. The clutch's counts are derived from the eggs. The species'
 * incubation is its gestation range (the zoo's, else the library's), so an incubated egg shows its expected hatch.
 */

type Egg = typeof zooBreedEgg.$inferSelect;
const FERTILE = 1;
const DIED_IN_SHELL = 3;

/** The live litter an egg belongs to, locked (egg numbers are given in order), and only for a bird. */
async function clutchOf(db: Tx, litterId: string) {
  const [litter] = await db
    .select()
    .from(zooBreedLitter)
    .where(and(eq(zooBreedLitter.id, litterId), eq(zooBreedLitter.isDeleted, 0)))
    .for('update');
  if (!litter) throw new BizError('产仔(窝卵)记录不存在');
  if (!(await isBird(db, litter.speciesId))) throw new BizError('卵记录只适用于鸟类的窝卵');
  return litter;
}

/** An egg counts as fertile when candling saw an embryo (alive or died in shell) or when it hatched. */
const isFertile = (e: Pick<Egg, 'fertility' | 'outcome'>) => e.fertility === FERTILE || e.fertility === DIED_IN_SHELL || e.outcome === HATCHED;
const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : ('' as const));

async function toRecords(rs: Egg[], ctx: Ctx): Promise<EggRecord[]> {
  const chickIds = rs.flatMap((r) => (r.chickId ? [r.chickId] : []));
  const chicks = chickIds.length
    ? await ctx.db.select({ id: zooAnimal.id, name: zooAnimal.animalName, no: zooAnimal.localNo }).from(zooAnimal).where(inArray(zooAnimal.id, chickIds))
    : [];
  const litterIds = [...new Set(rs.map((r) => r.litterId))];
  const litters = litterIds.length
    ? await ctx.db.select({ id: zooBreedLitter.id, speciesId: zooBreedLitter.speciesId }).from(zooBreedLitter).where(inArray(zooBreedLitter.id, litterIds))
    : [];
  const incubation = new Map<string, readonly [number, number] | undefined>();
  for (const l of litters) incubation.set(l.id, await gestationOf(ctx.db, l.speciesId));
  return rs.map((r) => {
    const c = chicks.find((x) => x.id === r.chickId);
    const days = incubation.get(r.litterId);
    const start = r.incubationStart;
    return {
      ...r,
      chickName: c ? animalLabel(c.name, c.no) : '',
      expectedHatchFrom: start && days ? addDays(start, days[0]) : '',
      expectedHatchTo: start && days ? addDays(start, days[1]) : '',
    } as never;
  });
}

export function eggRoutes(app: FastifyInstance): void {
  const e = zooBreedEgg;
  resourceRoutes(app, {
    table: e,
    def: breedEgg,
    defaultOrder: () => [asc(e.litterId), asc(e.eggNo)],
    toRecords,
    beforeSave: async (input, { db }, existing) => {
      if (existing && existing.litterId !== input.litterId) throw new BizError('卵记录不能移到另一窝');
      const litter = await clutchOf(db, input.litterId);
      const day = await today(db);
      refuseFuture(input.laidDate, day, '产卵日期');
      if (input.incubationStart) {
        refuseFuture(input.incubationStart, day, '入孵日期');
        if (input.incubationStart < input.laidDate) throw new BizError('入孵日期不能早于产卵日期');
      }
      if (input.hatchDate) {
        refuseFuture(input.hatchDate, day, '出壳日期');
        if (input.hatchDate < (input.incubationStart ?? input.laidDate)) throw new BizError(`出壳日期不能早于${input.incubationStart ? '入孵' : '产卵'}日期`);
      }
      const others = and(eq(e.litterId, litter.id), eq(e.isDeleted, 0), existing ? sql`${e.id} <> ${existing.id}` : undefined);
      let eggNo = input.eggNo ?? existing?.eggNo;
      if (eggNo == null) {
        const [m] = await db
          .select({ n: sql<number>`coalesce(max(${e.eggNo}), 0)::int` })
          .from(e)
          .where(others);
        eggNo = (m?.n ?? 0) + 1;
      } else {
        const [taken] = await db
          .select({ id: e.id })
          .from(e)
          .where(and(others, eq(e.eggNo, eggNo)));
        if (taken) throw new BizError(`卵号 ${eggNo} 已存在`);
      }
      // A hatched egg links to a chick of this clutch's birth, one egg per chick.
      if (input.chickId) {
        if (!litter.cubs.some((c) => c.id === input.chickId)) throw new BizError('所选雏鸟不是该窝出壳登记的雏鸟');
        const [linked] = await db
          .select({ no: e.eggNo })
          .from(e)
          .where(and(eq(e.chickId, input.chickId), eq(e.isDeleted, 0), existing ? sql`${e.id} <> ${existing.id}` : undefined));
        if (linked) throw new BizError(`该雏鸟已关联卵号 ${linked.no}`);
      }
      return { eggNo, candlings: existing?.candlings ?? [], fertility: existing?.fertility ?? 0, chickId: input.chickId ?? null };
    },
  });

  route(app, breedingEggEndpoints.candle, async ({ db, body }) => {
    const [egg] = await db
      .select()
      .from(e)
      .where(and(eq(e.id, body.id), eq(e.isDeleted, 0)))
      .for('update');
    if (!egg) throw new BizError('卵记录不存在');
    refuseFuture(body.date, await today(db), '照蛋日期');
    if (body.date < egg.laidDate) throw new BizError(`照蛋日期不能早于产卵日期(${egg.laidDate})`);
    // Candlings over time, in date order; a second result of one day replaces the first. The latest is the fertility.
    const candlings: Candling[] = [...egg.candlings.filter((c) => c.date !== body.date), { date: body.date, result: body.result }].sort((a, b) =>
      a.date.localeCompare(b.date),
    );
    const [row] = await db
      .update(e)
      .set({ candlings, fertility: candlings.at(-1)!.result })
      .where(eq(e.id, egg.id))
      .returning();
    return (await toRecords([row!], { db } as Ctx))[0]!;
  });

  route(app, breedingEggEndpoints.clutch, async ({ db, query }) => {
    const [litter] = await db
      .select({ id: zooBreedLitter.id, speciesId: zooBreedLitter.speciesId })
      .from(zooBreedLitter)
      .where(and(eq(zooBreedLitter.id, query.id), eq(zooBreedLitter.isDeleted, 0)));
    if (!litter) throw new BizError('产仔(窝卵)记录不存在');
    const eggs = await db
      .select({ fertility: e.fertility, outcome: e.outcome })
      .from(e)
      .where(and(eq(e.litterId, litter.id), eq(e.isDeleted, 0)));
    const fertile = eggs.filter(isFertile).length;
    const hatched = eggs.filter((x) => x.outcome === HATCHED).length;
    const days = await gestationOf(db, litter.speciesId);
    return {
      laid: eggs.length,
      fertile,
      hatched,
      hatchRate: pct(hatched, eggs.length),
      fertileHatchRate: pct(hatched, fertile),
      incubationMinDays: days?.[0] ?? ('' as const),
      incubationMaxDays: days?.[1] ?? ('' as const),
    };
  });
}
