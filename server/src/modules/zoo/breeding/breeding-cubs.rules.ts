import { and, asc, desc, eq, gte, inArray, isNull, lte, or, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { mustExist } from '../../../platform/resource/guards';
import { animalLabel } from '../keeper/basic-log.service';
import { effectiveGestation } from '../zoo-species/zoo-species.service';
import { zooAnimal, zooSpecies, zooTenantSpecies } from '../zoo.tables';
import { zooBreedContra, zooBreedLitter } from './breeding-cubs.tables';
import { zooBreedEvent, zooBreedSemen } from './breeding.tables';

/** Rules of the second slice (decision 0042): which breeding a pregnancy or litter follows, windows, contraception. */

type Event = typeof zooBreedEvent.$inferSelect;

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The species' gestation (or incubation) range in days: the zoo's own (本园物种) over the library's; undefined when
 * neither has one.
 */
export async function gestationOf(db: Tx, speciesId: string): Promise<readonly [number, number] | undefined> {
  const ts = zooTenantSpecies;
  const [row] = await db
    .select({
      library: { gestationMinDays: zooSpecies.gestationMinDays, gestationMaxDays: zooSpecies.gestationMaxDays },
      zoo: { gestationMinDays: ts.gestationMinDays, gestationMaxDays: ts.gestationMaxDays },
    })
    .from(zooSpecies)
    .leftJoin(ts, and(eq(ts.speciesId, zooSpecies.id), eq(ts.isDeleted, 0)))
    .where(eq(zooSpecies.id, speciesId))
    .limit(1);
  if (!row) return undefined;
  const g = effectiveGestation(row.zoo, row.library);
  return g.effectiveGestationMinDays != null && g.effectiveGestationMaxDays != null ? [g.effectiveGestationMinDays, g.effectiveGestationMaxDays] : undefined;
}

/** The expected birth window after a breeding on `bred`: [bred + shortest, bred + longest], or nulls. */
export const windowOf = (bred: string, g: readonly [number, number] | undefined) =>
  g ? { expectedFrom: addDays(bred, g[0]), expectedTo: addDays(bred, g[1]) } : { expectedFrom: null, expectedTo: null };

/**
 * The breeding a pregnancy or litter follows: the event named (hers, not after `day`), else her latest event on or
 * before `day`. A female never bred, or bred only after `day`, is refused.
 */
export async function breedingBefore(db: Tx, femaleId: string, eventId: string | null | undefined, day: string, what: string, record: string): Promise<Event> {
  if (eventId) {
    const ev = await mustExist(db, zooBreedEvent, eventId, '所选配种记录不存在');
    if (ev.femaleId !== femaleId) throw new BizError('所选配种记录不是该雌性的');
    if (ev.eventDate > day) throw new BizError(`${what}不能早于配种日期(${ev.eventDate})`);
    return ev;
  }
  const mine = and(eq(zooBreedEvent.femaleId, femaleId), eq(zooBreedEvent.isDeleted, 0));
  const [ev] = await db
    .select()
    .from(zooBreedEvent)
    .where(and(mine, lte(zooBreedEvent.eventDate, day)))
    .orderBy(desc(zooBreedEvent.eventDate), desc(zooBreedEvent.id))
    .limit(1);
  if (ev) return ev;
  const [later] = await db.select().from(zooBreedEvent).where(mine).orderBy(asc(zooBreedEvent.eventDate)).limit(1);
  if (later) throw new BizError(`${what}不能早于配种日期(${later.eventDate})`);
  throw new BizError(`该雌性没有配种记录,不能登记${record}`);
}

/** A litter's possible sires: the zoo's males (animal ids) and outside donors (studbook identities). */
export interface Sires {
  local: string[];
  outside: string[];
}

/**
 * The possible sires of a litter: every candidate of her events of the same cycle (the chosen event and the 30 days
 * before it: a panda is often paired and inseminated on consecutive days), plus the donor of a semen sample used —
 * the zoo's male, or another base's by his studbook identity — and an insemination's outside donor. One name is the
 * sire; several are the studbook's MULT.
 */
export async function possibleSires(db: Tx, ev: Event): Promise<Sires> {
  const from = addDays(ev.eventDate, -30);
  const events = await db
    .select({
      sireIds: zooBreedEvent.sireIds,
      outside: zooBreedEvent.donorIdentityId,
      donor: zooBreedSemen.donorAnimalId,
      donorIdentity: zooBreedSemen.donorIdentityId,
    })
    .from(zooBreedEvent)
    .leftJoin(zooBreedSemen, eq(zooBreedSemen.id, zooBreedEvent.semenId))
    .where(
      and(
        eq(zooBreedEvent.femaleId, ev.femaleId),
        eq(zooBreedEvent.isDeleted, 0),
        gte(zooBreedEvent.eventDate, from),
        lte(zooBreedEvent.eventDate, ev.eventDate),
      ),
    );
  const local = new Set<string>();
  const outside = new Set<string>();
  for (const e of events) {
    for (const s of e.sireIds) local.add(s);
    if (e.donor) local.add(e.donor);
    if (e.outside) outside.add(e.outside);
    if (e.donorIdentity) outside.add(e.donorIdentity);
  }
  return { local: [...local], outside: [...outside] };
}

/** Whether the species is a bird: its taxonomy's class (rank 1) is Aves. */
export async function isBird(db: Tx, speciesId: string): Promise<boolean> {
  const rows = (await db.execute(sql`
    with recursive up (id, rank, parent_id, name_latin) as (
      select t.id, t.rank, t.parent_id, t.name_latin from zoo_species s join zoo_taxonomy t on t.id = s.taxonomy_id where s.id = ${speciesId}::bigint
      union all
      select t.id, t.rank, t.parent_id, t.name_latin from up join zoo_taxonomy t on t.id = up.parent_id where up.rank > 1)
    select exists (select 1 from up where rank = 1 and name_latin = 'Aves') as bird`)) as unknown as { rows: Array<{ bird: boolean }> };
  return rows.rows[0]?.bird ?? false;
}

/** The live litter a cub was born in; refused when the animal is not a cub of any litter. */
export async function litterOfCub(db: Tx, cubId: string) {
  const [litter] = await db
    .select()
    .from(zooBreedLitter)
    .where(and(eq(zooBreedLitter.isDeleted, 0), sql`${zooBreedLitter.cubs} @> ${JSON.stringify([{ id: cubId }])}::jsonb`))
    .limit(1);
  if (!litter) throw new BizError('该个体不是产仔记录中的幼仔');
  return litter;
}

/**
 * Sets cubs' sire from a litter's possible sires: the one (the zoo's male as an animal, an outside donor by his
 * studbook identity, as the animal record links a parent of another zoo), or the studbook's MULT with the candidates
 * by identity (a transferred male keeps his across zoos; an outside donor is his identity), so the kinship code sees
 * them.
 */
export async function setLitterSires(db: Tx, cubIds: string[], sires: Sires): Promise<void> {
  if (!cubIds.length) return;
  const { local, outside } = sires;
  if (local.length === 1 && !outside.length) {
    await db.update(zooAnimal).set({ sireId: local[0]!, sireIdentityId: null, sireMark: '', sireCandidates: null }).where(inArray(zooAnimal.id, cubIds));
    return;
  }
  if (!local.length && outside.length === 1) {
    await db.update(zooAnimal).set({ sireId: null, sireIdentityId: outside[0]!, sireMark: '', sireCandidates: null }).where(inArray(zooAnimal.id, cubIds));
    return;
  }
  const idents = local.length
    ? await db
        .select({ id: sql<string>`coalesce(${zooAnimal.identityId}, ${zooAnimal.id})::text` })
        .from(zooAnimal)
        .where(inArray(zooAnimal.id, local))
    : [];
  const all = [...new Set([...idents.map((i) => i.id), ...outside])];
  await db
    .update(zooAnimal)
    .set({
      sireId: null,
      sireIdentityId: null,
      sireMark: all.length ? 'MULT' : 'UNK',
      sireCandidates: all.length ? all.map((id) => ({ id })) : null,
    })
    .where(inArray(zooAnimal.id, cubIds));
}

const CONTRA_NAME: Record<number, string> = { 1: '去洛瑞林植入', 2: 'GnRH激动剂注射', 3: 'MGA植入', 4: '口服孕激素', 5: '隔离', 6: '其他方式' };
const CONTRA_NAME_EN: Record<number, string> = {
  1: 'Deslorelin implant',
  2: 'GnRH agonist injection',
  3: 'MGA implant',
  4: 'Oral progestin',
  5: 'Separation',
  6: 'Other method',
};
export const contraName = (m: number, lang: 'zh' | 'en' = 'zh') => (lang === 'en' ? (CONTRA_NAME_EN[m] ?? `Method ${m}`) : (CONTRA_NAME[m] ?? `方式${m}`));

/** Contraceptions in force on `day` for these animals: started, not reversed by then. */
export async function contraceptedOn(db: Tx, animalIds: string[], day: string) {
  if (!animalIds.length) return [];
  const c = zooBreedContra;
  return db
    .select({
      animalId: c.animalId,
      method: c.method,
      startDate: c.startDate,
      expectedEnd: c.expectedEnd,
      name: zooAnimal.animalName,
      localNo: zooAnimal.localNo,
    })
    .from(c)
    .innerJoin(zooAnimal, eq(zooAnimal.id, c.animalId))
    .where(and(inArray(c.animalId, animalIds), eq(c.isDeleted, 0), lte(c.startDate, day), or(isNull(c.reversalDate), gt(c.reversalDate, day))))
    .orderBy(asc(c.startDate));
}

/**
 * A breeding event with a contracepted female or sire is refused unless the curator confirms it (a GnRH implant's
 * duration varies between individuals, so the record may be behind the animal; the rule).
 */
export async function refuseContracepted(db: Tx, ids: string[], day: string, confirmed: boolean | undefined): Promise<void> {
  if (confirmed) return;
  const [hit] = await contraceptedOn(db, ids, day);
  if (hit)
    throw new BizError(
      `「${animalLabel(hit.name, hit.localNo)}」在配种日期处于避孕期(${contraName(hit.method)},${hit.startDate}起),如确认仍要配种请勾选"确认避孕状态"`,
    );
}
