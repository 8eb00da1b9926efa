import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { refuseDuplicate } from '../../../platform/resource/guards';
import { zooAnimal, zooAnimalFlag, zooPopulation } from '../zoo.tables';
import {
  animalLabel,
  append,
  appendAnimalIn,
  lockAnimal,
  mfuOf,
  particulars,
  pendingOf,
  plus,
  quantities,
  refusePendingAnimal,
  sexVector,
  STATUS_IN,
  STATUS_TRANSFERRED,
  type Mfu,
  type Particulars,
} from '../stocklog/ledger';
import { populationIn, refuseOverdraw } from '../stocklog/ledger-population';
import { refuseTransferInQuarantine, startQuarantineOnArrival } from '../vet/quarantine.service';
import { zooTransferLog } from './transfer.tables';

/**
 * The stock side of inter-zoo transfers: what a proposal holds back at the sender, what a withdrawal or refusal
 * releases, and the two halves of an acceptance — the sender's export and the receiver's import — which the
 * confirm handler runs in its one transaction (the sender's half as the sender's tenant).
 */

type Transfer = typeof zooTransferLog.$inferSelect;
type AnimalRow = typeof zooAnimal.$inferSelect;
const a = zooAnimal;
const p = zooPopulation;
const f = zooAnimalFlag;

export const qOf = (t: Pick<Transfer, 'maleQuantity' | 'femaleQuantity' | 'theyQuantity'>): Mfu => [t.maleQuantity, t.femaleQuantity, t.theyQuantity];
/** dict export_type / import_type 7: a transfer between zoos of the platform. */
const TRANSFER_TYPE_KEY = '7';

/** Proposal of an individual: it must be in stock and not already promised; its row stays locked to commit. */
export async function holdAnimal(db: Tx, speciesId: string, animalId: string): Promise<AnimalRow> {
  const animal = await lockAnimal(db, animalId);
  if (animal.speciesId !== speciesId) throw new BizError(`个体「${animalLabel(animal)}」不是所选物种`);
  if (animal.status !== STATUS_IN) throw new BizError(`个体「${animalLabel(animal)}」不在养,不能转移`);
  await refusePendingAnimal(db, animal, '再次转移');
  await refuseTransferInQuarantine(db, animal.id, animalLabel(animal));
  return animal;
}

/** Proposal of population heads: promised heads are held back (pending_*) so no other movement can take them. */
export async function holdHeads(db: Tx, speciesId: string, cageId: string, cageCode: string, q: Mfu): Promise<string> {
  const [pop] = await db
    .select()
    .from(p)
    .where(and(eq(p.speciesId, speciesId), eq(p.cageId, cageId), eq(p.isDeleted, 0)))
    .for('update');
  if (!pop) throw new BizError(`笼舍「${cageCode}」没有该物种的种群存栏`);
  refuseOverdraw(mfuOf(pop), q, cageCode, pendingOf(pop));
  await db
    .update(p)
    .set({ pendingMale: pop.pendingMale + q[0], pendingFemale: pop.pendingFemale + q[1], pendingThey: pop.pendingThey + q[2] })
    .where(eq(p.id, pop.id));
  return pop.id;
}

/** Withdrawal or refusal: the held heads become free again (individuals hold nothing but the pending row). */
export async function releaseHeads(db: Tx, t: Transfer): Promise<void> {
  if (t.animalType !== 2 || !t.populationId) return;
  const q = qOf(t);
  await db.execute(sql`update zoo_population set pending_male = pending_male - ${q[0]}::int, pending_female = pending_female - ${q[1]}::int,
    pending_they = pending_they - ${q[2]}::int where id = ${t.populationId}::bigint`);
}

/** What the sender's record tells the receiver's new one: the identity, numbers, flags (with history), pedigree, photos. */
export interface Travelling {
  animal: AnimalRow;
  identityId: string;
  flags: Array<typeof zooAnimalFlag.$inferSelect>;
  sire?: { identityId: string; localNo: string };
  dam?: { identityId: string; localNo: string };
}

const identityOf = (r: Pick<AnimalRow, 'id' | 'identityId'>) => r.identityId ?? r.id;

/** The sender's half (run as the sender's tenant): export row, held heads taken, or the individual marked 已转出. */
export async function exportSide(db: Tx, t: Transfer, x: Particulars): Promise<{ logId: string; travelling?: Travelling }> {
  const px: Particulars = { ...x, typeKey: TRANSFER_TYPE_KEY, counterpart: t.toZooName, transferId: t.id };
  if (t.animalType === 1) {
    const animal = await lockAnimal(db, t.animalId!);
    if (animal.status !== STATUS_IN) throw new BizError(`个体「${animalLabel(animal)}」已不在养,不能接收`);
    const identityId = identityOf(animal);
    await db.update(a).set({ status: STATUS_TRANSFERRED, identityId }).where(eq(a.id, animal.id));
    const v = sexVector(animal.sex);
    const logId = await append(db, {
      movementType: 'export',
      animalType: 1,
      speciesId: t.speciesId,
      animalId: animal.id,
      fromCageId: animal.cageId,
      ...quantities(v),
      fromBefore: v,
      fromAfter: [0, 0, 0],
      statusBefore: STATUS_IN,
      statusAfter: STATUS_TRANSFERRED,
      ...particulars(px),
    });
    const flags = await db
      .select()
      .from(f)
      .where(and(eq(f.animalId, animal.id), eq(f.isDeleted, 0)))
      .orderBy(asc(f.type), asc(f.version));
    const parents = await db
      .select({ id: a.id, identityId: a.identityId, localNo: a.localNo })
      .from(a)
      .where(or(eq(a.id, animal.sireId ?? '0'), eq(a.id, animal.damId ?? '0')));
    const parent = (id: string | null) => {
      const r = parents.find((x) => x.id === id);
      return r ? { identityId: identityOf(r), localNo: r.localNo } : undefined;
    };
    return { logId, travelling: { animal: { ...animal, identityId }, identityId, flags, sire: parent(animal.sireId), dam: parent(animal.damId) } };
  }
  const q = qOf(t);
  // Held heads leave: counts and the hold drop together; the check constraint keeps pending <= stock.
  const res = (await db.execute(sql`update zoo_population set male_quantity = male_quantity - ${q[0]}::int, female_quantity = female_quantity - ${q[1]}::int,
      they_quantity = they_quantity - ${q[2]}::int, pending_male = pending_male - ${q[0]}::int, pending_female = pending_female - ${q[1]}::int,
      pending_they = pending_they - ${q[2]}::int
    where id = ${t.populationId}::bigint and is_deleted = 0
    returning male_quantity as m, female_quantity as f, they_quantity as u`)) as unknown as { rows: Array<{ m: number; f: number; u: number }> };
  const row = res.rows[0];
  if (!row) throw new BizError('转出方的种群已不存在,不能接收');
  const fromAfter: Mfu = [Number(row.m), Number(row.f), Number(row.u)];
  const logId = await append(db, {
    movementType: 'export',
    animalType: 2,
    speciesId: t.speciesId,
    populationId: t.populationId,
    fromCageId: t.cageId,
    ...quantities(q),
    fromBefore: plus(fromAfter, q),
    fromAfter,
    ...particulars(px),
  });
  return { logId };
}

/** The receiver's half: import row, heads into the chosen cage, or a new record of the same animal identity. */
export async function importSide(
  db: Tx,
  t: Transfer,
  toCageId: string,
  x: Particulars,
  travelling?: Travelling,
  localNo?: string | null,
): Promise<{ logId: string; animalId?: string }> {
  const px: Particulars = { ...x, typeKey: TRANSFER_TYPE_KEY, counterpart: t.fromZooName, transferId: t.id };
  if (t.animalType === 2) return { logId: await populationIn(db, 'import', t.speciesId, toCageId, qOf(t), px) };
  const src = travelling!.animal;
  const no = localNo || src.localNo;
  await refuseDuplicate(db, a, eq(a.localNo, no), undefined, `本园编号「${no}」已被本园其他个体使用,请填写新的本园编号`);
  // Parents are linked when this zoo holds a record of the same identity; otherwise the record keeps the parent's
  // identity (`*_identity_id`), so the pedigree is the same read from either zoo (decision 0037). MULT marks and
  // candidates travel as they are.
  const parentHere = async (pr?: { identityId: string }) => {
    if (!pr) return undefined;
    const [r] = await db
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.isDeleted, 0), or(eq(a.identityId, pr.identityId), eq(a.id, pr.identityId))))
      .limit(1);
    return r?.id;
  };
  const sireId = await parentHere(travelling!.sire);
  const damId = await parentHere(travelling!.dam);
  const [animal] = await db
    .insert(a)
    .values({
      speciesId: t.speciesId,
      localNo: no,
      animalName: src.animalName,
      sex: src.sex,
      birthDate: src.birthDate,
      birthPrecision: src.birthPrecision,
      origin: src.origin,
      sireId: sireId ?? null,
      sireIdentityId: sireId ? null : (travelling!.sire?.identityId ?? src.sireIdentityId),
      sireMark: sireId || travelling!.sire || src.sireIdentityId ? '' : src.sireMark || 'UNK',
      sireCandidates: src.sireCandidates,
      damId: damId ?? null,
      damIdentityId: damId ? null : (travelling!.dam?.identityId ?? src.damIdentityId),
      damMark: damId || travelling!.dam || src.damIdentityId ? '' : src.damMark || 'UNK',
      damCandidates: src.damCandidates,
      cageId: toCageId,
      photos: src.photos,
      remark: src.remark,
      identityId: travelling!.identityId,
      status: STATUS_IN,
    })
    .returning();
  // Identifiers travel with their whole history: voided versions stay voided, the current one stays current.
  for (const fl of travelling!.flags)
    await db.insert(zooAnimalFlag).values({
      animalId: animal!.id,
      type: fl.type,
      code: fl.code,
      version: fl.version,
      isoCompliant: fl.isoCompliant,
      issueDate: fl.issueDate,
      issuer: fl.issuer,
      voidTime: fl.voidTime,
      voidReason: fl.voidReason,
      remark: fl.remark,
    });
  const logId = await appendAnimalIn(db, 'import', animal!, px);
  // Received into a 隔离检疫 cage, it starts its quarantine (decision 0038).
  await startQuarantineOnArrival(db, animal!, px.eventDate, logId);
  return { logId, animalId: animal!.id };
}
