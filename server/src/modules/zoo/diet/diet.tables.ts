import { date, index, integer, jsonb, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, datetime, idCol, nowDefault, tenantCol, tenantPolicy } from '../../../db/columns';

/** A planned feeding as stored in its plan (the food's name is looked up in the `zoo_food` dictionary). */
export interface StoredFeeding {
  no: number;
  time: string;
  foodKey: string;
  amount: number;
  unit: string;
  price: number | null;
  note: string;
}

const qty = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });

/**
 * A diet plan (decision 0046): what one individual (animal_type 1) or population (2) is fed from `effective_from`
 * on, until the subject's next plan. Feedings are JSON in the row: they are edited with the plan, audited with it,
 * and keep their `no` across edits so feeding records stay attached.
 */
export const zooDietPlan = pgTable(
  'zoo_diet_plan',
  {
    id: idCol(),
    tenantId: tenantCol(),
    animalType: integer('animal_type').notNull(),
    animalId: bigintStr('animal_id').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    feedings: jsonb('feedings')
      .$type<StoredFeeding[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...baseCols(),
  },
  (t) => [
    // One plan per subject and start date: "the plan on day d" is the latest start on or before d.
    uniqueIndex('zoo_diet_plan_from_uq')
      .on(t.tenantId, t.animalId, t.effectiveFrom)
      .where(sql`is_deleted = 0`),
    tenantPolicy('zoo_diet_plan'),
  ],
);

/**
 * What a keeper did with one planned feeding on one day. The plan's food, amount, unit and price are copied at
 * recording time, as cage and species are: later plan edits do not rewrite what was fed.
 */
export const zooFeeding = pgTable(
  'zoo_feeding',
  {
    id: idCol(),
    tenantId: tenantCol(),
    planId: bigintStr('plan_id').notNull(),
    feedingNo: integer('feeding_no').notNull(),
    animalId: bigintStr('animal_id').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    cageId: bigintStr('cage_id'),
    feedDate: date('feed_date', { mode: 'string' }).notNull(),
    feedTime: varchar('feed_time', { length: 5 }).notNull(),
    foodKey: varchar('food_key', { length: 50 }).notNull(),
    planned: qty('planned').notNull(),
    unit: varchar('unit', { length: 10 }).notNull(),
    offered: qty('offered').notNull(),
    leftover: qty('leftover').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    refuseReason: varchar('refuse_reason', { length: 200 }).notNull().default(''),
    price: numeric('price', { precision: 14, scale: 4, mode: 'number' }),
    keeperId: bigintStr('keeper_id'),
    rowVersion: integer('row_version').notNull().default(1),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_feeding_day_uq')
      .on(t.tenantId, t.planId, t.feedingNo, t.feedDate)
      .where(sql`is_deleted = 0`),
    index('zoo_feeding_date_idx').on(t.tenantId, t.feedDate),
    tenantPolicy('zoo_feeding'),
  ],
);

/**
 * The idempotency keys of offline entries a device sent (decision 0046). The unique index, not memory, makes a key
 * apply once across server instances: a replay racing the original waits on the index and then finds the key.
 */
export const zooSyncReceipt = pgTable(
  'zoo_sync_receipt',
  {
    id: idCol(),
    tenantId: tenantCol(),
    clientKey: varchar('client_key', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    targetId: bigintStr('target_id'),
    rowVersion: integer('row_version').notNull().default(0),
    userId: bigintStr('user_id'),
    createTime: datetime('create_time').notNull().default(nowDefault),
  },
  (t) => [uniqueIndex('zoo_sync_receipt_key_uq').on(t.tenantId, t.clientKey), tenantPolicy('zoo_sync_receipt')],
);
