import { sql } from 'drizzle-orm';
import { check, index, integer, pgPolicy, pgTable, varchar } from 'drizzle-orm/pg-core';
import { baseCols, bigintStr, datetime, idCol, tenantCol } from '../../../db/columns';

const me = sql`current_setting('app.tenant_id', true)`;

/**
 * Inter-zoo transfers. `tenant_id` is the sending zoo, `to_tenant_id` the receiving one. Unlike every other
 * tenant table, a row belongs to two tenants, and row-level security says so (decision 0022): both zoos read
 * and update it, only the sender inserts it, nobody deletes it (a withdrawal is a state). A third zoo sees
 * nothing. The handlers never filter by tenant.
 *
 * What the receiver must show without reading the sender's registry (species is platform-wide) is copied at
 * proposal: zoo names, the animal's local number, name and sex, the source cage's name.
 */
export const zooTransferLog = pgTable(
  'zoo_transfer_log',
  {
    id: idCol(),
    tenantId: tenantCol(),
    toTenantId: varchar('to_tenant_id', { length: 12 }).notNull(),
    fromZooName: varchar('from_zoo_name', { length: 100 }).notNull().default(''),
    toZooName: varchar('to_zoo_name', { length: 100 }).notNull().default(''),
    animalType: integer('animal_type').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    animalId: bigintStr('animal_id'),
    identityId: bigintStr('identity_id'),
    localNo: varchar('local_no', { length: 50 }).notNull().default(''),
    animalName: varchar('animal_name', { length: 100 }).notNull().default(''),
    sex: integer('sex'),
    /** Source cage (population heads; an individual's cage at proposal). */
    cageId: bigintStr('cage_id'),
    cageName: varchar('cage_name', { length: 200 }).notNull().default(''),
    populationId: bigintStr('population_id'),
    maleQuantity: integer('male_quantity').notNull().default(0),
    femaleQuantity: integer('female_quantity').notNull().default(0),
    theyQuantity: integer('they_quantity').notNull().default(0),
    transferDate: datetime('transfer_date').notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    /** 0 pending, 1 accepted, 2 rejected, 3 withdrawn (dict transfer_status). */
    transferStatus: integer('transfer_status').notNull().default(0),
    transferOpinion: varchar('transfer_opinion', { length: 500 }).notNull().default(''),
    toCageId: bigintStr('to_cage_id'),
    toCageName: varchar('to_cage_name', { length: 200 }).notNull().default(''),
    toAnimalId: bigintStr('to_animal_id'),
    exportLogId: bigintStr('export_log_id'),
    importLogId: bigintStr('import_log_id'),
    createUserName: varchar('create_user_name', { length: 100 }).notNull().default(''),
    confirmUserName: varchar('confirm_user_name', { length: 100 }).notNull().default(''),
    confirmTime: datetime('confirm_time'),
    ...baseCols(),
  },
  (t) => [
    index('zoo_transfer_log_from_idx').on(t.tenantId, t.id),
    index('zoo_transfer_log_to_idx').on(t.toTenantId, t.id),
    index('zoo_transfer_log_identity_idx').on(t.identityId),
    index('zoo_transfer_log_pending_animal_idx')
      .on(t.tenantId, t.animalId)
      .where(sql`transfer_status = 0`),
    check('zoo_transfer_log_quantities_ck', sql`male_quantity >= 0 and female_quantity >= 0 and they_quantity >= 0`),
    check('zoo_transfer_log_other_zoo_ck', sql`to_tenant_id <> tenant_id`),
    pgPolicy('zoo_transfer_log_parties_read', { as: 'permissive', for: 'select', using: sql`tenant_id = ${me} or to_tenant_id = ${me}` }),
    pgPolicy('zoo_transfer_log_sender_insert', { as: 'permissive', for: 'insert', withCheck: sql`tenant_id = ${me}` }),
    pgPolicy('zoo_transfer_log_parties_update', {
      as: 'permissive',
      for: 'update',
      using: sql`tenant_id = ${me} or to_tenant_id = ${me}`,
      withCheck: sql`tenant_id = ${me} or to_tenant_id = ${me}`,
    }),
  ],
);
