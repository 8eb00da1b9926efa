import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { dietPlan, type DietPlanRecord } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { refuseDuplicate } from '../../../platform/resource/guards';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { SUBJECT_MISSING, subjectOf } from '../keeper/basic-log.service';
import { cageOf, speciesOf } from '../shared/lookups';
import { zooDietPlan } from './diet.tables';
import { feedingOut, foodNames, storedFeedings } from './diet.service';

const p = zooDietPlan;

/** Diet plans (饲喂计划, decision 0046): per individual or population, from a date on, several feedings a day. */
export function dietPlanRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: p,
    def: dietPlan,
    defaultOrder: () => [desc(p.effectiveFrom), desc(p.id)],
    toRecords: async (rs, ctx) => {
      const names = await foodNames(ctx.db);
      return Promise.all(
        rs.map(async (r): Promise<DietPlanRecord> => {
          // A removed animal's plan still names it.
          const subject = await subjectOf(ctx.db, r.animalId, false);
          const [species, cage] = await Promise.all([speciesOf(ctx)(r.speciesId), cageOf(ctx)(subject?.cageId ?? null)]);
          return {
            ...r,
            createUser: r.createUser ?? '',
            createDept: r.createDept ?? '',
            updateUser: r.updateUser ?? '',
            animalName: subject?.name ?? '',
            speciesName: species?.speciesName ?? '',
            cageName: cage?.cageName ?? '',
            feedings: r.feedings.map((f) => feedingOut(f, names)),
          } as DietPlanRecord;
        }),
      );
    },
    beforeSave: async (input, { db }, existing) => {
      const subject = await subjectOf(db, input.animalId);
      if (!subject) throw new BizError(SUBJECT_MISSING);
      await refuseDuplicate(
        db,
        p,
        and(eq(p.animalId, subject.id), eq(p.effectiveFrom, input.effectiveFrom))!,
        existing,
        `「${subject.name}」已有 ${input.effectiveFrom} 生效的饲喂计划`,
      );
      const sameSubject = existing && existing.animalId === subject.id;
      return {
        animalType: subject.animalType,
        animalId: subject.id,
        speciesId: subject.speciesId,
        feedings: await storedFeedings(db, input.feedings, sameSubject ? existing.feedings : undefined),
      };
    },
  });
}
