import { doublePrecision, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, datetime, idCol, nowDefault } from '../../../db/columns';

/**
 * Studbooks (decision 0037). Platform tables (no tenant column): a studbook and its numbers belong to a species'
 * programme across zoos, not to one zoo. Written by the platform and by the species' studbook keepers through
 * the studbook endpoints; zoos read pedigree facts only through zoo_pedigree_facts() (migration 0029).
 */
const live = sql`is_deleted = 0`;

/** A species' studbook: scope 1 national, 2 international (a species may have both). */
export const zooStudbook = pgTable(
  'zoo_studbook',
  {
    id: idCol(),
    speciesId: bigintStr('species_id').notNull(),
    studbookName: varchar('studbook_name', { length: 100 }).notNull(),
    scope: integer('scope').notNull().default(1),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [uniqueIndex('zoo_studbook_species_scope_uq').on(t.speciesId, t.scope).where(live)],
);

/** An identity's number in one studbook (SPARKS: positive integers, or T-prefixed temporary numbers). */
export const zooStudbookNo = pgTable(
  'zoo_studbook_no',
  {
    id: idCol(),
    studbookId: bigintStr('studbook_id').notNull(),
    identityId: bigintStr('identity_id').notNull(),
    studbookNo: varchar('studbook_no', { length: 20 }).notNull(),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_studbook_no_uq').on(t.studbookId, t.studbookNo).where(live),
    uniqueIndex('zoo_studbook_no_identity_uq').on(t.studbookId, t.identityId).where(live),
    index('zoo_studbook_no_identity_idx').on(t.identityId),
  ],
);

/** The studbook-keeper right: a zoo (tenant) that may read a species' whole studbook across zoos. */
export const zooStudbookKeeper = pgTable(
  'zoo_studbook_keeper',
  {
    id: idCol(),
    keeperTenantId: varchar('keeper_tenant_id', { length: 12 }).notNull(),
    speciesId: bigintStr('species_id').notNull(),
    ...baseCols(),
  },
  (t) => [uniqueIndex('zoo_studbook_keeper_uq').on(t.keeperTenantId, t.speciesId).where(live)],
);

/** Population figures of a species over time (source 1 nightly, 2 on demand). */
export const zooStudbookSnapshot = pgTable(
  'zoo_studbook_snapshot',
  {
    id: idCol(),
    speciesId: bigintStr('species_id').notNull(),
    snapshotTime: datetime('snapshot_time').notNull().default(nowDefault),
    living: integer('living').notNull(),
    founders: integer('founders').notNull(),
    gd: doublePrecision('gd').notNull(),
    fge: doublePrecision('fge').notNull(),
    meanF: doublePrecision('mean_f').notNull(),
    meanMk: doublePrecision('mean_mk').notNull(),
    source: integer('source').notNull().default(2),
    ...baseCols(),
  },
  (t) => [index('zoo_studbook_snapshot_species_idx').on(t.speciesId, t.snapshotTime)],
);
