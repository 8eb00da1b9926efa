import { doublePrecision, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, datetime, idCol, nowDefault, tenantCol, tenantPolicy } from '../../../db/columns';

/**
 * A cage's sensor key: `key_id` is public (it names the key in the device's header), the secret is kept only as
 * its SHA-256 (the key is 32 random bytes, so a plain digest is enough). One live key per cage.
 */
export const zooCageDeviceKey = pgTable(
  'zoo_cage_device_key',
  {
    id: idCol(),
    tenantId: tenantCol(),
    cageId: bigintStr('cage_id').notNull(),
    keyId: varchar('key_id', { length: 24 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    revokeTime: datetime('revoke_time'),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_cage_device_key_id_uq').on(t.keyId),
    uniqueIndex('zoo_cage_device_key_live_uq').on(t.tenantId, t.cageId).where(sql`revoke_time is null and is_deleted = 0`),
    tenantPolicy('zoo_cage_device_key'),
  ],
);

/** Sensor readings: machine volume, so no audit columns and no audit trigger (db/conventions.ts). */
export const zooHumiture = pgTable(
  'zoo_humiture',
  {
    id: idCol(),
    tenantId: tenantCol(),
    cageId: bigintStr('cage_id').notNull(),
    readTime: datetime('read_time').notNull().default(nowDefault),
    temperature: doublePrecision('temperature').notNull(),
    humidity: doublePrecision('humidity').notNull(),
  },
  (t) => [index('zoo_humiture_cage_time_idx').on(t.tenantId, t.cageId, t.readTime), tenantPolicy('zoo_humiture')],
);
