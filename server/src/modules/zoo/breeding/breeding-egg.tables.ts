import { check, date, integer, jsonb, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

const num = (name: string, precision: number, scale: number) => numeric(name, { precision, scale, mode: 'number' });

/** One candling of an egg: the day and what the light showed (0 unknown, 1 fertile, 2 infertile, 3 died in shell). */
export type Candling = { date: string; result: number };

/**
 * One egg of a bird's clutch (decision 0042, migration 0050): measurements, candlings over time, incubation, the
 * hatch and the chick it became. `fertility` is the latest candling's result, kept for the clutch's counts.
 */
export const zooBreedEgg = pgTable(
  'zoo_breed_egg',
  {
    id: idCol(),
    tenantId: tenantCol(),
    litterId: bigintStr('litter_id').notNull(),
    eggNo: integer('egg_no').notNull(),
    laidDate: date('laid_date', { mode: 'string' }).notNull(),
    weightG: num('weight_g', 8, 2),
    lengthMm: num('length_mm', 6, 2),
    breadthMm: num('breadth_mm', 6, 2),
    candlings: jsonb('candlings')
      .$type<Candling[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    fertility: integer('fertility').notNull().default(0),
    /** 1 incubator, 2 parent-incubated. */
    incubation: integer('incubation'),
    incubationStart: date('incubation_start', { mode: 'string' }),
    tempC: num('temp_c', 4, 1),
    humidityPct: num('humidity_pct', 4, 1),
    hatchDate: date('hatch_date', { mode: 'string' }),
    /** 1 hatched, 2 failed to hatch, 3 broken, 4 removed. */
    outcome: integer('outcome'),
    chickId: bigintStr('chick_id'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_breed_egg_no_uq')
      .on(t.tenantId, t.litterId, t.eggNo)
      .where(sql`is_deleted = 0`),
    uniqueIndex('zoo_breed_egg_chick_uq')
      .on(t.tenantId, t.chickId)
      .where(sql`is_deleted = 0 and chick_id is not null`),
    check('zoo_breed_egg_hatched_ck', sql`chick_id is null or outcome = 1`),
    tenantPolicy('zoo_breed_egg'),
  ],
);
