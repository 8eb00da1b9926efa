import { date, index, integer, jsonb, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { AnaesthesiaAgent, StoredReading } from '@zoo/contract';
import { baseCols, bigintStr, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

/**
 * Veterinary care (decision 0038). Tenant rows, stamped and audited by the conventions. Quantities are numeric
 * (exact decimals) in fixed units: kg, mg, mg/kg, mg/mL or mg per tablet, mL or tablets.
 */

export interface StoredTaxonRange {
  speciesId: string | null;
  taxonomyId: string | null;
  doseMin: number | null;
  doseMax: number | null;
}

const num = (name: string, precision: number, scale: number) => numeric(name, { precision, scale, mode: 'number' });

/** The zoo's formulary: a drug, its form and concentration, its dose range and ceiling. */
export const zooMedDrug = pgTable(
  'zoo_med_drug',
  {
    id: idCol(),
    tenantId: tenantCol(),
    drugName: varchar('drug_name', { length: 100 }).notNull(),
    genericName: varchar('generic_name', { length: 100 }).notNull().default(''),
    form: integer('form').notNull().default(1),
    /** mg/mL (unit 1) or mg per tablet (unit 2); null when the drug is not dosed by volume or tablet. */
    concentration: num('concentration', 14, 4),
    concentrationUnit: integer('concentration_unit').notNull().default(1),
    doseMin: num('dose_min', 12, 4),
    doseMax: num('dose_max', 12, 4),
    maxDoseMg: num('max_dose_mg', 14, 2),
    routes: varchar('routes', { length: 100 }).notNull().default(''),
    withdrawal: varchar('withdrawal', { length: 500 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    /** Ranges of a species or a taxon overriding the default (decision 0038); a handful per drug, read with it. */
    taxonRanges: jsonb('taxon_ranges').$type<StoredTaxonRange[]>().notNull().default([]),
    ...baseCols(),
  },
  () => [tenantPolicy('zoo_med_drug')],
);

/** One weighing of an individual; `weight_kg` is always kg, `unit` what the keeper or vet typed. */
export const zooMedWeight = pgTable(
  'zoo_med_weight',
  {
    id: idCol(),
    tenantId: tenantCol(),
    animalId: bigintStr('animal_id').notNull(),
    weighDate: date('weigh_date', { mode: 'string' }).notNull(),
    weightKg: num('weight_kg', 14, 4).notNull(),
    unit: varchar('unit', { length: 4 }).notNull().default('kg'),
    method: integer('method').notNull().default(1),
    bodyCondition: integer('body_condition'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    // The latest weight on or before a day (dosing) and an animal's curve both read this range.
    index('zoo_med_weight_animal_idx').on(t.tenantId, t.animalId, t.weighDate),
    tenantPolicy('zoo_med_weight'),
  ],
);

/** A medical case (病例) of an individual, with its first examination. */
export const zooMedCase = pgTable(
  'zoo_med_case',
  {
    id: idCol(),
    tenantId: tenantCol(),
    animalId: bigintStr('animal_id').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    openDate: date('open_date', { mode: 'string' }).notNull(),
    vetId: bigintStr('vet_id'),
    complaint: varchar('complaint', { length: 500 }).notNull(),
    temperature: num('temperature', 4, 1),
    heartRate: integer('heart_rate'),
    respRate: integer('resp_rate'),
    bodyCondition: integer('body_condition'),
    findings: varchar('findings', { length: 2000 }).notNull().default(''),
    diagnosis: varchar('diagnosis', { length: 500 }).notNull().default(''),
    caseStatus: integer('case_status').notNull().default(1),
    closeDate: date('close_date', { mode: 'string' }),
    outcome: integer('outcome'),
    outcomeNote: varchar('outcome_note', { length: 500 }).notNull().default(''),
    /** The keeper log (health mark "abnormal") the case was opened from. */
    basicLogId: bigintStr('basic_log_id'),
    ...baseCols(),
  },
  (t) => [
    index('zoo_med_case_animal_idx').on(t.tenantId, t.animalId, t.openDate),
    index('zoo_med_case_status_idx')
      .on(t.tenantId, t.caseStatus)
      .where(sql`is_deleted = 0`),
    tenantPolicy('zoo_med_case'),
  ],
);

/** A prescription of a case, dosed by the weight it names (kept: a later weighing does not rewrite it). */
export const zooMedTreatment = pgTable(
  'zoo_med_treatment',
  {
    id: idCol(),
    tenantId: tenantCol(),
    caseId: bigintStr('case_id').notNull(),
    animalId: bigintStr('animal_id').notNull(),
    drugId: bigintStr('drug_id').notNull(),
    doseMgKg: num('dose_mg_kg', 12, 4).notNull(),
    weightId: bigintStr('weight_id').notNull(),
    weightKg: num('weight_kg', 14, 4).notNull(),
    doseMg: num('dose_mg', 16, 2).notNull(),
    concentration: num('concentration', 14, 4),
    concentrationUnit: integer('concentration_unit').notNull().default(1),
    amount: num('amount', 14, 2),
    route: integer('route').notNull(),
    frequency: integer('frequency').notNull().default(1),
    durationDays: integer('duration_days').notNull().default(1),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    outOfRange: integer('out_of_range').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    index('zoo_med_treatment_case_idx').on(t.tenantId, t.caseId),
    index('zoo_med_treatment_animal_idx').on(t.tenantId, t.animalId, t.startDate),
    tenantPolicy('zoo_med_treatment'),
  ],
);

/** A vaccination (kind 1) or parasite control (kind 2) given to an individual, and when the next one falls due. */
export const zooMedVaccination = pgTable(
  'zoo_med_vaccination',
  {
    id: idCol(),
    tenantId: tenantCol(),
    animalId: bigintStr('animal_id').notNull(),
    kind: integer('kind').notNull().default(1),
    product: varchar('product', { length: 100 }).notNull(),
    batchNo: varchar('batch_no', { length: 50 }).notNull().default(''),
    dose: varchar('dose', { length: 50 }).notNull().default(''),
    route: integer('route'),
    givenDate: date('given_date', { mode: 'string' }).notNull(),
    nextDue: date('next_due', { mode: 'string' }),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    index('zoo_med_vaccination_animal_idx').on(t.tenantId, t.animalId, t.givenDate),
    // What falls due next: the reminder list reads this range.
    index('zoo_med_vaccination_due_idx')
      .on(t.tenantId, t.nextDue)
      .where(sql`is_deleted = 0`),
    tenantPolicy('zoo_med_vaccination'),
  ],
);

/** A laboratory result of an individual (optionally of a case), flagged against its reference interval. */
export const zooMedLab = pgTable(
  'zoo_med_lab',
  {
    id: idCol(),
    tenantId: tenantCol(),
    animalId: bigintStr('animal_id').notNull(),
    caseId: bigintStr('case_id'),
    sampleDate: date('sample_date', { mode: 'string' }).notNull(),
    sampleType: integer('sample_type').notNull().default(1),
    laboratory: varchar('laboratory', { length: 100 }).notNull().default(''),
    testName: varchar('test_name', { length: 100 }).notNull(),
    value: numeric('value', { precision: 20, scale: 6, mode: 'number' }),
    textValue: varchar('text_value', { length: 200 }).notNull().default(''),
    unit: varchar('unit', { length: 20 }).notNull().default(''),
    refLow: numeric('ref_low', { precision: 20, scale: 6, mode: 'number' }),
    refHigh: numeric('ref_high', { precision: 20, scale: 6, mode: 'number' }),
    /** Where the interval came from: 0 none, 1 entered on the result, 2 copied from the species' interval `ref_id`. */
    refSource: integer('ref_source').notNull().default(0),
    refId: bigintStr('ref_id'),
    /** 0 within the interval (or none), 1 below, 2 above. */
    flag: integer('flag').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    index('zoo_med_lab_animal_idx').on(t.tenantId, t.animalId, t.sampleDate),
    index('zoo_med_lab_case_idx').on(t.tenantId, t.caseId),
    tenantPolicy('zoo_med_lab'),
  ],
);

/** An anaesthesia or immobilisation: its agents dosed by the weight it names, times, monitoring, reversal. */
export const zooMedAnaesthesia = pgTable(
  'zoo_med_anaesthesia',
  {
    id: idCol(),
    tenantId: tenantCol(),
    animalId: bigintStr('animal_id').notNull(),
    caseId: bigintStr('case_id'),
    procDate: date('proc_date', { mode: 'string' }).notNull(),
    procedure: varchar('procedure', { length: 200 }).notNull(),
    delivery: integer('delivery').notNull().default(1),
    agents: jsonb('agents')
      .$type<AnaesthesiaAgent[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    weightId: bigintStr('weight_id').notNull(),
    weightKg: num('weight_kg', 14, 4).notNull(),
    inductionTime: varchar('induction_time', { length: 5 }).notNull().default(''),
    recoveryTime: varchar('recovery_time', { length: 5 }).notNull().default(''),
    reversal: varchar('reversal', { length: 200 }).notNull().default(''),
    /** Monitoring readings (time, heart and respiratory rate, SpO2, temperature) in time order (migration 0046). */
    readings: jsonb('readings')
      .$type<StoredReading[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    monitoring: varchar('monitoring', { length: 1000 }).notNull().default(''),
    complications: varchar('complications', { length: 500 }).notNull().default(''),
    outOfRange: integer('out_of_range').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('zoo_med_anaesthesia_animal_idx').on(t.tenantId, t.animalId, t.procDate), tenantPolicy('zoo_med_anaesthesia')],
);
