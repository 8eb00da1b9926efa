import { check, date, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, idCol, tenantCol, tenantPolicy } from '../../../db/columns';

/** A species line as stored: which species, which sex (0 any), how many animals the document covers. */
export interface StoredPermitLine {
  speciesId: string;
  sex: number;
  quantity: number;
}

/**
 * A permit the zoo holds (decision 0040): licence, transport certificate, CITES document… Its species lines are
 * kept with the document (jsonb: they are read and written with it, never queried alone); what movements used of
 * them is in `zoo_permit_use`. Breeding licences of the species authorisation are mirrored here as kind 1 by the
 * trigger of migration 0035 (`origin` 'licence').
 */
export const zooPermit = pgTable(
  'zoo_permit',
  {
    id: idCol(),
    tenantId: tenantCol(),
    kind: integer('kind').notNull(),
    permitNo: varchar('permit_no', { length: 100 }).notNull(),
    issuingAuthority: varchar('issuing_authority', { length: 100 }).notNull(),
    holderName: varchar('holder_name', { length: 100 }).notNull().default(''),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    purposeCode: varchar('purpose_code', { length: 1 }).notNull().default(''),
    sourceCode: varchar('source_code', { length: 1 }).notNull().default(''),
    counterpart: varchar('counterpart', { length: 200 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    lines: jsonb('lines').$type<StoredPermitLine[]>().notNull().default([]),
    origin: varchar('origin', { length: 16 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    index('zoo_permit_kind_idx').on(t.tenantId, t.kind, t.validTo),
    index('zoo_permit_no_idx').on(t.tenantId, t.permitNo),
    check('zoo_permit_validity_ck', sql`valid_to is null or valid_to >= valid_from`),
    tenantPolicy('zoo_permit'),
  ],
);

/**
 * One use of a permit's species line by a movement (stock ledger row) or an outgoing transfer: the permit's remaining
 * quantity is its line's quantity less these. Written in the movement's transaction with the permit row locked.
 */
export const zooPermitUse = pgTable(
  'zoo_permit_use',
  {
    id: idCol(),
    tenantId: tenantCol(),
    permitId: bigintStr('permit_id').notNull(),
    speciesId: bigintStr('species_id').notNull(),
    quantity: integer('quantity').notNull(),
    useDate: date('use_date', { mode: 'string' }).notNull(),
    useKind: varchar('use_kind', { length: 16 }).notNull(),
    stockLogId: bigintStr('stock_log_id'),
    transferId: bigintStr('transfer_id'),
    ...baseCols(),
  },
  (t) => [
    index('zoo_permit_use_permit_idx').on(t.tenantId, t.permitId, t.speciesId),
    check('zoo_permit_use_quantity_ck', sql`quantity > 0`),
    tenantPolicy('zoo_permit_use'),
  ],
);

/**
 * One expiry reminder sent (60, 30 or 7 days before `valid_to`): the unique key makes the reminder job idempotent
 * across restarts and server instances — whoever inserts the row first sends the notice, the others insert nothing.
 * `valid_to` is part of the key so that a renewed permit (new last day) is reminded again.
 */
export const zooPermitReminder = pgTable(
  'zoo_permit_reminder',
  {
    id: idCol(),
    tenantId: tenantCol(),
    permitId: bigintStr('permit_id').notNull(),
    threshold: integer('threshold').notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    noticeId: bigintStr('notice_id'),
    ...baseCols(),
  },
  (t) => [uniqueIndex('zoo_permit_reminder_uq').on(t.tenantId, t.permitId, t.threshold, t.validTo), tenantPolicy('zoo_permit_reminder')],
);

/**
 * A species' protection status as of a day (platform table, like the species library): class and authority of the
 * national list, CITES appendix, IUCN category. A row holds from `valid_from` until the next row of the species;
 * `valid_from` null means "as first recorded". Reports read the row in force on their date.
 */
export const zooSpeciesStatus = pgTable(
  'zoo_species_status',
  {
    id: idCol(),
    speciesId: bigintStr('species_id').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    protectionClass: integer('protection_class').notNull(),
    protectionAuthority: integer('protection_authority').notNull().default(0),
    citesAppendix: varchar('cites_appendix', { length: 8 }).notNull(),
    iucnCategory: varchar('iucn_category', { length: 2 }).notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('zoo_species_status_idx').on(t.speciesId, t.validFrom)],
);
