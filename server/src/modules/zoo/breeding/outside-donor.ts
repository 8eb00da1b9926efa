import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';

/**
 * Outside donors (decision 0042): a male held by another zoo enters a breeding through his studbook identity — the
 * donor of a semen sample or of an insemination. Other zoos' records are not readable (row-level security), so his
 * facts come through the narrow cross-zoo functions: zoo_identity_facts() (species, sex) for the checks and
 * zoo_donor_cards() (studbook number, name, holding zoo) for what the screens show.
 */

export interface DonorCard {
  identityId: string;
  studbookNo: string;
  animalName: string;
  holderName: string;
  own: boolean;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
type CardRow = { identity_id: string; studbook_no: string; animal_name: string; holder_name: string; own: boolean };
const card = (r: CardRow): DonorCard => ({
  identityId: String(r.identity_id),
  studbookNo: r.studbook_no,
  animalName: r.animal_name ?? '',
  holderName: r.holder_name,
  own: r.own,
});

/** The studbook-registered males of a species held by other zoos (the donor picker). */
export async function donorsOf(db: Tx, speciesId: string): Promise<DonorCard[]> {
  const res = await db.execute(sql`select identity_id::text, studbook_no, animal_name, holder_name, own from zoo_donor_cards(${speciesId}::bigint, null)`);
  return rowsOf<CardRow>(res)
    .map(card)
    .filter((c) => !c.own);
}

/** The cards of these identities, by identity. */
export async function donorCards(db: Tx, ids: string[]): Promise<Map<string, DonorCard>> {
  if (!ids.length) return new Map();
  const res = await db.execute(
    sql`select identity_id::text, studbook_no, animal_name, holder_name, own from zoo_donor_cards(null, ${`{${ids.join(',')}}`}::bigint[])`,
  );
  return new Map(rowsOf<CardRow>(res).map((r) => [String(r.identity_id), card(r)]));
}

/** How an outside donor reads: studbook number, name, holding zoo. */
export const donorLabel = (c: DonorCard | undefined, id: string) =>
  c ? `${c.studbookNo} ${c.animalName}${c.holderName ? `(${c.holderName})` : ''}`.trim() : `谱系身份 ${id}`;

/**
 * An outside donor must exist, be a male of the female's (or sample's) species, be registered in that species'
 * studbook and be held by another zoo (the zoo's own male is named as an animal, so a cub's sire is his record).
 */
export async function checkOutsideDonor(db: Tx, identityId: string, speciesId: string, otherSpecies = '父本(供体)与雌性不是同一物种'): Promise<DonorCard> {
  const [fact] = rowsOf<{ species_id: string; sex: number }>(
    await db.execute(sql`select species_id::text, sex from zoo_identity_facts(${identityId}::bigint)`),
  );
  if (!fact) throw new BizError(`他园供体(谱系身份 ${identityId})不存在`);
  if (String(fact.species_id) !== speciesId) throw new BizError(otherSpecies);
  if (Number(fact.sex) !== 1) throw new BizError('父本(供体)必须是雄性个体');
  const c = (await donorCards(db, [identityId])).get(identityId);
  if (!c) throw new BizError(`他园供体(谱系身份 ${identityId})未在该物种的谱系中登记谱系号`);
  if (c.own) throw new BizError('该供体是本园个体,请直接选择本园个体');
  return c;
}
