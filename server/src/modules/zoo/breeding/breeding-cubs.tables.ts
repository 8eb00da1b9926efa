import { check, date, index, integer, jsonb, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, datetime, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

/**
 * Reproduction, second slice (decision 0042): pregnancy diagnoses, litters, cub care and contraception. Tenant
 * rows, stamped and audited by the conventions; removal is logical.
 */

/** One pregnancy diagnosis of a female after a breeding event, with the expected birth window it implies. */
export const zooBreedPregnancy = pgTable(
  'zoo_breed_pregnancy',
  {
    id: idCol(),
    tenantId: tenantCol(),
    femaleId: bigintStr('female_id').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    eventId: bigintStr('event_id').notNull(),
    checkDate: date('check_date', { mode: 'string' }).notNull(),
    method: integer('method').notNull(),
    /** 1 suspected, 2 confirmed, 3 pseudo-pregnancy, 4 ended. */
    pregStatus: integer('preg_status').notNull(),
    evidence: varchar('evidence', { length: 500 }).notNull().default(''),
    expectedFrom: date('expected_from', { mode: 'string' }),
    expectedTo: date('expected_to', { mode: 'string' }),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('zoo_breed_pregnancy_female_idx').on(t.tenantId, t.femaleId, t.checkDate), tenantPolicy('zoo_breed_pregnancy')],
);

/** A litter: the dam, the breeding event, the cubs the ledger's birth movement created and the stillborn count. */
export const zooBreedLitter = pgTable(
  'zoo_breed_litter',
  {
    id: idCol(),
    tenantId: tenantCol(),
    damId: bigintStr('dam_id').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    eventId: bigintStr('event_id').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    cageId: bigintStr('cage_id').notNull(),
    sireIds: jsonb('sire_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Candidate sires held by other zoos, by studbook identity (outside donors, migration 0050). */
    sireIdentityIds: jsonb('sire_identity_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The cubs (zoo_animal ids) with what the birth form noted of each. */
    cubs: jsonb('cubs')
      .$type<Array<{ id: string; birthWeightG: number | null; vitality: number | null }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    stillborn: integer('stillborn').notNull().default(0),
    rearing: integer('rearing').notNull().default(1),
    /** A bird's clutch: eggs laid, fertile and hatched (null for a mammal's litter). */
    eggsLaid: integer('eggs_laid'),
    eggsFertile: integer('eggs_fertile'),
    eggsHatched: integer('eggs_hatched'),
    /** The ledger rows of the birth movement (one per live-born cub). */
    stockLogIds: jsonb('stock_log_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    index('zoo_breed_litter_dam_idx').on(t.tenantId, t.damId, t.birthDate),
    index('zoo_breed_litter_species_idx').on(t.tenantId, t.speciesId, t.birthDate),
    check(
      'zoo_breed_litter_eggs_ck',
      sql`coalesce(eggs_hatched, 0) <= coalesce(eggs_fertile, eggs_laid, 100) and coalesce(eggs_fertile, 0) <= coalesce(eggs_laid, 100)`,
    ),
    tenantPolicy('zoo_breed_litter'),
  ],
);

/** Cub care: a feed (type, volume) or a twin-swap (where the cub went), at a time. */
export const zooBreedCubLog = pgTable(
  'zoo_breed_cub_log',
  {
    id: idCol(),
    tenantId: tenantCol(),
    cubId: bigintStr('cub_id').notNull(),
    litterId: bigintStr('litter_id').notNull(),
    logTime: datetime('log_time').notNull(),
    kind: integer('kind').notNull(),
    feedType: integer('feed_type'),
    volumeMl: numeric('volume_ml', { precision: 10, scale: 2, mode: 'number' }),
    placement: integer('placement'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('zoo_breed_cub_log_cub_idx').on(t.tenantId, t.cubId, t.logTime), tenantPolicy('zoo_breed_cub_log')],
);

/** A contraception of an animal: method, start, expected end, and its reversal when recorded. */
export const zooBreedContra = pgTable(
  'zoo_breed_contra',
  {
    id: idCol(),
    tenantId: tenantCol(),
    animalId: bigintStr('animal_id').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    method: integer('method').notNull(),
    product: varchar('product', { length: 100 }).notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    expectedEnd: date('expected_end', { mode: 'string' }),
    reversalDate: date('reversal_date', { mode: 'string' }),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('zoo_breed_contra_animal_idx').on(t.tenantId, t.animalId, t.startDate), tenantPolicy('zoo_breed_contra')],
);

/**
 * A paternity test of a cub (issue 31): the litter's candidate sires it was run against and the one it confirmed
 * (null: it excluded them all). One live result per cub; recording it sets the cub's sire.
 */
export const zooBreedPaternity = pgTable(
  'zoo_breed_paternity',
  {
    id: idCol(),
    tenantId: tenantCol(),
    cubId: bigintStr('cub_id').notNull(),
    litterId: bigintStr('litter_id').notNull(),
    testDate: date('test_date', { mode: 'string' }).notNull(),
    /** 1 microsatellite (STR), 2 SNP panel, 3 other. */
    method: integer('method').notNull(),
    lab: varchar('lab', { length: 100 }).notNull().default(''),
    candidateIds: jsonb('candidate_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sireId: bigintStr('sire_id'),
    /** The outside candidates (studbook identities) and the one confirmed, when the sire is an outside donor. */
    candidateIdentityIds: jsonb('candidate_identity_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sireIdentityId: bigintStr('sire_identity_id'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_breed_paternity_cub_uq')
      .on(t.tenantId, t.cubId)
      .where(sql`is_deleted = 0`),
    tenantPolicy('zoo_breed_paternity'),
  ],
);
