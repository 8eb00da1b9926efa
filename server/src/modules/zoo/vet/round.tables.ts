import { check, date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

const num = (name: string, precision: number, scale: number) => numeric(name, { precision, scale, mode: 'number' });

/**
 * Veterinary care, third slice (decision 0038): what a round ticks, group treatments of a population, and the
 * species' reference weights a growth chart draws. Tenant rows, stamped and audited by the conventions.
 */

/**
 * One scheduled administration of a treatment, as ticked on a round: 1 given, 2 missed, 3 refused. The schedule
 * itself is not stored (start date, frequency and duration of the treatment define it); a row exists once ticked.
 */
export const zooMedAdministration = pgTable(
  'zoo_med_administration',
  {
    id: idCol(),
    tenantId: tenantCol(),
    treatmentId: bigintStr('treatment_id').notNull(),
    animalId: bigintStr('animal_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Which administration of that day (1 … the treatment's frequency). */
    slot: integer('slot').notNull(),
    adminStatus: integer('admin_status').notNull(),
    givenTime: varchar('given_time', { length: 5 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_med_administration_slot_uq')
      .on(t.tenantId, t.treatmentId, t.dueDate, t.slot)
      .where(sql`is_deleted = 0`),
    index('zoo_med_administration_animal_idx').on(t.tenantId, t.animalId, t.dueDate),
    tenantPolicy('zoo_med_administration'),
  ],
);

/** A treatment given to a population at once (deworming in feed, a spray): the drug and how many heads were treated. */
export const zooMedGroupTreatment = pgTable(
  'zoo_med_group_treatment',
  {
    id: idCol(),
    tenantId: tenantCol(),
    populationId: bigintStr('population_id').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    drugId: bigintStr('drug_id').notNull(),
    treatDate: date('treat_date', { mode: 'string' }).notNull(),
    countTreated: integer('count_treated').notNull(),
    route: integer('route').notNull(),
    /** Free text: the only dose of rows written before migration 0046, and a note beside a dose by weight since. */
    doseText: varchar('dose_text', { length: 200 }).notNull().default(''),
    /*
     * The dose by weight (null on the rows dosed as text): rate, the mean weight per head the vet entered, per head
     * mg and amount, and the totals for the heads treated, with the drug's concentration at the time (as a
     * prescription keeps it) and whether the vet confirmed a rate outside the formulary's range.
     */
    doseMgKg: num('dose_mg_kg', 12, 4),
    headWeightKg: num('head_weight_kg', 14, 4),
    doseMg: num('dose_mg', 16, 2),
    amount: num('amount', 14, 2),
    totalMg: num('total_mg', 18, 2),
    totalAmount: num('total_amount', 16, 2),
    concentration: num('concentration', 14, 4),
    concentrationUnit: integer('concentration_unit'),
    outOfRange: integer('out_of_range').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('zoo_med_group_treatment_pop_idx').on(t.tenantId, t.populationId, t.treatDate), tenantPolicy('zoo_med_group_treatment')],
);

/**
 * A vaccination reminder sent (a notice to the vets some days before the next dose falls due): the unique key makes
 * the reminder job idempotent across restarts and server instances, as the permit reminders'. `next_due` is part of
 * the key, so a due date moved by an edit is reminded again.
 */
export const zooMedVaccinationReminder = pgTable(
  'zoo_med_vaccination_reminder',
  {
    id: idCol(),
    tenantId: tenantCol(),
    vaccinationId: bigintStr('vaccination_id').notNull(),
    nextDue: date('next_due', { mode: 'string' }).notNull(),
    noticeId: bigintStr('notice_id'),
    ...baseCols(),
  },
  (t) => [uniqueIndex('zoo_med_vaccination_reminder_uq').on(t.tenantId, t.vaccinationId, t.nextDue), tenantPolicy('zoo_med_vaccination_reminder')],
);

/** A point of a species' reference growth curve: the expected weight at an age (days from birth). */
export const zooMedWeightRef = pgTable(
  'zoo_med_weight_ref',
  {
    id: idCol(),
    tenantId: tenantCol(),
    speciesId: bigintStr('species_id').notNull(),
    ageDays: integer('age_days').notNull(),
    weightKg: numeric('weight_kg', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    source: varchar('source', { length: 200 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_med_weight_ref_uq')
      .on(t.tenantId, t.speciesId, t.ageDays)
      .where(sql`is_deleted = 0`),
    tenantPolicy('zoo_med_weight_ref'),
  ],
);

/**
 * A species' reference interval of a laboratory test (检验参考区间): what a result of that species, test and unit
 * takes when entered without its own interval (copied onto the result on save). Test and unit compared without
 * regard to case. An interval may hold for one sex and/or an age window in whole months [min, max) (migration
 * 0051): one live row per (species, test, unit, sex) without a window, windows of one sex never overlapping (the
 * route checks, under an advisory lock); a result takes the most specific one that fits its animal.
 */
export const zooMedLabRef = pgTable(
  'zoo_med_lab_ref',
  {
    id: idCol(),
    tenantId: tenantCol(),
    speciesId: bigintStr('species_id').notNull(),
    testName: varchar('test_name', { length: 100 }).notNull(),
    unit: varchar('unit', { length: 20 }).notNull().default(''),
    refLow: numeric('ref_low', { precision: 20, scale: 6, mode: 'number' }),
    refHigh: numeric('ref_high', { precision: 20, scale: 6, mode: 'number' }),
    /** 0 either sex, 1 male, 2 female (animal_sex). */
    sex: integer('sex').notNull().default(0),
    /** Age window in whole months on the sample date, from `age_min_months` (inclusive) to `age_max_months` (exclusive). */
    ageMinMonths: integer('age_min_months'),
    ageMaxMonths: integer('age_max_months'),
    source: varchar('source', { length: 200 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_med_lab_ref_uq')
      .on(t.tenantId, t.speciesId, sql`lower(${t.testName})`, sql`lower(${t.unit})`, t.sex)
      .where(sql`is_deleted = 0 and age_min_months is null and age_max_months is null`),
    index('zoo_med_lab_ref_test_idx')
      .on(t.tenantId, t.speciesId, sql`lower(${t.testName})`, sql`lower(${t.unit})`)
      .where(sql`is_deleted = 0`),
    check('zoo_med_lab_ref_sex_ck', sql`sex in (0, 1, 2)`),
    check(
      'zoo_med_lab_ref_age_ck',
      sql`(age_min_months is null or age_min_months >= 0) and (age_max_months is null or age_max_months > coalesce(age_min_months, 0))`,
    ),
    tenantPolicy('zoo_med_lab_ref'),
  ],
);
