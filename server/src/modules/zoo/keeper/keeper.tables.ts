import { date, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { DietItem } from '@zoo/contract';
import { baseCols, bigintStr, partIdCol, partitionPk, tenantCol, tenantPolicy } from '../../../db/columns';

/**
 * A keeper's daily log of one individual (animal_type 1) or population (2). Cage and species are copied at
 * logging time: a log stays where it was written when the animal later moves. Partitioned by month of log_date
 * (migration 0052, decision 0056): the primary key is (id, log_date).
 */
export const zooBasicLog = pgTable(
  'zoo_basic_log',
  {
    id: partIdCol(),
    tenantId: tenantCol(),
    animalType: integer('animal_type').notNull(),
    animalId: bigintStr('animal_id').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    cageId: bigintStr('cage_id'),
    logDate: date('log_date', { mode: 'string' }).notNull(),
    logTime: varchar('log_time', { length: 5 }).notNull().default(''),
    keeperId: bigintStr('keeper_id'),
    diet: jsonb('diet')
      .$type<DietItem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    intake: integer('intake').notNull().default(1),
    appetite: integer('appetite').notNull().default(1),
    behaviour: integer('behaviour').notNull().default(1),
    faeces: integer('faeces').notNull().default(1),
    health: integer('health').notNull().default(1),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    /** Bumped on every change (trigger, migration 0039): what an offline device saw (sync conflicts, decision 0046). */
    rowVersion: integer('row_version').notNull().default(1),
    ...baseCols(),
  },
  (t) => [
    partitionPk('zoo_basic_log', t.id, t.logDate),
    // One log per animal per day; the month calendar reads this index's range. In SQL (migration 0022) it also
    // INCLUDEs (id, intake, health, keeper_id), so the calendar is an index-only scan; Drizzle cannot say INCLUDE.
    uniqueIndex('zoo_basic_log_day_uq')
      .on(t.tenantId, t.animalId, t.logDate)
      .where(sql`is_deleted = 0`),
    index('zoo_basic_log_date_idx').on(t.tenantId, t.logDate),
    tenantPolicy('zoo_basic_log'),
  ],
);
