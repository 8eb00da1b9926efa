import { date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

/** Quarantine and necropsy (decision 0038, second slice). Tenant rows, stamped and audited by the conventions. */

const live = sql`is_deleted = 0`;

/** A quarantine of an individual in a 隔离检疫 cage, from an arrival or opened by a vet, until a vet releases it. */
export const zooMedQuarantine = pgTable(
  'zoo_med_quarantine',
  {
    id: idCol(),
    tenantId: tenantCol(),
    animalId: bigintStr('animal_id').notNull(),
    cageId: bigintStr('cage_id').notNull(),
    /** The arrival's ledger row (import or transfer in); null when opened by hand. */
    stockLogId: bigintStr('stock_log_id'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    quarantineStatus: integer('quarantine_status').notNull().default(1),
    releaseDate: date('release_date', { mode: 'string' }),
    releaseVetId: bigintStr('release_vet_id'),
    findings: varchar('findings', { length: 1000 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    // One quarantine in force per animal: the move check and the health status read it.
    uniqueIndex('zoo_med_quarantine_open_uq')
      .on(t.tenantId, t.animalId)
      .where(sql`is_deleted = 0 and quarantine_status = 1`),
    index('zoo_med_quarantine_animal_idx').on(t.tenantId, t.animalId, t.startDate),
    tenantPolicy('zoo_med_quarantine'),
  ],
);

/** The necropsy of an individual that died, tied to its death movement; carcass disposal with its papers. */
export const zooMedNecropsy = pgTable(
  'zoo_med_necropsy',
  {
    id: idCol(),
    tenantId: tenantCol(),
    animalId: bigintStr('animal_id').notNull(),
    stockLogId: bigintStr('stock_log_id').notNull(),
    necropsyDate: date('necropsy_date', { mode: 'string' }).notNull(),
    prosector: varchar('prosector', { length: 50 }).notNull().default(''),
    findings: varchar('findings', { length: 2000 }).notNull(),
    causeOfDeath: varchar('cause_of_death', { length: 500 }).notNull(),
    samples: varchar('samples', { length: 1000 }).notNull().default(''),
    disposal: integer('disposal').notNull(),
    disposalDate: date('disposal_date', { mode: 'string' }),
    disposalRecord: varchar('disposal_record', { length: 500 }).notNull().default(''),
    authorityRef: varchar('authority_ref', { length: 100 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  // One necropsy per death; found by animal for its timeline (migration 0051), as every medical table is.
  (t) => [
    uniqueIndex('zoo_med_necropsy_death_uq').on(t.tenantId, t.stockLogId).where(live),
    index('zoo_med_necropsy_animal_idx').on(t.tenantId, t.animalId),
    tenantPolicy('zoo_med_necropsy'),
  ],
);
