import { and, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { zooAnimal } from '../zoo.tables';

type AnimalRow = typeof zooAnimal.$inferSelect;
const a = zooAnimal;

/** Whether `candidate` descends from `ancestor` (UNION stops on loops already in the data). */
export async function isDescendant(db: Tx, ancestor: string, candidate: string): Promise<boolean> {
  const res = (await db.execute(sql`
    with recursive d(id) as (
      select id from zoo_animal where (sire_id = ${ancestor} or dam_id = ${ancestor}) and is_deleted = 0
      union
      select c.id from zoo_animal c join d on c.sire_id = d.id or c.dam_id = d.id where c.is_deleted = 0
    )
    select 1 as hit from d where id = ${candidate} limit 1`)) as unknown as { rows: unknown[] };
  return res.rows.length > 0;
}

interface Parent {
  role: '父本' | '母本';
  sex: 1 | 2;
}
const SIRE: Parent = { role: '父本', sex: 1 };
const DAM: Parent = { role: '母本', sex: 2 };

const day = (d: string | null | undefined) => (d ? d.slice(0, 10) : '');

/** A parent must be born strictly before its offspring when both dates are known (decision 0037). */
function checkBorn(p: Parent, label: string, parentBirth: string | null, childBirth: string | null | undefined): void {
  if (day(parentBirth) && day(childBirth) && day(parentBirth) >= day(childBirth))
    throw new BizError(`${p.role}「${label}」出生日期 ${day(parentBirth)} 不早于该个体的出生日期 ${day(childBirth)},不能作为其${p.role}`);
}

type Child = { id?: string; identityId?: string; speciesId: string; birthDate?: string | null };

async function checkParent(db: Tx, p: Parent, parentId: string, child: Child): Promise<void> {
  if (child.id && parentId === child.id) throw new BizError(`${p.role}不能是个体自身`);
  const [parent] = await db
    .select()
    .from(a)
    .where(and(eq(a.id, parentId), eq(a.isDeleted, 0)));
  if (!parent) throw new BizError(`${p.role}个体不存在`);
  if (parent.sex !== p.sex) throw new BizError(`${p.role}必须是${p.sex === 1 ? '雄性' : '雌性'}个体,「${parent.localNo}」的性别不符`);
  if (parent.speciesId !== child.speciesId) throw new BizError(`${p.role}必须与个体属于同一物种`);
  checkBorn(p, parent.localNo, parent.birthDate, child.birthDate);
  if (child.id && (await isDescendant(db, child.id, parentId)))
    throw new BizError(`${p.role}「${parent.localNo}」是该个体的后代,不能设为其${p.role}(系谱不能成环)`);
  if (child.identityId && (await identityDescends(db, child.speciesId, child.identityId, parent.identityId ?? parent.id)))
    throw new BizError(`${p.role}「${parent.localNo}」是该个体的后代,不能设为其${p.role}(系谱不能成环)`);
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function identityDescends(db: Tx, speciesId: string, ancestor: string, candidate: string): Promise<boolean> {
  const r = rows<{ hit: boolean }>(await db.execute(sql`select zoo_identity_descends(${speciesId}::bigint, ${ancestor}::bigint, ${candidate}::bigint) as hit`));
  return r[0]?.hit === true;
}

/**
 * A parent held by another zoo (or any zoo), by identity: its pedigree facts come through zoo_identity_facts(),
 * the narrow cross-zoo read (migration 0029): species, sex, birth date only.
 */
async function checkIdentityParent(db: Tx, p: Parent, identity: string, child: Child, what: string = p.role): Promise<void> {
  if (child.identityId && identity === child.identityId) throw new BizError(`${what}不能是个体自身`);
  const [fact] = rows<{ species_id: string; sex: number; birth_date: string | null }>(
    await db.execute(
      sql`select species_id::text, sex, to_char(birth_date, 'YYYY-MM-DD HH24:MI:SS') as birth_date from zoo_identity_facts(${identity}::bigint)`,
    ),
  );
  if (!fact) throw new BizError(`${what}个体(谱系身份 ${identity})不存在`);
  if (String(fact.species_id) !== child.speciesId) throw new BizError(`${what}(谱系身份 ${identity})必须与个体属于同一物种`);
  if (Number(fact.sex) !== p.sex) throw new BizError(`${what}(谱系身份 ${identity})必须是${p.sex === 1 ? '雄性' : '雌性'}个体`);
  checkBorn(p, `谱系身份 ${identity}`, fact.birth_date, child.birthDate);
  if (child.identityId && (await identityDescends(db, child.speciesId, child.identityId, identity)))
    throw new BizError(`${what}(谱系身份 ${identity})是该个体的后代,不能设为其${p.role}(系谱不能成环)`);
}

interface ParentValues {
  speciesId: string;
  sex: number;
  birthDate?: string | null;
  sireId?: string | null;
  damId?: string | null;
  sireIdentityId?: string | null;
  damIdentityId?: string | null;
  sireCandidates?: Array<{ id: string }> | null;
  damCandidates?: Array<{ id: string }> | null;
}

/**
 * Pedigree rules (domain.md §3.2, §3.5, decision 0037): a sire is a male and a dam a female of the same species,
 * born before the offspring, never the animal itself or one of its descendants — whether a record of this zoo, an
 * animal of another zoo by identity, or each MULT candidate; an animal already recorded as a parent keeps its sex
 * and species, and is not born after its offspring.
 */
export async function checkPedigree(db: Tx, v: ParentValues, existing?: AnimalRow): Promise<void> {
  const child: Child = {
    id: existing?.id,
    identityId: existing ? (existing.identityId ?? existing.id) : undefined,
    speciesId: v.speciesId,
    birthDate: v.birthDate,
  };
  for (const [p, id, identity, candidates] of [
    [SIRE, v.sireId, v.sireIdentityId, v.sireCandidates],
    [DAM, v.damId, v.damIdentityId, v.damCandidates],
  ] as const) {
    if (id) await checkParent(db, p, id, child);
    if (identity) await checkIdentityParent(db, p, identity, child);
    for (const c of candidates ?? []) await checkIdentityParent(db, p, c.id, child, `${p.role}候选`);
  }
  if (!existing) return;
  const [offspring] = await db
    .select({ sireId: a.sireId, damId: a.damId, localNo: a.localNo })
    .from(a)
    .where(and(eq(a.isDeleted, 0), or(eq(a.sireId, existing.id), eq(a.damId, existing.id))))
    .limit(1);
  if (!offspring) return;
  if (v.speciesId !== existing.speciesId) throw new BizError('该个体已登记有后代,不能修改物种');
  const asSire = offspring.sireId === existing.id;
  if (v.sex !== (asSire ? 1 : 2)) throw new BizError(`该个体已登记为「${offspring.localNo}」的${asSire ? '父本,性别只能为雄性' : '母本,性别只能为雌性'}`);
  if (v.birthDate) {
    const [younger] = await db
      .select({ localNo: a.localNo, birthDate: a.birthDate })
      .from(a)
      .where(and(eq(a.isDeleted, 0), or(eq(a.sireId, existing.id), eq(a.damId, existing.id)), sql`${a.birthDate} <= ${day(v.birthDate)}::date`))
      .limit(1);
    if (younger) throw new BizError(`该个体是「${younger.localNo}」的亲本,出生日期不能晚于或等于其后代的出生日期 ${day(younger.birthDate)}`);
  }
}
