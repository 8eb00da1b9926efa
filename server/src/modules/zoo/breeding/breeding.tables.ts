import { check, date, index, integer, jsonb, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

/**
 * Reproduction, first slice (decision 0042). Tenant rows, stamped and audited by the conventions. Animals are the
 * zoo's own individuals (zoo_animal); another zoo's donor enters through a semen sample naming it.
 */

const num = (name: string, precision: number, scale: number) => numeric(name, { precision, scale, mode: 'number' });

/** One oestrus observation of a female: behaviour signs, vulva score, urinary hormones with their units. */
export const zooBreedOestrus = pgTable(
  'zoo_breed_oestrus',
  {
    id: idCol(),
    tenantId: tenantCol(),
    animalId: bigintStr('animal_id').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    obsDate: date('obs_date', { mode: 'string' }).notNull(),
    /** Keys of the business dictionary `oestrus_sign`. */
    signs: jsonb('signs')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    vulvaScore: integer('vulva_score'),
    oestrogen: num('oestrogen', 14, 4),
    oestrogenUnit: varchar('oestrogen_unit', { length: 16 }).notNull().default('ng/mg Cr'),
    progesterone: num('progesterone', 14, 4),
    progesteroneUnit: varchar('progesterone_unit', { length: 16 }).notNull().default('ng/mg Cr'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('zoo_breed_oestrus_animal_idx').on(t.tenantId, t.animalId, t.obsDate), tenantPolicy('zoo_breed_oestrus')],
);

/** A semen sample of the bank (基因资源库): its donor, collection, remaining straws and where it is stored. */
export const zooBreedSemen = pgTable(
  'zoo_breed_semen',
  {
    id: idCol(),
    tenantId: tenantCol(),
    sampleNo: varchar('sample_no', { length: 50 }).notNull(),
    speciesId: bigintStr('species_id').notNull(),
    /** The zoo's own donor, or null when the donor lives elsewhere (then named by donor_name / studbook number). */
    donorAnimalId: bigintStr('donor_animal_id'),
    donorName: varchar('donor_name', { length: 100 }).notNull().default(''),
    donorStudbookNo: varchar('donor_studbook_no', { length: 50 }).notNull().default(''),
    /** A donor held by another zoo, by his studbook identity (migration 0050): a candidate sire of the litters it sires. */
    donorIdentityId: bigintStr('donor_identity_id'),
    collectDate: date('collect_date', { mode: 'string' }).notNull(),
    collectPlace: varchar('collect_place', { length: 100 }).notNull().default(''),
    straws: integer('straws').notNull().default(0),
    tank: varchar('tank', { length: 50 }).notNull().default(''),
    position: varchar('position', { length: 50 }).notNull().default(''),
    motility: integer('motility'),
    transferDate: date('transfer_date', { mode: 'string' }),
    transferTo: varchar('transfer_to', { length: 100 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    // The last line of defence behind the conditional decrement: a straw count never goes negative.
    check('zoo_breed_semen_straws_ck', sql`${t.straws} >= 0`),
    index('zoo_breed_semen_species_idx').on(t.tenantId, t.speciesId),
    tenantPolicy('zoo_breed_semen'),
  ],
);

/** A breeding event of a female: a natural pairing (kind 1) or an artificial insemination (kind 2). */
export const zooBreedEvent = pgTable(
  'zoo_breed_event',
  {
    id: idCol(),
    tenantId: tenantCol(),
    femaleId: bigintStr('female_id').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    kind: integer('kind').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    /** Candidate sires (the zoo's males; several when paternity is open: MULT in the studbook). */
    sireIds: jsonb('sire_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    startTime: varchar('start_time', { length: 5 }).notNull().default(''),
    endTime: varchar('end_time', { length: 5 }).notNull().default(''),
    copulations: integer('copulations'),
    outcome: integer('outcome'),
    semenId: bigintStr('semen_id'),
    /** An AI's donor held by another zoo, by studbook identity, when no sample of the bank is named (migration 0050). */
    donorIdentityId: bigintStr('donor_identity_id'),
    method: integer('method'),
    straws: integer('straws'),
    doseMl: num('dose_ml', 10, 3),
    motility: integer('motility'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    index('zoo_breed_event_female_idx').on(t.tenantId, t.femaleId, t.eventDate),
    index('zoo_breed_event_species_idx').on(t.tenantId, t.speciesId, t.eventDate),
    tenantPolicy('zoo_breed_event'),
  ],
);
