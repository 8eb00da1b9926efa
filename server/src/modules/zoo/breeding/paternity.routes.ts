import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { breedingCubEndpoints, type PaternityCandidate, type PaternityResult } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist } from '../../../platform/resource/guards';
import { auditReasonUnlessGiven } from '../../../platform/tenancy/tenant-tx';
import { animalLabel, today } from '../keeper/basic-log.service';
import { zooAnimal } from '../zoo.tables';
import { litterOfCub, setLitterSires } from './breeding-cubs.rules';
import { zooBreedLitter, zooBreedPaternity } from './breeding-cubs.tables';
import { ANIMAL_MISSING, refuseFuture } from './breeding.rules';
import { donorCards, donorLabel } from './outside-donor';

/**
 * Paternity tests (issue 31): a cub born with several candidate sires (the studbook's MULT) gets its sire later,
 * when a DNA test (microsatellite or SNP genotyping) confirms one of the litter's candidates — or excludes them all.
 * The result and the cub's sire change in the request's transaction, so the studbook's kinship follows at once;
 * removing the result gives the cub back the litter's candidates. An outside donor (another base's male, by his
 * studbook identity) is a candidate like the zoo's males, and confirmed becomes the cub's sire by that identity.
 */

type Row = typeof zooBreedPaternity.$inferSelect;

async function labels(db: Tx, ids: string[]): Promise<Map<string, string>> {
  const rows = ids.length
    ? await db.select({ id: zooAnimal.id, name: zooAnimal.animalName, no: zooAnimal.localNo }).from(zooAnimal).where(inArray(zooAnimal.id, ids))
    : [];
  return new Map(rows.map((r) => [r.id, animalLabel(r.name, r.no)]));
}

async function toResults(db: Tx, rows: Row[]): Promise<PaternityResult[]> {
  const names = await labels(db, [...new Set(rows.flatMap((r) => [r.cubId, ...(r.sireId ? [r.sireId] : [])]))]);
  const cards = await donorCards(db, [...new Set(rows.flatMap((r) => (r.sireIdentityId ? [r.sireIdentityId] : [])))]);
  return rows.map((r) => ({
    id: r.id,
    cubId: r.cubId,
    cubName: names.get(r.cubId) ?? '',
    litterId: r.litterId,
    testDate: r.testDate,
    method: r.method,
    lab: r.lab,
    candidateIds: r.candidateIds,
    candidateIdentityIds: r.candidateIdentityIds,
    sireId: r.sireId ?? '',
    sireIdentityId: r.sireIdentityId ?? '',
    sireName: r.sireId ? (names.get(r.sireId) ?? '') : r.sireIdentityId ? donorLabel(cards.get(r.sireIdentityId), r.sireIdentityId) : '',
    remark: r.remark,
  }));
}

/** A litter's candidates: the zoo's males, then the outside donors, each with his studbook number and holding zoo. */
async function candidatesOf(db: Tx, litter: { sireIds: string[]; sireIdentityIds: string[] }): Promise<PaternityCandidate[]> {
  const local = litter.sireIds.length
    ? await db
        .select({
          id: zooAnimal.id,
          name: zooAnimal.animalName,
          no: zooAnimal.localNo,
          identity: sql<string>`coalesce(${zooAnimal.identityId}, ${zooAnimal.id})::text`,
        })
        .from(zooAnimal)
        .where(inArray(zooAnimal.id, litter.sireIds))
    : [];
  const cards = await donorCards(db, [...local.map((l) => l.identity), ...litter.sireIdentityIds]);
  const byId = new Map(local.map((l) => [l.id, l]));
  return [
    ...litter.sireIds.map((id) => {
      const l = byId.get(id);
      const c = l ? cards.get(l.identity) : undefined;
      return {
        id,
        identityId: l?.identity ?? '',
        name: l ? animalLabel(l.name, l.no) : id,
        outside: false,
        studbookNo: c?.studbookNo ?? '',
        holderName: c?.holderName ?? '',
      };
    }),
    ...litter.sireIdentityIds.map((identityId) => {
      const c = cards.get(identityId);
      return { id: '', identityId, name: donorLabel(c, identityId), outside: true, studbookNo: c?.studbookNo ?? '', holderName: c?.holderName ?? '' };
    }),
  ];
}

export function paternityRoutes(app: FastifyInstance): void {
  const p = zooBreedPaternity;

  route(app, breedingCubEndpoints.paternity, async ({ db, body }) => {
    const cub = await mustExist(db, zooAnimal, body.cubId, ANIMAL_MISSING);
    const litter = await litterOfCub(db, cub.id);
    refuseFuture(body.testDate, await today(db), '鉴定日期');
    if (body.testDate < litter.birthDate) throw new BizError(`鉴定日期不能早于出生日期(${litter.birthDate})`);
    const sireId = body.sireId ?? null;
    const sireIdentityId = body.sireIdentityId ?? null;
    // The sire must be named on the dam's breeding events of the conception window (the litter's candidates).
    if ((sireId && !litter.sireIds.includes(sireId)) || (sireIdentityId && !litter.sireIdentityIds.includes(sireIdentityId))) {
      const list = (await candidatesOf(db, litter)).map((c) => c.name).join('、');
      throw new BizError(`所选父本不在该幼仔的候选父本中(候选父本: ${list || '无'})`);
    }
    await auditReasonUnlessGiven(db, `亲子鉴定: ${animalLabel(cub.animalName, cub.localNo)}`);
    const values = {
      litterId: litter.id,
      testDate: body.testDate,
      method: body.method,
      lab: body.lab ?? '',
      candidateIds: litter.sireIds,
      candidateIdentityIds: litter.sireIdentityIds,
      sireId,
      sireIdentityId,
      remark: body.remark ?? '',
    };
    // One live result per cub: a later test replaces the earlier one (the audit trail keeps both). Results for one
    // cub take turns: with none yet there is no row to lock, and two at once would both insert.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('zoo_breed_paternity'), hashtext(${cub.id}))`);
    const [held] = await db
      .select({ id: p.id })
      .from(p)
      .where(and(eq(p.cubId, cub.id), eq(p.isDeleted, 0)))
      .for('update');
    const [row] = held
      ? await db.update(p).set(values).where(eq(p.id, held.id)).returning()
      : await db
          .insert(p)
          .values({ cubId: cub.id, ...values })
          .returning();
    // The confirmed sire replaces the MULT; a test that excluded every candidate leaves the sire unknown.
    if (sireId || sireIdentityId) await setLitterSires(db, [cub.id], { local: sireId ? [sireId] : [], outside: sireIdentityId ? [sireIdentityId] : [] });
    else await db.update(zooAnimal).set({ sireId: null, sireIdentityId: null, sireMark: 'UNK', sireCandidates: null }).where(eq(zooAnimal.id, cub.id));
    return (await toResults(db, [row!]))[0]!;
  });

  route(app, breedingCubEndpoints.paternityRemove, async ({ db, body }) => {
    const [row] = await db
      .select()
      .from(p)
      .where(and(eq(p.id, body.id), eq(p.isDeleted, 0)))
      .for('update');
    if (!row) throw new BizError('亲子鉴定记录不存在');
    await db.update(p).set({ isDeleted: 1 }).where(eq(p.id, row.id));
    // The cub goes back to what its litter gave it: the candidates of the cycle.
    const [litter] = await db
      .select({ sireIds: zooBreedLitter.sireIds, sireIdentityIds: zooBreedLitter.sireIdentityIds })
      .from(zooBreedLitter)
      .where(eq(zooBreedLitter.id, row.litterId));
    await setLitterSires(db, [row.cubId], {
      local: litter?.sireIds ?? row.candidateIds,
      outside: litter?.sireIdentityIds ?? row.candidateIdentityIds,
    });
    return { id: row.id };
  });

  route(app, breedingCubEndpoints.paternityList, async ({ db, query }) => {
    const [litter] = await db
      .select()
      .from(zooBreedLitter)
      .where(and(eq(zooBreedLitter.id, query.id), eq(zooBreedLitter.isDeleted, 0)));
    if (!litter) throw new BizError('产仔记录不存在');
    const rows = await db
      .select()
      .from(p)
      .where(and(eq(p.litterId, litter.id), eq(p.isDeleted, 0)))
      .orderBy(asc(p.testDate), asc(p.id));
    return { candidates: await candidatesOf(db, litter), results: await toResults(db, rows) };
  });
}
