import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, idCol, tenantCol, tenantPolicy } from '../../db/columns';

/* The people answering for a place: a venue's contacts and the keepers assigned to a cage (zoo.tables.ts holds the places). */

const live = sql`is_deleted = 0`;

/** Whom to call about a venue. */
export const zooVenueContacts = pgTable(
  'zoo_venue_contacts',
  {
    id: idCol(),
    tenantId: tenantCol(),
    venueId: bigintStr('venue_id').notNull(),
    contactName: varchar('contact_name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    position: varchar('position', { length: 50 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('zoo_venue_contacts_venue_idx').on(t.tenantId, t.venueId), tenantPolicy('zoo_venue_contacts')],
);

/** Keepers (users of the zoo) assigned to a cage. */
export const zooCageBreeder = pgTable(
  'zoo_cage_breeder',
  {
    id: idCol(),
    tenantId: tenantCol(),
    cageId: bigintStr('cage_id').notNull(),
    userId: bigintStr('user_id').notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [uniqueIndex('zoo_cage_breeder_uq').on(t.tenantId, t.cageId, t.userId).where(live), tenantPolicy('zoo_cage_breeder')],
);
