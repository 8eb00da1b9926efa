import { check, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, datetime, idCol, tenantCol, tenantPolicy } from '../../db/columns';

const live = sql`is_deleted = 0`;
/** A gestation range is both days or neither, whole days 1–1000, shortest first (the contract says so; this keeps it). */
const breedingAgeCheck = sql`breeding_age_years is null or breeding_age_years between 0 and 60`;
const gestationCheck = sql`(gestation_min_days is null and gestation_max_days is null) or (gestation_min_days between 1 and 1000 and gestation_max_days between gestation_min_days and 1000)`;

// ---- Platform tables: curated by the platform administrator, readable by every zoo (no tenant column). ----

/** Taxonomy from class down to subspecies (rank 1..6), Chinese and Latin names. */
export const zooTaxonomy = pgTable(
  'zoo_taxonomy',
  {
    id: idCol(),
    parentId: bigintStr('parent_id').notNull().default('0'),
    rank: integer('rank').notNull(),
    nameCn: varchar('name_cn', { length: 100 }).notNull(),
    nameLatin: varchar('name_latin', { length: 200 }).notNull(),
    sort: integer('sort').notNull().default(0),
    source: varchar('source', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('zoo_taxonomy_parent_idx').on(t.parentId), uniqueIndex('zoo_taxonomy_name_uq').on(t.parentId, t.nameLatin).where(live)],
);

/** The public species library with protection, CITES and IUCN status and a confidence flag per row. */
export const zooSpecies = pgTable(
  'zoo_species',
  {
    id: idCol(),
    speciesName: varchar('species_name', { length: 100 }).notNull(),
    latinName: varchar('latin_name', { length: 200 }).notNull(),
    taxonomyId: bigintStr('taxonomy_id'),
    protectionClass: integer('protection_class').notNull().default(0),
    protectionAuthority: integer('protection_authority').notNull().default(0),
    protectionRemark: varchar('protection_remark', { length: 255 }).notNull().default(''),
    citesAppendix: varchar('cites_appendix', { length: 8 }).notNull().default('none'),
    iucnCategory: varchar('iucn_category', { length: 2 }).notNull().default('NE'),
    iucnYear: integer('iucn_year'),
    iucnCriteria: varchar('iucn_criteria', { length: 100 }).notNull().default(''),
    managementMode: integer('management_mode').notNull().default(1),
    tempMin: doublePrecision('temp_min'),
    tempMax: doublePrecision('temp_max'),
    humidityMin: doublePrecision('humidity_min'),
    humidityMax: doublePrecision('humidity_max'),
    // Gestation (mammals) or incubation (birds) in whole days, shortest and longest: the expected birth window.
    gestationMinDays: integer('gestation_min_days'),
    gestationMaxDays: integer('gestation_max_days'),
    // Breeding age in whole years (the season board's females of breeding age).
    breedingAgeYears: integer('breeding_age_years'),
    source: varchar('source', { length: 16 }).notNull().default('unverified'),
    sourceNote: varchar('source_note', { length: 500 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_species_latin_uq').on(t.latinName).where(live),
    index('zoo_species_taxonomy_idx').on(t.taxonomyId),
    check('zoo_species_gestation_ck', gestationCheck),
    check('zoo_species_breeding_age_ck', breedingAgeCheck),
  ],
);

// ---- Tenant tables: row-level security keeps each zoo to its own rows. ----

/** A species in the zoo's breeding licence scope, with licence data and the zoo's local fields. */
export const zooTenantSpecies = pgTable(
  'zoo_tenant_species',
  {
    id: idCol(),
    tenantId: tenantCol(),
    speciesId: bigintStr('species_id').notNull(),
    licenceNo: varchar('licence_no', { length: 100 }).notNull(),
    issuingAuthority: varchar('issuing_authority', { length: 100 }).notNull(),
    validFrom: datetime('valid_from').notNull(),
    validTo: datetime('valid_to'),
    approvedQuantity: integer('approved_quantity'),
    localName: varchar('local_name', { length: 100 }).notNull().default(''),
    localRemark: varchar('local_remark', { length: 500 }).notNull().default(''),
    managementMode: integer('management_mode'),
    // The zoo's own gestation range, over the library's (null: follows the library).
    gestationMinDays: integer('gestation_min_days'),
    gestationMaxDays: integer('gestation_max_days'),
    // The zoo's own breeding age, over the library's (null: follows the library).
    breedingAgeYears: integer('breeding_age_years'),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_tenant_species_uq').on(t.tenantId, t.speciesId).where(live),
    check('zoo_tenant_species_gestation_ck', gestationCheck),
    check('zoo_tenant_species_breeding_age_ck', breedingAgeCheck),
    tenantPolicy('zoo_tenant_species'),
  ],
);

export const zooPark = pgTable(
  'zoo_park',
  {
    id: idCol(),
    tenantId: tenantCol(),
    parkName: varchar('park_name', { length: 100 }).notNull(),
    address: varchar('address', { length: 255 }).notNull().default(''),
    linkman: varchar('linkman', { length: 50 }).notNull().default(''),
    contactNumber: varchar('contact_number', { length: 30 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [uniqueIndex('zoo_park_name_uq').on(t.tenantId, t.parkName).where(live), tenantPolicy('zoo_park')],
);

export const zooVenue = pgTable(
  'zoo_venue',
  {
    id: idCol(),
    tenantId: tenantCol(),
    parkId: bigintStr('park_id').notNull(),
    venueName: varchar('venue_name', { length: 100 }).notNull(),
    area: doublePrecision('area'),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [uniqueIndex('zoo_venue_name_uq').on(t.tenantId, t.parkId, t.venueName).where(live), tenantPolicy('zoo_venue')],
);

export const zooCage = pgTable(
  'zoo_cage',
  {
    id: idCol(),
    tenantId: tenantCol(),
    venueId: bigintStr('venue_id').notNull(),
    cageCode: varchar('cage_code', { length: 50 }).notNull(),
    cageName: varchar('cage_name', { length: 100 }).notNull(),
    cageType: integer('cage_type').notNull().default(1),
    area: doublePrecision('area'),
    capacity: integer('capacity'),
    cameraUrl: varchar('camera_url', { length: 1000 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_cage_code_uq').on(t.tenantId, t.cageCode).where(live),
    index('zoo_cage_venue_idx').on(t.tenantId, t.venueId),
    tenantPolicy('zoo_cage'),
  ],
);

/**
 * An individual. `status` (base column) is the stock state: 1 in stock, 2 exported, 3 dead, 4 deregistered.
 * A parent is another animal of the zoo (`*_id`), an animal of another zoo by its identity (`*_identity_id`), or a
 * studbook marker (`*_mark`: UNK / WILD / MULT with `*_candidates`, identities and optional weights), never blank
 * (decision 0037).
 */
export const zooAnimal = pgTable(
  'zoo_animal',
  {
    id: idCol(),
    tenantId: tenantCol(),
    speciesId: bigintStr('species_id').notNull(),
    localNo: varchar('local_no', { length: 50 }).notNull(),
    animalName: varchar('animal_name', { length: 100 }).notNull().default(''),
    sex: integer('sex').notNull().default(3),
    birthDate: datetime('birth_date'),
    birthPrecision: integer('birth_precision').notNull().default(4),
    origin: integer('origin').notNull().default(3),
    sireId: bigintStr('sire_id'),
    sireMark: varchar('sire_mark', { length: 8 }).notNull().default('UNK'),
    damId: bigintStr('dam_id'),
    damMark: varchar('dam_mark', { length: 8 }).notNull().default('UNK'),
    sireIdentityId: bigintStr('sire_identity_id'),
    damIdentityId: bigintStr('dam_identity_id'),
    sireCandidates: jsonb('sire_candidates').$type<Array<{ id: string; w?: number }>>(),
    damCandidates: jsonb('dam_candidates').$type<Array<{ id: string; w?: number }>>(),
    cageId: bigintStr('cage_id'),
    breederId: bigintStr('breeder_id'),
    photos: text('photos').notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    /**
     * The animal's identity across zoos (domain.md §3.6): null until the animal is first transferred, then the
     * id of its first record, shared by every zoo's record of it (coalesce(identity_id, id) is the identity).
     */
    identityId: bigintStr('identity_id'),
    ...baseCols(),
  },
  (t) => [
    index('zoo_animal_identity_idx').on(t.identityId),
    index('zoo_animal_species_all_idx').on(t.speciesId),
    uniqueIndex('zoo_animal_local_no_uq').on(t.tenantId, t.localNo).where(live),
    index('zoo_animal_species_idx').on(t.tenantId, t.speciesId),
    index('zoo_animal_cage_idx').on(t.tenantId, t.cageId),
    index('zoo_animal_sire_idx').on(t.tenantId, t.sireId),
    index('zoo_animal_dam_idx').on(t.tenantId, t.damId),
    tenantPolicy('zoo_animal'),
  ],
);

/** Typed identifiers with version history: a new version voids the old row (void_time), never overwrites it. */
export const zooAnimalFlag = pgTable(
  'zoo_animal_flag',
  {
    id: idCol(),
    tenantId: tenantCol(),
    animalId: bigintStr('animal_id').notNull(),
    type: integer('flag_type').notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    version: integer('version').notNull().default(1),
    isoCompliant: integer('iso_compliant'),
    issueDate: datetime('issue_date'),
    issuer: varchar('issuer', { length: 100 }).notNull().default(''),
    voidTime: datetime('void_time'),
    voidReason: varchar('void_reason', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    // One current version per animal and type.
    uniqueIndex('zoo_animal_flag_current_uq')
      .on(t.tenantId, t.animalId, t.type)
      .where(sql`is_deleted = 0 and void_time is null`),
    uniqueIndex('zoo_animal_flag_version_uq').on(t.tenantId, t.animalId, t.type, t.version).where(live),
    index('zoo_animal_flag_code_idx').on(t.tenantId, t.type, t.code),
    tenantPolicy('zoo_animal_flag'),
  ],
);

/** A species group in a cage counted M.F.U; a later stock ledger drives the counts. */
export const zooPopulation = pgTable(
  'zoo_population',
  {
    id: idCol(),
    tenantId: tenantCol(),
    speciesId: bigintStr('species_id').notNull(),
    cageId: bigintStr('cage_id').notNull(),
    populationName: varchar('population_name', { length: 100 }).notNull().default(''),
    maleQuantity: integer('male_quantity').notNull().default(0),
    femaleQuantity: integer('female_quantity').notNull().default(0),
    theyQuantity: integer('they_quantity').notNull().default(0),
    /** Heads promised to pending transfers: no other movement may take them (the ledger checks counts minus these). */
    pendingMale: integer('pending_male').notNull().default(0),
    pendingFemale: integer('pending_female').notNull().default(0),
    pendingThey: integer('pending_they').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    check(
      'zoo_population_pending_ck',
      sql`pending_male between 0 and male_quantity and pending_female between 0 and female_quantity and pending_they between 0 and they_quantity`,
    ),
    uniqueIndex('zoo_population_cage_species_uq').on(t.tenantId, t.cageId, t.speciesId).where(live),
    index('zoo_population_species_idx').on(t.tenantId, t.speciesId),
    check('zoo_population_quantities_ck', sql`male_quantity >= 0 and female_quantity >= 0 and they_quantity >= 0`),
    tenantPolicy('zoo_population'),
  ],
);

export const zooPopulationAnimal = pgTable(
  'zoo_population_animal',
  {
    id: idCol(),
    tenantId: tenantCol(),
    populationId: bigintStr('population_id').notNull(),
    animalId: bigintStr('animal_id').notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [uniqueIndex('zoo_population_animal_uq').on(t.tenantId, t.populationId, t.animalId).where(live), tenantPolicy('zoo_population_animal')],
);

/** Files attached to any zoo record: a link (and the blade_attach id when it went through object storage). */
export const zooBizAttach = pgTable(
  'zoo_biz_attach',
  {
    id: idCol(),
    tenantId: tenantCol(),
    bizType: varchar('biz_type', { length: 32 }).notNull(),
    bizId: bigintStr('biz_id').notNull(),
    attachId: bigintStr('attach_id'),
    link: varchar('link', { length: 1000 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('zoo_biz_attach_biz_idx').on(t.tenantId, t.bizType, t.bizId), tenantPolicy('zoo_biz_attach')],
);
