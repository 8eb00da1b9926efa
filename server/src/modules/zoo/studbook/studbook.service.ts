import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { analyse, compilePedigree, PedigreeError, type Genetics, type ParentInput, type PedigreeAnimal } from './kinship';

/**
 * A species' studbook for one request (decision 0037): the pedigree facts through zoo_pedigree_facts() — the one
 * cross-zoo read, which decides what the caller may see of other zoos' animals — and the genetics computed from
 * them. The computation depends only on the pedigree's structure, so it is kept per species and reused while the
 * structure (a fingerprint of ids, parents, sex, birth and alive) is unchanged; nothing the caller may not see is
 * kept with it.
 */

export interface Fact {
  identity: string;
  own: boolean;
  recordId: string;
  localNo: string;
  animalName: string;
  sex: number;
  birth: string | null;
  alive: boolean;
  sire: ParentInput;
  dam: ParentInput;
  holderName: string;
  studbookNo: string;
}

interface FactRow {
  identity_id: string;
  own: boolean;
  record_id: string | null;
  local_no: string | null;
  animal_name: string | null;
  sex: number;
  birth_date: string | null;
  alive: boolean;
  sire_identity: string | null;
  sire_mark: string;
  sire_candidates: Array<{ id: string; w?: number }> | null;
  dam_identity: string | null;
  dam_mark: string;
  dam_candidates: Array<{ id: string; w?: number }> | null;
  holder_name: string;
  studbook_no: string;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

const parent = (identity: string | null, mark: string, candidates: FactRow['sire_candidates']): ParentInput => {
  if (identity) return { kind: 'animal', id: String(identity) };
  if (mark === 'MULT' && candidates?.length) return { kind: 'mult', candidates: candidates.map((c) => ({ id: String(c.id), w: c.w })) };
  return mark === 'WILD' ? { kind: 'wild' } : { kind: 'unk' };
};

export async function assertSpecies(db: Tx, speciesId: string): Promise<void> {
  const r = rowsOf<{ ok: number }>(await db.execute(sql`select 1 as ok from zoo_species where id = ${speciesId}::bigint and is_deleted = 0`));
  if (!r.length) throw new BizError('物种不存在');
}

export async function loadFacts(db: Tx, speciesId: string): Promise<{ facts: Fact[]; reader: boolean }> {
  const res = await db.execute(sql`select identity_id::text, own, record_id::text, local_no, animal_name, sex,
      to_char(birth_date, 'YYYY-MM-DD HH24:MI:SS') as birth_date, alive, sire_identity::text, sire_mark, sire_candidates,
      dam_identity::text, dam_mark, dam_candidates, holder_name, studbook_no, zoo_studbook_reader(${speciesId}::bigint) as reader
    from zoo_pedigree_facts(${speciesId}::bigint)`);
  const rows = rowsOf<FactRow & { reader: boolean }>(res);
  let reader = rows[0]?.reader;
  if (reader === undefined) reader = rowsOf<{ r: boolean }>(await db.execute(sql`select zoo_studbook_reader(${speciesId}::bigint) as r`))[0]?.r ?? false;
  return {
    reader: Boolean(reader),
    facts: rows.map((r) => ({
      identity: String(r.identity_id),
      own: r.own,
      recordId: r.record_id ?? '',
      localNo: r.local_no ?? '',
      animalName: r.animal_name ?? '',
      sex: Number(r.sex),
      birth: r.birth_date,
      alive: r.alive,
      sire: parent(r.sire_identity, r.sire_mark, r.sire_candidates),
      dam: parent(r.dam_identity, r.dam_mark, r.dam_candidates),
      holderName: r.holder_name ?? '',
      studbookNo: r.studbook_no ?? '',
    })),
  };
}

/** Parents outside the species' facts (a deleted record) count as unknown, as PMx treats a missing parent. */
function pedigreeOf(facts: Fact[]): PedigreeAnimal[] {
  const known = new Set(facts.map((f) => f.identity));
  const keep = (p: ParentInput): ParentInput => {
    if (p.kind === 'animal') return known.has(p.id) ? p : { kind: 'unk' };
    if (p.kind !== 'mult') return p;
    const c = p.candidates.filter((x) => known.has(x.id));
    return c.length ? { kind: 'mult', candidates: c } : { kind: 'unk' };
  };
  return facts.map((f) => ({ id: f.identity, sex: f.sex, birth: f.birth, alive: f.alive, sire: keep(f.sire), dam: keep(f.dam) }));
}

function fingerprint(p: PedigreeAnimal[]): string {
  const h = createHash('sha1');
  for (const a of p) h.update(`${a.id}|${a.sex}|${a.birth ?? ''}|${a.alive ? 1 : 0}|${JSON.stringify(a.sire)}|${JSON.stringify(a.dam)}\n`);
  return h.digest('hex');
}

const kept = new Map<string, { print: string; gen: Genetics }>();
const KEEP = 16;

/** The genetics of a species, recomputed only when its pedigree's structure changed. */
export function geneticsOf(speciesId: string, facts: Fact[]): Genetics {
  const ped = pedigreeOf(facts);
  const print = fingerprint(ped);
  const hit = kept.get(speciesId);
  if (hit && hit.print === print) {
    kept.delete(speciesId);
    kept.set(speciesId, hit);
    return hit.gen;
  }
  let gen: Genetics;
  try {
    gen = analyse(compilePedigree(ped));
  } catch (e) {
    if (e instanceof PedigreeError) throw new BizError(`谱系数据有误,无法计算:${e.message}`);
    throw e;
  }
  kept.delete(speciesId);
  kept.set(speciesId, { print, gen });
  if (kept.size > KEEP) kept.delete(kept.keys().next().value!);
  return gen;
}

export interface Studbook {
  speciesId: string;
  facts: Fact[];
  byIdentity: Map<string, Fact>;
  byRecord: Map<string, Fact>;
  reader: boolean;
  gen: Genetics;
}

export async function openStudbook(db: Tx, speciesId: string): Promise<Studbook> {
  await assertSpecies(db, speciesId);
  const { facts, reader } = await loadFacts(db, speciesId);
  const gen = geneticsOf(speciesId, facts);
  const byIdentity = new Map(facts.map((f) => [f.identity, f]));
  const byRecord = new Map(facts.filter((f) => f.recordId).map((f) => [f.recordId, f]));
  return { speciesId, facts, byIdentity, byRecord, reader, gen };
}

/** Whether the caller may see this animal's row and figures: readers see all, others their own animals. */
export const visible = (sb: Studbook, f: Fact) => sb.reader || f.own;

/** An animal of the studbook by identity or by the caller's record id; 400 when not of this species' studbook. */
export function animalOf(sb: Studbook, id: string, what = '个体'): Fact {
  const f = sb.byIdentity.get(id) ?? sb.byRecord.get(id);
  if (!f) throw new BizError(`${what}不在该物种的谱系中(个体不存在或不是该物种)`);
  if (!visible(sb, f)) throw new BizError(`${what}由其他动物园持有,只有谱系管理员可以查看`);
  return f;
}

export function labelOf(sb: Studbook, f: Fact): string {
  if (f.own && f.localNo) return f.animalName ? `${f.localNo} ${f.animalName}` : f.localNo;
  if (visible(sb, f)) {
    const no = f.studbookNo ? `#${f.studbookNo}` : `ID ${f.identity.slice(-6)}`;
    return f.holderName ? `${no} (${f.holderName})` : no;
  }
  return `他园个体 ${f.identity.slice(-4)}`;
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;
export { round };

/** Age in years at today, or null when the birth date is unknown. */
export function ageYears(birth: string | null): number | null {
  if (!birth) return null;
  const b = Date.parse(`${birth.slice(0, 10)}T00:00:00Z`);
  return (Date.now() - b) / (365.25 * 86400_000);
}
