import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { BornIn, breedingCubEndpoints, breedLitter, cubBehindParamKey, INCUBATOR, type LitterRecord } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { getIntParam } from '../../../platform/param/param';
import { resourceRoutes, type Ctx } from '../../../platform/resource/resource-routes';
import { today } from '../keeper/basic-log.service';
import { speciesOf } from '../shared/lookups';
import { register } from '../stocklog/stocklog.routes';
import { reverseMovement } from '../stocklog/reverse';
import { zooMedWeight } from '../vet/vet.tables';
import { curveAt, referenceCurve, type CurvePoint } from '../vet/weight-ref-curve';
import { zooAnimal } from '../zoo.tables';
import { breedingBefore, isBird, possibleSires, setLitterSires } from './breeding-cubs.rules';
import { zooBreedCubLog, zooBreedLitter } from './breeding-cubs.tables';
import { female, nameOf, refuseFuture, sireNames, yearRange } from './breeding.rules';
import { zooBreedEvent } from './breeding.tables';
import { donorCards, donorLabel } from './outside-donor';
import { zooBreedEgg } from './breeding-egg.tables';

/**
 * Litters (decision 0042): recording one books the birth through the stock ledger (the same `born` movement as
 * 出生登记, in the request's transaction: a refusal of either writes nothing), sets the cubs' parents — the dam, and
 * the sire or a MULT of the cycle's candidates — and keeps their birth weights as veterinary weight records.
 */

const AI = 2;
type Litter = typeof zooBreedLitter.$inferSelect;

/** The birth movement's body, validated by the ledger's own contract (its messages, its defaults). */
function bornBody(v: Record<string, unknown>) {
  const r = BornIn.safeParse(v);
  if (!r.success) throw new BizError(r.error.issues[0]?.message ?? '出生登记信息不正确');
  return r.data;
}

export async function bookLitter(
  app: FastifyInstance,
  db: Tx,
  input: {
    damId: string;
    eventId?: string | null;
    birthDate: string;
    cageId: string;
    cubs: Array<{ localNo: string; animalName?: string | null; sex: number; birthWeightG?: number | null; vitality?: number | null }>;
    remark?: string | null;
  },
) {
  const dam = await female(db, input.damId, '产仔记录');
  refuseFuture(input.birthDate, await today(db), '产仔日期');
  const ev = await breedingBefore(db, dam.id, input.eventId, input.birthDate, '产仔日期', '产仔记录');
  const sires = await possibleSires(db, ev);
  let ids: string[] = [];
  let animalIds: string[] = [];
  if (input.cubs.length) {
    const booked = await register(
      app,
      db,
      'born',
      bornBody({
        animalType: 1,
        speciesId: dam.speciesId,
        cageId: input.cageId,
        bornDate: input.birthDate,
        bornType: ev.kind === AI ? 3 : 1,
        damId: dam.id,
        sireId: sires.local.length === 1 && !sires.outside.length ? sires.local[0] : undefined,
        animals: input.cubs.map((c) => ({ localNo: c.localNo, animalName: c.animalName ?? '', sex: c.sex })),
        remark: `产仔登记${input.remark ? `: ${input.remark}` : ''}`.slice(0, 500),
      }),
    );
    ({ ids, animalIds } = booked);
    // Several candidates (the studbook's MULT) or an outside donor: set here (the ledger takes only the zoo's male).
    if (sires.local.length + sires.outside.length > 1 || sires.outside.length) await setLitterSires(db, animalIds, sires);
    const weighed = input.cubs.flatMap((c, i) => (c.birthWeightG ? [{ animalId: animalIds[i]!, g: c.birthWeightG }] : []));
    if (weighed.length)
      await db
        .insert(zooMedWeight)
        .values(weighed.map((w) => ({ animalId: w.animalId, weighDate: input.birthDate, weightKg: w.g / 1000, unit: 'g', method: 1, remark: '出生体重' })));
  }
  return {
    speciesId: dam.speciesId,
    eventId: ev.id,
    sireIds: sires.local,
    sireIdentityIds: sires.outside,
    cubs: input.cubs.map((c, i) => ({ id: animalIds[i]!, birthWeightG: c.birthWeightG ?? null, vitality: c.vitality ?? null })),
    stockLogIds: ids,
  };
}

async function toRecords(rs: Litter[], ctx: Ctx): Promise<LitterRecord[]> {
  const cubIds = rs.flatMap((r) => r.cubs.map((c) => c.id));
  const cubs = cubIds.length
    ? await ctx.db
        .select({ id: zooAnimal.id, localNo: zooAnimal.localNo, animalName: zooAnimal.animalName, sex: zooAnimal.sex, status: zooAnimal.status })
        .from(zooAnimal)
        .where(inArray(zooAnimal.id, cubIds))
    : [];
  const byId = new Map(cubs.map((c) => [c.id, c]));
  const cards = await donorCards(ctx.db, [...new Set(rs.flatMap((r) => r.sireIdentityIds))]);
  return Promise.all(
    rs.map(async (r) => {
      const [ev] = await ctx.db.select({ d: zooBreedEvent.eventDate }).from(zooBreedEvent).where(eq(zooBreedEvent.id, r.eventId));
      return {
        ...r,
        damName: await nameOf(ctx, r.damId),
        speciesName: (await speciesOf(ctx)(r.speciesId))?.speciesName ?? '',
        eventDate: ev?.d ?? '',
        sireNames: [await sireNames(ctx, r.sireIds), ...r.sireIdentityIds.map((i) => donorLabel(cards.get(i), i))].filter(Boolean).join('、'),
        cubs: r.cubs.flatMap((c) => {
          const a = byId.get(c.id);
          return a ? [{ ...a, birthWeightG: c.birthWeightG ?? '', vitality: c.vitality ?? '' }] : [];
        }),
        liveBorn: r.cubs.length,
      } as never;
    }),
  );
}

/** The latest weighing against the species' curve at that age: its percentage, and behind when under the zoo's threshold. */
function behindCurve(last: { day: string; grams: number } | undefined, ref: CurvePoint[], ageOf: (day: string) => number, threshold: number) {
  const expected = last ? curveAt(ref, ageOf(last.day)) : undefined;
  if (!last || !expected) return { percentOfCurve: '' as const, behind: false };
  const percentOfCurve = Math.round((last.grams / (expected * 1000)) * 1000) / 10;
  return { percentOfCurve, behind: percentOfCurve < threshold };
}

/**
 * A bird's clutch (incubator rearing, eggs laid / fertile / hatched) is for birds only; its hatched eggs are the chicks
 * the birth books.
 */
async function checkClutch(
  db: Tx,
  input: { damId: string; rearing: number; eggsLaid?: number | null; eggsFertile?: number | null; eggsHatched?: number | null },
  chicks: number,
  speciesId?: string,
) {
  const clutch = input.rearing === INCUBATOR || input.eggsLaid != null || input.eggsFertile != null || input.eggsHatched != null;
  if (!clutch) return;
  const species = speciesId ?? (await db.select({ s: zooAnimal.speciesId }).from(zooAnimal).where(eq(zooAnimal.id, input.damId)))[0]?.s;
  if (!species || !(await isBird(db, species))) throw new BizError('孵化箱育雏与卵数只适用于鸟类');
  if (input.eggsHatched != null && input.eggsHatched !== chicks) throw new BizError(`出壳数(${input.eggsHatched})应等于登记的雏鸟数(${chicks})`);
}

export function litterRoutes(app: FastifyInstance): void {
  const l = zooBreedLitter;
  resourceRoutes(app, {
    table: l,
    def: breedLitter,
    defaultOrder: () => [desc(l.birthDate), desc(l.id)],
    listScope: async (_ctx, { year }) => (year ? and(gte(l.birthDate, yearRange(year)[0]), lte(l.birthDate, yearRange(year)[1])) : undefined),
    toRecords,
    beforeSave: async (input, { db }, existing) => {
      await checkClutch(db, input, existing ? existing.cubs.length : input.cubs.length, existing?.speciesId);
      if (!existing) return bookLitter(app, db, input);
      // The birth is booked: what it booked stays (a wrong litter is removed, which reverses the birth, and recorded again).
      if (input.damId !== existing.damId || input.birthDate !== existing.birthDate || input.cageId !== existing.cageId)
        throw new BizError('产仔记录已登记出生变动,母本、产仔日期和笼舍不能修改;如有错误请删除后重新登记');
      return {
        eventId: existing.eventId,
        cubs: existing.cubs,
        sireIds: existing.sireIds,
        sireIdentityIds: existing.sireIdentityIds,
        stockLogIds: existing.stockLogIds,
        speciesId: existing.speciesId,
      };
    },
    beforeRemove: async (ids, { db }) => {
      const rows = await db
        .select()
        .from(l)
        .where(and(inArray(l.id, ids), eq(l.isDeleted, 0)))
        .for('update');
      // Removing a litter reverses its birth movement (the cubs leave the registry), or refuses as the ledger does.
      for (const r of rows) for (const id of r.stockLogIds) await reverseMovement(db, id, '删除产仔记录');
      // A clutch's eggs go with it.
      if (rows.length)
        await db
          .update(zooBreedEgg)
          .set({ isDeleted: 1 })
          .where(
            inArray(
              zooBreedEgg.litterId,
              rows.map((r) => r.id),
            ),
          );
    },
  });

  route(app, breedingCubEndpoints.growth, async ({ db, query, session }) => {
    const [litter] = await db
      .select()
      .from(l)
      .where(and(eq(l.id, query.id), eq(l.isDeleted, 0)));
    if (!litter) throw new BizError('产仔记录不存在');
    const ids = litter.cubs.map((c) => c.id);
    const behindPercent = await getIntParam(app, cubBehindParamKey(session.tenantId), 80, db);
    if (!ids.length) return { cubs: [], curve: [], behindPercent };
    const [weights, feeds, names] = await Promise.all([
      db
        .select({ animalId: zooMedWeight.animalId, day: zooMedWeight.weighDate, kg: zooMedWeight.weightKg })
        .from(zooMedWeight)
        .where(and(inArray(zooMedWeight.animalId, ids), eq(zooMedWeight.isDeleted, 0)))
        .orderBy(asc(zooMedWeight.weighDate), asc(zooMedWeight.id)),
      db
        .select({
          cubId: zooBreedCubLog.cubId,
          kind: zooBreedCubLog.kind,
          day: sql<string>`to_char(${zooBreedCubLog.logTime}, 'YYYY-MM-DD')`,
          ml: zooBreedCubLog.volumeMl,
        })
        .from(zooBreedCubLog)
        .where(and(inArray(zooBreedCubLog.cubId, ids), eq(zooBreedCubLog.isDeleted, 0)))
        .orderBy(asc(zooBreedCubLog.logTime)),
      db.select({ id: zooAnimal.id, name: zooAnimal.animalName, no: zooAnimal.localNo }).from(zooAnimal).where(inArray(zooAnimal.id, ids)),
    ]);
    // The cubs of a litter share their birth date, so one species curve in dates serves them all.
    const ref = (await referenceCurve(db, ids[0]!))?.points ?? [];
    const ageOf = (day: string) => Math.round((Date.parse(day) - Date.parse(litter.birthDate)) / 86_400_000);
    const lastAge = Math.max(0, ...weights.map((w) => ageOf(w.day)));
    // The reference points up to the cubs' latest weighing and the next point after it (the line reaches past them).
    const next = ref.find((p) => p.ageDays > lastAge);
    const curve = ref.filter((p) => p.ageDays <= lastAge || p === next).map((p) => ({ day: p.day, ageDays: p.ageDays, grams: Math.round(p.weightKg * 1000) }));
    return {
      behindPercent,
      curve,
      cubs: ids.map((id) => {
        const w = weights.filter((x) => x.animalId === id).map((x) => ({ day: x.day, grams: Math.round(x.kg * 10_000) / 10 }));
        const perDay = new Map<string, { ml: number; count: number }>();
        for (const f of feeds.filter((x) => x.cubId === id && x.kind === 1)) {
          const d = perDay.get(f.day) ?? { ml: 0, count: 0 };
          perDay.set(f.day, { ml: d.ml + (f.ml ?? 0), count: d.count + 1 });
        }
        const n = names.find((x) => x.id === id);
        return {
          id,
          name: n ? (n.name ? `${n.name} (${n.no})` : n.no) : '',
          weights: w,
          feeds: [...perDay].map(([day, v]) => ({ day, ...v })),
          swaps: feeds.filter((x) => x.cubId === id && x.kind === 2).length,
          losing: w.length >= 2 && w.at(-1)!.grams < w.at(-2)!.grams,
          ...behindCurve(w.at(-1), ref, ageOf, behindPercent),
        };
      }),
    };
  });
}
