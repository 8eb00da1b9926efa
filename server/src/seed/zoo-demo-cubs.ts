import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { BizError } from '../platform/http/errors';
import { inTenant } from '../platform/tenancy/tenant-tx';
import { zooAnimal } from '../modules/zoo/zoo.tables';
import { zooMedWeight } from '../modules/zoo/vet/vet.tables';
import { curveAt, referenceCurve } from '../modules/zoo/vet/weight-ref-curve';
import { addDays, gestationOf, windowOf } from '../modules/zoo/breeding/breeding-cubs.rules';
import { zooBreedCubLog, zooBreedLitter, zooBreedPregnancy } from '../modules/zoo/breeding/breeding-cubs.tables';
import { zooBreedEvent } from '../modules/zoo/breeding/breeding.tables';
import { bookLitter } from '../modules/zoo/breeding/litter.routes';
import { today } from '../modules/zoo/keeper/basic-log.service';
import { DEMO_TENANT } from './zoo-demo-data';

/**
 * The demo panda season goes on past the insemination (decision 0042): 安安 (P006) is suspected pregnant on her
 * progesterone, confirmed by ultrasound two weeks before she gives birth to twins 140 days after the insemination;
 * the twins are booked as the ledger's birth movement by the litter's own booking, alternated between her and the
 * incubator (the twin-swap log), and weighed every day for 60 days. The stronger twin follows the species' reference
 * curve; the lighter one slips under 80 % of it in the last fortnight, so the demo shows the alert.
 */

const GESTATION = 140;
const DAYS = 60;
/** [local number, name, sex, birth weight g, ratio to the curve at birth, at day 45, at the last day] */
const TWINS: Array<[string, string, number, number, number, number, number]> = [
  ['P007', '安宝', 1, 168, 1.12, 1.03, 1.0],
  ['P008', '安贝', 2, 121, 0.81, 0.86, 0.77],
];

/** The seed runs without a server: the ledger's parameter reads (approved quantity) go to the database uncached. */
const seedApp = { zoo: { cache: { get: (_k: string, _ttl: number, load: () => Promise<unknown>) => load() } } } as unknown as FastifyInstance;

const ratioAt = (d: number, r0: number, r45: number, rEnd: number) =>
  d <= 45 ? r0 + ((r45 - r0) * d) / 45 : r45 + ((rEnd - r45) * (d - 45)) / (DAYS - 1 - 45);

export async function seedDemoCubs(database: Database): Promise<void> {
  await inTenant(database.db, { tenantId: DEMO_TENANT.tenantId, audit: false }, async (tx) => {
    if ((await tx.select({ id: zooBreedLitter.id }).from(zooBreedLitter).limit(1)).length) return;
    const [dam] = await tx
      .select()
      .from(zooAnimal)
      .where(and(eq(zooAnimal.localNo, 'P006'), eq(zooAnimal.isDeleted, 0)));
    if (!dam?.cageId) return;
    const cageId = dam.cageId;
    const [ai] = await tx
      .select()
      .from(zooBreedEvent)
      .where(and(eq(zooBreedEvent.femaleId, dam.id), eq(zooBreedEvent.kind, 2), eq(zooBreedEvent.isDeleted, 0)))
      .orderBy(asc(zooBreedEvent.eventDate))
      .limit(1);
    if (!ai) return;
    const birth = addDays(ai.eventDate, GESTATION);
    // The demo's history ends yesterday: a season too recent for its 60 days of weights is not continued.
    if (addDays(birth, DAYS - 1) >= (await today(tx))) return;

    // A demo database seeded long ago may refuse the birth (a licence since expired, a number taken): the replay
    // then stops at the insemination as it did, and the start goes on.
    try {
      await tx.transaction(async (tx) => {
        const gestation = await gestationOf(tx, dam.speciesId);
        await tx.insert(zooBreedPregnancy).values([
          {
            femaleId: dam.id,
            speciesId: dam.speciesId,
            eventId: ai.id,
            checkDate: addDays(ai.eventDate, 75),
            method: 2,
            pregStatus: 1,
            evidence: '尿孕酮持续升高,食欲下降、筑巢行为增多(大熊猫假孕亦有此表现,待B超确认)',
            ...windowOf(ai.eventDate, gestation),
          },
          {
            femaleId: dam.id,
            speciesId: dam.speciesId,
            eventId: ai.id,
            checkDate: addDays(ai.eventDate, GESTATION - 14),
            method: 1,
            pregStatus: 2,
            evidence: 'B超见孕囊及胎心搏动',
            ...windowOf(ai.eventDate, gestation),
          },
        ]);

        // Booked exactly as the litter form books it: one birth movement for the two cubs, parents, birth weights.
        const booked = await bookLitter(seedApp, tx, {
          damId: dam.id,
          eventId: ai.id,
          birthDate: birth,
          cageId,
          cubs: TWINS.map(([localNo, animalName, sex, g]) => ({ localNo, animalName, sex, birthWeightG: g, vitality: g >= 150 ? 1 : 2 })),
        });
        const [litter] = await tx
          .insert(zooBreedLitter)
          .values({ damId: dam.id, birthDate: birth, cageId, stillborn: 0, rearing: 3, remark: '示范数据:双胞胎,交替育幼', ...booked })
          .returning({ id: zooBreedLitter.id });
        const cubIds = booked.cubs.map((c) => c.id);

        // The twin-swap log: every second morning the cub with its mother goes to the incubator and the other to her.
        const swaps: Array<typeof zooBreedCubLog.$inferInsert> = [];
        for (let d = 1; d < DAYS; d += 2)
          cubIds.forEach((cubId, i) => {
            const toMother = (Math.floor(d / 2) + i) % 2 === 0;
            swaps.push({ cubId, litterId: litter!.id, logTime: `${addDays(birth, d)} 09:00:00`, kind: 2, placement: toMother ? 1 : 2 });
          });
        await tx.insert(zooBreedCubLog).values(swaps);

        // Daily weights after the birth weight: the reference curve times each twin's ratio to it, with a small wobble.
        const curve = (await referenceCurve(tx, cubIds[0]!))?.points ?? [];
        const weights: Array<typeof zooMedWeight.$inferInsert> = [];
        TWINS.forEach(([, , , g, r0, r45, rEnd], i) => {
          for (let d = 1; d < DAYS; d++) {
            const ref = curveAt(curve, d);
            const grams = ref ? ref * 1000 * ratioAt(d, r0, r45, rEnd) * (1 + 0.004 * Math.sin(d * 1.3 + i)) : g + d * 50;
            weights.push({ animalId: cubIds[i]!, weighDate: addDays(birth, d), weightKg: Math.round(grams) / 1000, unit: 'g', method: 1, remark: '' });
          }
        });
        await tx.insert(zooMedWeight).values(weights);
      });
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
    }
  });
}
