import { doublePrecision, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, datetime, idCol, nowDefault, partIdCol, partitionPk, tenantCol, tenantPolicy } from '../../../db/columns';

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
    uniqueIndex('zoo_cage_device_key_live_uq')
      .on(t.tenantId, t.cageId)
      .where(sql`revoke_time is null and is_deleted = 0`),
    tenantPolicy('zoo_cage_device_key'),
  ],
);

/**
 * Sensor readings: machine volume, so no audit columns and no audit trigger (db/conventions.ts). Partitioned by
 * month of read_time (migration 0052, decision 0056).
 */
export const zooHumiture = pgTable(
  'zoo_humiture',
  {
    id: partIdCol(),
    tenantId: tenantCol(),
    cageId: bigintStr('cage_id').notNull(),
    readTime: datetime('read_time').notNull().default(nowDefault),
    temperature: doublePrecision('temperature').notNull(),
    humidity: doublePrecision('humidity').notNull(),
  },
  (t) => [
    partitionPk('zoo_humiture', t.id, t.readTime),
    index('zoo_humiture_cage_time_idx').on(t.tenantId, t.cageId, t.readTime),
    tenantPolicy('zoo_humiture'),
  ],
);

/**
 * A cage's readings of one hour, folded (migration 0053, decision 0057): kept by the statement trigger
 * `zoo_humiture_hour_add` on every insert into `zoo_humiture`, whoever inserts, so a week or month chart reads 168
 * or 720 of these rows instead of 10,000 or 43,000 readings. Min, max, sum and count are what every bucket and the
 * summary need; a reading's breach depends on today's comfort band, so breaches are counted from the readings of
 * the hours whose min or max leaves it.
 */
export const zooHumitureHour = pgTable(
  'zoo_humiture_hour',
  {
    tenantId: tenantCol(),
    cageId: bigintStr('cage_id').notNull(),
    hour: datetime('hour').notNull(),
    tMin: doublePrecision('t_min').notNull(),
    tMax: doublePrecision('t_max').notNull(),
    tSum: doublePrecision('t_sum').notNull(),
    hMin: doublePrecision('h_min').notNull(),
    hMax: doublePrecision('h_max').notNull(),
    hSum: doublePrecision('h_sum').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'zoo_humiture_hour_pkey', columns: [t.tenantId, t.cageId, t.hour] }), tenantPolicy('zoo_humiture_hour')],
);

/**
 * An environment alarm: a cage's temperature (kind 1) or humidity (kind 2) left the comfort band of the species
 * it holds. Raised and closed by the ingestion statement (decision 0024): at most one open alarm per cage and
 * kind (partial unique index), closed once enough later readings are back inside the band by the dead-band margin
 * (decision 0029). `value` is the reading
 * that raised it, `peak` the furthest reading outside the band while it was open, `range_*` the band then.
 */
export const zooHumitureAlarm = pgTable(
  'zoo_humiture_alarm',
  {
    id: idCol(),
    tenantId: tenantCol(),
    cageId: bigintStr('cage_id').notNull(),
    kind: integer('kind').notNull(),
    value: doublePrecision('value').notNull(),
    peak: doublePrecision('peak').notNull(),
    rangeMin: doublePrecision('range_min'),
    rangeMax: doublePrecision('range_max'),
    startTime: datetime('start_time').notNull(),
    endTime: datetime('end_time'),
    ackUser: bigintStr('ack_user'),
    ackTime: datetime('ack_time'),
    /** Consecutive readings back inside the band by the dead-band margin while open (decision 0029). */
    clearRun: integer('clear_run').notNull().default(0),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('zoo_humiture_alarm_open_uq')
      .on(t.tenantId, t.cageId, t.kind)
      .where(sql`end_time is null and is_deleted = 0`),
    index('zoo_humiture_alarm_start_idx').on(t.tenantId, t.startTime),
    tenantPolicy('zoo_humiture_alarm'),
  ],
);

/**
 * The alarm's notice to each keeper of the cage when it was raised (the tenant-wide notices of 通知公告 cannot
 * address one user): the keeper's "my alarms" list and unread count read these rows.
 */
export const zooHumitureAlarmNotice = pgTable(
  'zoo_humiture_alarm_notice',
  {
    id: idCol(),
    tenantId: tenantCol(),
    alarmId: bigintStr('alarm_id').notNull(),
    userId: bigintStr('user_id').notNull(),
    createTime: datetime('create_time').notNull().default(nowDefault),
    readTime: datetime('read_time'),
  },
  (t) => [
    uniqueIndex('zoo_humiture_alarm_notice_uq').on(t.tenantId, t.alarmId, t.userId),
    index('zoo_humiture_alarm_notice_user_idx').on(t.tenantId, t.userId, t.readTime),
    tenantPolicy('zoo_humiture_alarm_notice'),
  ],
);
