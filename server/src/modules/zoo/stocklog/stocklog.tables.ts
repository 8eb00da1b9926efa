import { check, doublePrecision, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bigintStr, datetime, idCol, nowDefault, tenantCol, tenantPolicy } from '../../../db/columns';

const settingId = (key: string) => sql.raw(`nullif(current_setting('app.${key}', true), '')::bigint`);

/**
 * The stock ledger: one row per movement, never updated or deleted (a trigger of migration 0010 refuses both).
 * A population stock gains `quantities` when it is `to_population_id` and loses them when it is `population_id`;
 * an individual's last row gives its status and cage. Stock before/after are kept as [male, female, unknown].
 */
export const zooStockLog = pgTable(
  'zoo_stock_log',
  {
    id: idCol(),
    tenantId: tenantCol(),
    movementType: varchar('movement_type', { length: 16 }).notNull(),
    animalType: integer('animal_type').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    animalId: bigintStr('animal_id'),
    /** The population that loses heads (export, die, cancel, move source). */
    populationId: bigintStr('population_id'),
    /** The population that gains heads (born, import, census, move target). */
    toPopulationId: bigintStr('to_population_id'),
    fromCageId: bigintStr('from_cage_id'),
    toCageId: bigintStr('to_cage_id'),
    maleQuantity: integer('male_quantity').notNull().default(0),
    femaleQuantity: integer('female_quantity').notNull().default(0),
    theyQuantity: integer('they_quantity').notNull().default(0),
    fromBefore: integer('from_before').array(),
    fromAfter: integer('from_after').array(),
    toBefore: integer('to_before').array(),
    toAfter: integer('to_after').array(),
    statusBefore: integer('status_before'),
    statusAfter: integer('status_after'),
    eventDate: datetime('event_date').notNull(),
    typeKey: varchar('type_key', { length: 16 }).notNull().default(''),
    counterpart: varchar('counterpart', { length: 200 }).notNull().default(''),
    price: doublePrecision('price'),
    backDate: datetime('back_date'),
    permitNo: varchar('permit_no', { length: 100 }).notNull().default(''),
    reason: varchar('reason', { length: 1000 }).notNull().default(''),
    images: text('images').notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    reversedId: bigintStr('reversed_id'),
    /** The inter-zoo transfer this export (sender) or import (receiver) row carries out. */
    transferId: bigintStr('transfer_id'),
    createUser: bigintStr('create_user').default(settingId('user_id')),
    createDept: bigintStr('create_dept').default(settingId('dept_id')),
    createTime: datetime('create_time').notNull().default(nowDefault),
  },
  (t) => [
    index('zoo_stock_log_animal_idx').on(t.tenantId, t.animalId, t.id),
    index('zoo_stock_log_pop_idx').on(t.tenantId, t.populationId, t.id),
    index('zoo_stock_log_to_pop_idx').on(t.tenantId, t.toPopulationId, t.id),
    index('zoo_stock_log_species_idx').on(t.tenantId, t.speciesId, t.eventDate),
    index('zoo_stock_log_date_idx').on(t.tenantId, t.eventDate),
    // A movement is reversed at most once.
    uniqueIndex('zoo_stock_log_reversed_uq')
      .on(t.tenantId, t.reversedId)
      .where(sql`reversed_id is not null`),
    check('zoo_stock_log_quantities_ck', sql`male_quantity >= 0 and female_quantity >= 0 and they_quantity >= 0`),
    tenantPolicy('zoo_stock_log'),
  ],
);
