import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BasicLogRecord, DietItem } from '@zoo/contract';
import type { DbLike, Tx } from '../../../db/client';
import { batchLoader } from '../../../platform/resource/batch-loader';
import { BizError } from '../../../platform/http/errors';
import { animalOf, cageOf, speciesOf, userOf, type LookupCtx } from '../shared/lookups';
import { zooAnimal, zooPopulation } from '../zoo.tables';
import { zooBasicLog } from './keeper.tables';

type Row = typeof zooBasicLog.$inferSelect;

/** What a log is about: an individual (1) or a population (2), with where it lives now. */
export interface Subject {
  animalType: 1 | 2;
  id: string;
  name: string;
  speciesId: string;
  cageId: string | null;
}

export const SUBJECT_MISSING = '所选动物或种群不存在';

/** Ids are unique across individuals and populations (one id sequence), so one id names one subject. */
export async function subjectOf(db: Tx, id: string, live = true): Promise<Subject | undefined> {
  const [a] = await db
    .select({ id: zooAnimal.id, name: zooAnimal.animalName, localNo: zooAnimal.localNo, speciesId: zooAnimal.speciesId, cageId: zooAnimal.cageId })
    .from(zooAnimal)
    .where(and(eq(zooAnimal.id, id), live ? eq(zooAnimal.isDeleted, 0) : undefined));
  if (a) return { animalType: 1, id: a.id, name: animalLabel(a.name, a.localNo), speciesId: a.speciesId, cageId: a.cageId };
  const [p] = await db
    .select({ id: zooPopulation.id, name: zooPopulation.populationName, speciesId: zooPopulation.speciesId, cageId: zooPopulation.cageId })
    .from(zooPopulation)
    .where(and(eq(zooPopulation.id, id), live ? eq(zooPopulation.isDeleted, 0) : undefined));
  if (p) return { animalType: 2, id: p.id, name: p.name, speciesId: p.speciesId, cageId: p.cageId };
  return undefined;
}

export const animalLabel = (name: string, localNo: string) => (name ? `${name} (${localNo})` : localNo);

const populationOf = (c: LookupCtx) =>
  batchLoader(c.req, 'zoo.populationName', async (ids) => {
    const rows = await c.db.select({ id: zooPopulation.id, name: zooPopulation.populationName }).from(zooPopulation).where(inArray(zooPopulation.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  });

/** The diet as the wire shows it: a missing amount or unit is "". */
export const dietOut = (d: DietItem[] | null) => (d ?? []).map((i) => ({ food: i.food, amount: i.amount ?? '', unit: i.unit ?? '', intake: i.intake }));

export async function toLogRecord(row: Row, ctx: LookupCtx): Promise<BasicLogRecord> {
  const [animal, popName, species, cage, keeper] = await Promise.all([
    row.animalType === 1 ? animalOf(ctx)(row.animalId) : undefined,
    row.animalType === 2 ? populationOf(ctx)(row.animalId) : undefined,
    speciesOf(ctx)(row.speciesId),
    cageOf(ctx)(row.cageId),
    userOf(ctx)(row.keeperId),
  ]);
  return {
    ...row,
    keeperId: row.keeperId ?? '',
    cageId: row.cageId ?? '',
    createUser: row.createUser ?? '',
    createDept: row.createDept ?? '',
    updateUser: row.updateUser ?? '',
    animalName: animal ? animalLabel(animal.animalName, animal.localNo) : (popName ?? ''),
    speciesName: species?.speciesName ?? '',
    cageName: cage?.cageName ?? '',
    keeperName: keeper ? keeper.realName || keeper.account : '',
    diet: dietOut(row.diet),
  } as BasicLogRecord;
}

/** The worst intake of the diet items (refused > partly > eaten), or the given overall value when none. */
export const overallIntake = (diet: Array<{ intake: number }>, given: number) => (diet.length ? Math.max(...diet.map((d) => d.intake)) : given);

/** Rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
export const rows = async <T>(db: DbLike, q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** Today in the database session's time zone (the zoo's day, not the server process's). */
export async function today(db: Tx): Promise<string> {
  return (await rows<{ d: string }>(db, sql`select to_char(current_date, 'YYYY-MM-DD') as d`))[0]!.d;
}

export async function nowHm(db: Tx): Promise<string> {
  return (await rows<{ t: string }>(db, sql`select to_char(localtimestamp, 'HH24:MI') as t`))[0]!.t;
}

export function refuseFuture(day: string, todayStr: string): void {
  if (day > todayStr) throw new BizError('日志日期不能晚于今天');
}
