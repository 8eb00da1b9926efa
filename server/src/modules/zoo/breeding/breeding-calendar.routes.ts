import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { breedingCubEndpoints, type CalendarItem } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { currentLanguage } from '../../../platform/i18n/request-language';
import { route } from '../../../platform/http/route';
import { animalLabel } from '../keeper/basic-log.service';
import { zooAnimal } from '../zoo.tables';
import { addDays, contraName } from './breeding-cubs.rules';
import { zooBreedContra, zooBreedLitter, zooBreedPregnancy } from './breeding-cubs.tables';
import { ANIMAL_MISSING } from './breeding.rules';
import { zooBreedEvent, zooBreedOestrus } from './breeding.tables';

/** The breeding calendar (a month of oestrus, breedings, expected births, births, contraception ends) and an animal's 繁殖 tab. */

/** The calendar's texts in the request's language (decision 0049: what the server makes follows Accept-Language). */
const TEXT = {
  zh: {
    oestrus: '发情',
    kind: { 1: '自然配对', 2: '人工授精' } as Record<number, string>,
    breeding: '配种',
    preg: { 1: '疑似妊娠', 2: '确认妊娠' } as Record<number, string>,
    expected: (from: string, to: string, status: string) => `预产期 ${from}~${to}(${status})`,
    birth: (cubs: number, stillborn: number) => `产仔 ${cubs} 只${stillborn ? `,死产 ${stillborn} 只` : ''}`,
    contraEnd: (method: string) => `${method}预计失效`,
  },
  en: {
    oestrus: 'Oestrus',
    kind: { 1: 'Natural mating', 2: 'Artificial insemination' } as Record<number, string>,
    breeding: 'Breeding',
    preg: { 1: 'suspected pregnancy', 2: 'confirmed pregnancy' } as Record<number, string>,
    expected: (from: string, to: string, status: string) => `Expected birth ${from}~${to} (${status})`,
    birth: (cubs: number, stillborn: number) => `${cubs} born${stillborn ? `, ${stillborn} stillborn` : ''}`,
    contraEnd: (method: string) => `${method} expected to end`,
  },
};

export function calendarRoutes(app: FastifyInstance): void {
  route(app, breedingCubEndpoints.calendar, async ({ db, query }) => {
    const from = `${query.month}-01`;
    const to = addDays(`${addDays(from, 31).slice(0, 7)}-01`, -1);
    const sp = (col: SQL | ReturnType<typeof sql>) => (query.speciesId ? sql`${col} = ${query.speciesId}` : undefined);
    const names = new Map<string, string>();
    const items: CalendarItem[] = [];
    const [obs, events, pregs, litters, contras] = await Promise.all([
      db
        .select({ animalId: zooBreedOestrus.animalId, day: zooBreedOestrus.obsDate, signs: zooBreedOestrus.signs, vulva: zooBreedOestrus.vulvaScore })
        .from(zooBreedOestrus)
        .where(
          and(eq(zooBreedOestrus.isDeleted, 0), gte(zooBreedOestrus.obsDate, from), lte(zooBreedOestrus.obsDate, to), sp(sql`${zooBreedOestrus.speciesId}`)),
        ),
      db
        .select({ animalId: zooBreedEvent.femaleId, day: zooBreedEvent.eventDate, kind: zooBreedEvent.kind })
        .from(zooBreedEvent)
        .where(and(eq(zooBreedEvent.isDeleted, 0), gte(zooBreedEvent.eventDate, from), lte(zooBreedEvent.eventDate, to), sp(sql`${zooBreedEvent.speciesId}`))),
      // The latest open diagnosis of each female whose window meets the month.
      db
        .selectDistinctOn([zooBreedPregnancy.femaleId], {
          animalId: zooBreedPregnancy.femaleId,
          status: zooBreedPregnancy.pregStatus,
          from: zooBreedPregnancy.expectedFrom,
          to: zooBreedPregnancy.expectedTo,
        })
        .from(zooBreedPregnancy)
        .where(and(eq(zooBreedPregnancy.isDeleted, 0), isNotNull(zooBreedPregnancy.expectedFrom), sp(sql`${zooBreedPregnancy.speciesId}`)))
        .orderBy(zooBreedPregnancy.femaleId, sql`${zooBreedPregnancy.checkDate} desc`, sql`${zooBreedPregnancy.id} desc`),
      db
        .select({ animalId: zooBreedLitter.damId, day: zooBreedLitter.birthDate, cubs: zooBreedLitter.cubs, stillborn: zooBreedLitter.stillborn })
        .from(zooBreedLitter)
        .where(
          and(eq(zooBreedLitter.isDeleted, 0), gte(zooBreedLitter.birthDate, from), lte(zooBreedLitter.birthDate, to), sp(sql`${zooBreedLitter.speciesId}`)),
        ),
      db
        .select({ animalId: zooBreedContra.animalId, day: zooBreedContra.expectedEnd, method: zooBreedContra.method })
        .from(zooBreedContra)
        .where(
          and(
            eq(zooBreedContra.isDeleted, 0),
            gte(zooBreedContra.expectedEnd, from),
            lte(zooBreedContra.expectedEnd, to),
            sql`${zooBreedContra.reversalDate} is null`,
            sp(sql`${zooBreedContra.speciesId}`),
          ),
        ),
    ]);
    const ids = [...new Set([...obs, ...events, ...pregs, ...litters, ...contras].map((r) => r.animalId))];
    if (ids.length)
      for (const a of await db.select({ id: zooAnimal.id, n: zooAnimal.animalName, no: zooAnimal.localNo }).from(zooAnimal).where(inArray(zooAnimal.id, ids)))
        names.set(a.id, animalLabel(a.n, a.no));
    const push = (date: string, until: string, kind: CalendarItem['kind'], animalId: string, text: string) =>
      items.push({ date, until, kind, animalId, animalName: names.get(animalId) ?? '', text });
    const lang = currentLanguage();
    const words = TEXT[lang];
    for (const o of obs) if (o.signs.length || (o.vulva ?? 0) >= 2) push(o.day, o.day, 'oestrus', o.animalId, words.oestrus);
    for (const e of events) push(e.day, e.day, 'breeding', e.animalId, words.kind[e.kind] ?? words.breeding);
    for (const p of pregs)
      if ((p.status === 1 || p.status === 2) && p.from && p.to && p.from <= to && p.to >= from)
        push(p.from < from ? from : p.from, p.to > to ? to : p.to, 'expected', p.animalId, words.expected(p.from, p.to, words.preg[p.status]!));
    for (const l of litters) push(l.day, l.day, 'birth', l.animalId, words.birth(l.cubs.length, l.stillborn ?? 0));
    for (const c of contras) push(c.day!, c.day!, 'contraEnd', c.animalId, words.contraEnd(contraName(c.method, lang)));
    items.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind));
    return { month: query.month, items };
  });

  route(app, breedingCubEndpoints.animal, async ({ db, query }) => {
    const id = query.animalId;
    const [a] = await db
      .select()
      .from(zooAnimal)
      .where(and(eq(zooAnimal.id, id), eq(zooAnimal.isDeleted, 0)));
    if (!a) throw new BizError(ANIMAL_MISSING);
    const [obs, events, pregs, litters, offspring, contras] = await Promise.all([
      db
        .select()
        .from(zooBreedOestrus)
        .where(and(eq(zooBreedOestrus.animalId, id), eq(zooBreedOestrus.isDeleted, 0)))
        .orderBy(asc(zooBreedOestrus.obsDate)),
      db
        .select()
        .from(zooBreedEvent)
        .where(and(eq(zooBreedEvent.isDeleted, 0), or(eq(zooBreedEvent.femaleId, id), sql`${zooBreedEvent.sireIds} @> ${JSON.stringify([id])}::jsonb`)))
        .orderBy(asc(zooBreedEvent.eventDate)),
      db
        .select()
        .from(zooBreedPregnancy)
        .where(and(eq(zooBreedPregnancy.femaleId, id), eq(zooBreedPregnancy.isDeleted, 0)))
        .orderBy(asc(zooBreedPregnancy.checkDate)),
      db
        .select()
        .from(zooBreedLitter)
        .where(and(eq(zooBreedLitter.damId, id), eq(zooBreedLitter.isDeleted, 0)))
        .orderBy(asc(zooBreedLitter.birthDate)),
      db
        .select()
        .from(zooAnimal)
        // A MULT cub counts among a candidate sire's offspring (by his identity).
        .where(
          and(
            eq(zooAnimal.isDeleted, 0),
            or(eq(zooAnimal.sireId, id), eq(zooAnimal.damId, id), sql`${zooAnimal.sireCandidates} @> ${JSON.stringify([{ id: a.identityId ?? a.id }])}::jsonb`),
          ),
        )
        .orderBy(asc(zooAnimal.birthDate)),
      db
        .select()
        .from(zooBreedContra)
        .where(and(eq(zooBreedContra.animalId, id), eq(zooBreedContra.isDeleted, 0)))
        .orderBy(asc(zooBreedContra.startDate)),
    ]);
    const partnerIds = [...new Set(events.flatMap((e) => (e.femaleId === id ? e.sireIds : [e.femaleId])))];
    const partners = new Map<string, string>();
    if (partnerIds.length)
      for (const p of await db
        .select({ id: zooAnimal.id, n: zooAnimal.animalName, no: zooAnimal.localNo })
        .from(zooAnimal)
        .where(inArray(zooAnimal.id, partnerIds)))
        partners.set(p.id, animalLabel(p.n, p.no));
    return {
      oestrus: obs.map((o) => ({ obsDate: o.obsDate, signs: o.signs, vulvaScore: o.vulvaScore ?? ('' as const), oestrogen: o.oestrogen ?? ('' as const) })),
      events: events.map((e) => ({
        id: e.id,
        kind: e.kind,
        eventDate: e.eventDate,
        partner: (e.femaleId === id ? e.sireIds : [e.femaleId]).map((x) => partners.get(x) ?? '').join('、'),
      })),
      pregnancies: pregs.map((p) => ({
        id: p.id,
        checkDate: p.checkDate,
        method: p.method,
        status: p.pregStatus,
        expectedFrom: p.expectedFrom ?? '',
        expectedTo: p.expectedTo ?? '',
      })),
      litters: litters.map((l) => ({ id: l.id, birthDate: l.birthDate, liveBorn: l.cubs.length, stillborn: l.stillborn, rearing: l.rearing })),
      offspring: offspring.map((o) => ({ id: o.id, localNo: o.localNo, animalName: o.animalName, sex: o.sex, birthDate: o.birthDate ?? '', status: o.status })),
      contraception: contras.map((c) => ({
        id: c.id,
        method: c.method,
        startDate: c.startDate,
        expectedEnd: c.expectedEnd ?? '',
        reversalDate: c.reversalDate ?? '',
      })),
    };
  });
}
