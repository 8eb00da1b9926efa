import type { FastifyInstance } from 'fastify';
import { desc, sql } from 'drizzle-orm';
import {
  medAnaesthesia,
  medLab,
  medVaccination,
  type AnaesthesiaAgent,
  type StoredReading,
  type MedAnaesthesiaRecord,
  type MedLabRecord,
  type MedVaccinationRecord,
} from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { mustExist } from '../../../platform/resource/guards';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { animalLabel, today } from '../keeper/basic-log.service';
import { animalOf, speciesOf, userOf } from '../shared/lookups';
import { zooMedAnaesthesia, zooMedCase, zooMedDrug, zooMedLab, zooMedVaccination } from './vet.tables';
import { labInterval } from './lab-ref';
import { CASE_MISSING, dose, DRUG_MISSING, latestWeight, liveAnimal, NO_WEIGHT, refuseFuture } from './vet-shared';

/** Vaccinations and parasite control, laboratory results, anaesthesia (decision 0038). */
export function vetRecordRoutes(app: FastifyInstance): void {
  // ------------------------------------------------------------ vaccinations and parasite control
  resourceRoutes(app, {
    table: zooMedVaccination,
    def: medVaccination,
    defaultOrder: () => [desc(zooMedVaccination.givenDate), desc(zooMedVaccination.id)],
    toRecords: async (rs, ctx): Promise<MedVaccinationRecord[]> => {
      const ids = rs.map((r) => r.id);
      // Days to the next dose, on the latest record of each animal and product only (a later one supersedes it).
      const due = new Map<string, number>();
      if (ids.length) {
        const found = await ctx.db.execute(sql`
          select v.id::text as id, (v.next_due - current_date)::int as days
            from zoo_med_vaccination v
           where v.id = any(${`{${ids.join(',')}}`}::bigint[]) and v.next_due is not null
             and not exists (select 1 from zoo_med_vaccination l
                              where l.animal_id = v.animal_id and l.product = v.product and l.is_deleted = 0
                                and (l.given_date, l.id) > (v.given_date, v.id))`);
        for (const r of (found as unknown as { rows: Array<{ id: string; days: number }> }).rows) due.set(r.id, r.days);
      }
      return Promise.all(
        rs.map(async (r) => {
          const a = await animalOf(ctx)(r.animalId);
          const [species, vet] = await Promise.all([a ? speciesOf(ctx)(a.speciesId) : undefined, userOf(ctx)(r.createUser)]);
          return {
            ...r,
            animalName: a ? animalLabel(a.animalName, a.localNo) : '',
            speciesName: species?.speciesName ?? '',
            daysToDue: due.get(r.id) ?? '',
            vetName: vet ? vet.realName || vet.account : '',
          } as never;
        }),
      );
    },
    beforeSave: async (input, { db }) => {
      await liveAnimal(db, input.animalId);
      refuseFuture(input.givenDate, await today(db), '接种日期');
    },
  });

  // ------------------------------------------------------------ laboratory results
  resourceRoutes(app, {
    table: zooMedLab,
    def: medLab,
    defaultOrder: () => [desc(zooMedLab.sampleDate), desc(zooMedLab.id)],
    toRecords: (rs, ctx): Promise<MedLabRecord[]> =>
      Promise.all(
        rs.map(async (r) => {
          const a = await animalOf(ctx)(r.animalId);
          const species = a ? await speciesOf(ctx)(a.speciesId) : undefined;
          return { ...r, caseId: r.caseId ?? '', animalName: a ? animalLabel(a.animalName, a.localNo) : '', speciesName: species?.speciesName ?? '' } as never;
        }),
      ),
    beforeSave: async (input, { db }, existing) => {
      await liveAnimal(db, input.animalId);
      refuseFuture(input.sampleDate, await today(db), '采样日期');
      if (input.caseId) {
        const c = await mustExist(db, zooMedCase, input.caseId, CASE_MISSING);
        if (c.animalId !== input.animalId) throw new BizError('所选病例不是该动物的病例');
      }
      return labInterval(db, input, existing);
    },
  });

  // ------------------------------------------------------------ anaesthesia and immobilisation
  resourceRoutes(app, {
    table: zooMedAnaesthesia,
    def: medAnaesthesia,
    defaultOrder: () => [desc(zooMedAnaesthesia.procDate), desc(zooMedAnaesthesia.id)],
    toRecords: (rs, ctx): Promise<MedAnaesthesiaRecord[]> =>
      Promise.all(
        rs.map(async (r) => {
          const a = await animalOf(ctx)(r.animalId);
          const [species, vet] = await Promise.all([a ? speciesOf(ctx)(a.speciesId) : undefined, userOf(ctx)(r.createUser)]);
          return {
            ...r,
            caseId: r.caseId ?? '',
            agents: r.agents.map((g) => ({ ...g, amount: g.amount ?? '' })),
            readings: r.readings.map((x) => ({
              time: x.time,
              heartRate: x.heartRate ?? '',
              respRate: x.respRate ?? '',
              spo2: x.spo2 ?? '',
              temperature: x.temperature ?? '',
            })),
            animalName: a ? animalLabel(a.animalName, a.localNo) : '',
            speciesName: species?.speciesName ?? '',
            vetName: vet ? vet.realName || vet.account : '',
          } as never;
        }),
      ),
    beforeSave: async (input, { db }) => {
      await liveAnimal(db, input.animalId);
      refuseFuture(input.procDate, await today(db), '日期');
      if (input.caseId) {
        const c = await mustExist(db, zooMedCase, input.caseId, CASE_MISSING);
        if (c.animalId !== input.animalId) throw new BizError('所选病例不是该动物的病例');
      }
      // Every agent is dosed from the same weight: the latest on or before the day.
      const w = await latestWeight(db, input.animalId, input.procDate);
      if (!w) throw new BizError(NO_WEIGHT);
      const agents: AnaesthesiaAgent[] = [];
      for (const g of input.agents) {
        const drug = await mustExist(db, zooMedDrug, g.drugId, DRUG_MISSING);
        const d = await dose(db, input.animalId, drug, g.doseMgKg!, input.procDate);
        if (d.reason && !input.confirmOutOfRange) throw new BizError(`${drug.drugName}: ${d.reason},请确认后再提交`);
        agents.push({
          drugId: drug.id,
          drugName: drug.drugName,
          doseMgKg: g.doseMgKg!,
          doseMg: d.doseMg,
          amount: d.amount as number,
          concentrationUnit: drug.concentrationUnit,
          outOfRange: d.reason,
        });
      }
      // Readings in clock order (a procedure does not cross midnight in this record); one reading per minute.
      const readings: StoredReading[] = input.readings
        .map((x) => ({ time: x.time, heartRate: x.heartRate ?? null, respRate: x.respRate ?? null, spo2: x.spo2 ?? null, temperature: x.temperature ?? null }))
        .sort((a, b) => a.time.localeCompare(b.time));
      const twice = readings.find((x, i) => i > 0 && readings[i - 1]!.time === x.time);
      if (twice) throw new BizError(`监测时间 ${twice.time} 重复`);
      return { agents, readings, weightId: w.id, weightKg: w.weightKg, outOfRange: agents.some((g) => g.outOfRange) ? 1 : 0 };
    },
  });
}
