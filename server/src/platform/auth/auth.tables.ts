import { index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { bigintStr, datetime, nowDefault } from '../../db/columns';

/** Server-generated secrets (the JWT signing key when none is configured), shared by every instance. */
export const sysSecret = pgTable('sys_secret', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createTime: datetime('create_time').notNull().default(nowDefault),
});

/** Captcha codes live in the database so any instance can check them, and each is consumed once. */
export const sysCaptcha = pgTable(
  'sys_captcha',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    code: varchar('code', { length: 16 }).notNull(),
    expireTime: datetime('expire_time').notNull(),
  },
  (t) => [index('sys_captcha_expire_idx').on(t.expireTime)],
);

/** Failed login counters per tenant + account (contract §2.6). */
export const sysLoginFail = pgTable(
  'sys_login_fail',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    account: varchar('account', { length: 64 }).notNull(),
    failCount: integer('fail_count').notNull().default(0),
    expireTime: datetime('expire_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.account] })],
);

/** Issued tokens: revocation (logout) and refresh rotation must hold across instances. */
export const sysToken = pgTable(
  'sys_token',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    kind: varchar('kind', { length: 8 }).notNull(), // access | refresh
    pairJti: varchar('pair_jti', { length: 64 }).notNull(),
    /** Every token descending from one sign-in by refresh rotation: reusing a rotated refresh token revokes them all. */
    family: varchar('family', { length: 64 }),
    userId: bigintStr('user_id').notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    expireTime: datetime('expire_time').notNull(),
    revokeTime: datetime('revoke_time'),
    createTime: datetime('create_time').notNull().default(nowDefault),
  },
  (t) => [index('sys_token_user_idx').on(t.tenantId, t.userId), index('sys_token_expire_idx').on(t.expireTime), index('sys_token_family_idx').on(t.family)],
);

/** Fixed-window counters of public calls per client address (self-registration), shared by every instance. */
export const sysThrottle = pgTable(
  'sys_throttle',
  {
    bucket: varchar('bucket', { length: 32 }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    hits: integer('hits').notNull().default(0),
    windowEnd: datetime('window_end').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('sys_throttle_window_idx').on(t.windowEnd)],
);
