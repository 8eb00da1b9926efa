import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { kinshipOf } from '../studbook/kinship';
import { openStudbook } from '../studbook/studbook.service';
import { zooStockLog } from '../stocklog/stocklog.tables';
import { zooAnimal } from '../zoo.tables';
import { addDays, contraceptedOn, contraName } from './breeding-cubs.rules';
import { zooBreedLitter, zooBreedPregnancy } from './breeding-cubs.tables';

/**
 * The season board's second-slice columns (decision 0042): pregnancy and expected birth window, contraception
 * warnings, the studbook's recommended partners, cubs born and alive at 30 days (read from the ledger).
 */

const IN_STOCK = 1;
const MALE = 1;
const round = (x: number) => Math.round(x * 1e4) / 1e4;
type Ev = { femaleId: string; eventDate: string; sireIds: string[] };

/** The species' males of the zoo in stock ranked for each female by offspring F (= the pair's kinship), then MK. */
async function recommendations(db: Tx, speciesId: string, femaleIds: string[], breedingAge: number, year: number) {
  const males = await db
    .select({ id: zooAnimal.id, animalName: zooAnimal.animalName, localNo: zooAnimal.localNo, birthDate: zooAnimal.birthDate })
    .from(zooAnimal)
    .where(and(eq(zooAnimal.speciesId, speciesId), eq(zooAnimal.sex, MALE), eq(zooAnimal.status, IN_STOCK), eq(zooAnimal.isDeleted, 0)))
    .orderBy(asc(zooAnimal.localNo));
  const adult = males.filter((m) => !m.birthDate || m.birthDate.slice(0, 10) <= `${year - breedingAge}-12-31`);
  const out = new Map<string, Array<{ animalId: string; animalName: string; kinship: number; mk: number | '' }>>();
  if (!adult.length || !femaleIds.length) return out;
  let sb: Awaited<ReturnType<typeof openStudbook>>;
  try {
    sb = await openStudbook(db, speciesId);
  } catch {
    // A pedigree the studbook cannot compute (it says why on its own screen) leaves the advice empty, not the board.
    return out;
  }
  const { ped, inb, mk } = sb.gen;
  const identity = (id: string) => sb.byRecord.get(id)?.identity;
  for (const f of femaleIds) {
    const fi = identity(f);
    if (!fi) continue;
    const ranked = adult.flatMap((m) => {
      const mi = identity(m.id);
      if (!mi) return [];
      const idx = ped.index.get(mi);
      const mkv = idx === undefined ? NaN : mk[idx]!;
      return [
        {
          animalId: m.id,
          animalName: m.animalName ? `${m.animalName} (${m.localNo})` : m.localNo,
          kinship: round(kinshipOf(ped, inb, fi, mi)),
          mk: Number.isFinite(mkv) ? round(mkv) : ('' as const),
        },
      ];
    });
    ranked.sort((a, b) => a.kinship - b.kinship || (a.mk === '' ? 1 : b.mk === '' ? -1 : a.mk - b.mk));
    out.set(f, ranked.slice(0, 5));
  }
  return out;
}

export async function seasonExtras(db: Tx, o: { speciesId: string; year: number; breedingAge: number; femaleIds: string[]; events: Ev[]; today: string }) {
  const { speciesId, year, femaleIds, events, today } = o;
  const [from, to] = [`${year}-01-01`, `${year}-12-31`];
  const ids = femaleIds.length ? femaleIds : ['0'];
  const [pregs, litters, recs] = await Promise.all([
    db
      .select()
      .from(zooBreedPregnancy)
      .where(
        and(
          inArray(zooBreedPregnancy.femaleId, ids),
          eq(zooBreedPregnancy.isDeleted, 0),
          gte(zooBreedPregnancy.checkDate, from),
          lte(zooBreedPregnancy.checkDate, to),
        ),
      )
      .orderBy(asc(zooBreedPregnancy.checkDate), asc(zooBreedPregnancy.id)),
    db
      .select()
      .from(zooBreedLitter)
      .where(
        and(eq(zooBreedLitter.speciesId, speciesId), eq(zooBreedLitter.isDeleted, 0), gte(zooBreedLitter.birthDate, from), lte(zooBreedLitter.birthDate, to)),
      ),
    recommendations(db, speciesId, femaleIds, o.breedingAge, year),
  ]);
  const sireIds = [...new Set(events.flatMap((e) => e.sireIds))];
  const maleIds = [...new Set([...sireIds, ...[...recs.values()].flatMap((r) => r.map((x) => x.animalId))])];
  const [contraNow, contraMales] = await Promise.all([contraceptedOn(db, femaleIds, today), contraceptedOn(db, maleIds, today)]);
  const contraMale = new Set(contraMales.map((c) => c.animalId));

  // Cubs alive at 30 days: born at least 30 days ago, with no death booked (and not undone) within 30 days.
  const cubs = litters.flatMap((l) => l.cubs.map((c) => ({ id: c.id, birth: l.birthDate })));
  const deaths = cubs.length
    ? await db
        .select({ animalId: zooStockLog.animalId, day: sql<string>`to_char(${zooStockLog.eventDate}, 'YYYY-MM-DD')` })
        .from(zooStockLog)
        .where(
          and(
            inArray(
              zooStockLog.animalId,
              cubs.map((c) => c.id),
            ),
            eq(zooStockLog.movementType, 'die'),
            sql`not exists (select 1 from zoo_stock_log r where r.reversed_id = ${zooStockLog.id})`,
          ),
        )
    : [];
  const diedOn = new Map(deaths.map((d) => [d.animalId!, d.day]));
  const surviving30 = cubs.filter((c) => addDays(c.birth, 30) <= today && !(diedOn.has(c.id) && diedOn.get(c.id)! <= addDays(c.birth, 30))).length;

  const perFemale = (fid: string) => {
    const last = pregs.filter((p) => p.femaleId === fid).at(-1);
    const contra = contraNow.find((c) => c.animalId === fid);
    const mine = events.filter((e) => e.femaleId === fid);
    const used = new Set(mine.flatMap((e) => e.sireIds));
    const warnings: string[] = [];
    if (contra) warnings.push(`处于避孕期(${contraName(contra.method)},${contra.startDate}起),不宜配对`);
    for (const c of contraMales) if (used.has(c.animalId)) warnings.push(`所用父本「${c.name || c.localNo}」处于避孕期`);
    const born = litters.filter((l) => l.damId === fid).reduce((n, l) => n + l.cubs.length, 0);
    return {
      pregnancy: last
        ? { status: last.pregStatus, checkDate: last.checkDate, expectedFrom: last.expectedFrom ?? '', expectedTo: last.expectedTo ?? '' }
        : ('' as const),
      contraception: contra ? { method: contra.method, startDate: contra.startDate, expectedEnd: contra.expectedEnd ?? '' } : ('' as const),
      warnings,
      recommended: (recs.get(fid) ?? []).map((r) => ({ ...r, used: used.has(r.animalId), contracepted: contraMale.has(r.animalId) })),
      cubsBorn: born,
      pregnant: last?.pregStatus === 2 || born > 0,
    };
  };
  return {
    perFemale,
    cubsBorn: cubs.length,
    surviving30,
  };
}
