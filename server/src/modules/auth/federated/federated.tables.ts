import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseCols, bigintStr, datetime, idCol, nowDefault, tenantCol, tenantPolicy } from '../../../db/columns';

/**
 * A tenant's OAuth 2.0 / OpenID Connect identity providers ("sources" of the social grant). The client secret is
 * kept only AES-256-GCM encrypted (platform/crypto/sealed-box.ts) and never leaves the server.
 */
export const bladeIdentityProvider = pgTable(
  'blade_identity_provider',
  {
    id: idCol(),
    tenantId: tenantCol(),
    /** The `{source}` of the render/callback paths and the social grant. */
    source: varchar('source', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** With discovery: the issuer alone; the explicit endpoints below override or replace it. */
    issuer: varchar('issuer', { length: 512 }).notNull().default(''),
    authorizationEndpoint: varchar('authorization_endpoint', { length: 512 }).notNull().default(''),
    tokenEndpoint: varchar('token_endpoint', { length: 512 }).notNull().default(''),
    userinfoEndpoint: varchar('userinfo_endpoint', { length: 512 }).notNull().default(''),
    jwksUri: varchar('jwks_uri', { length: 512 }).notNull().default(''),
    clientId: varchar('client_id', { length: 255 }).notNull(),
    clientSecretEnc: varchar('client_secret_enc', { length: 1024 }).notNull().default(''),
    scopes: varchar('scopes', { length: 255 }).notNull().default('openid profile email'),
    claimAccount: varchar('claim_account', { length: 64 }).notNull().default('preferred_username'),
    claimName: varchar('claim_name', { length: 64 }).notNull().default('name'),
    claimEmail: varchar('claim_email', { length: 64 }).notNull().default('email'),
    claimPhone: varchar('claim_phone', { length: 64 }).notNull().default('phone_number'),
    sort: integer('sort').notNull().default(1),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('blade_identity_provider_uq')
      .on(t.tenantId, t.source)
      .where(sql`is_deleted = 0`),
    tenantPolicy('blade_identity_provider'),
  ],
);

/** Provider identities (blade_user_oauth, contract §4): bound to a user, or waiting for a registration. */
export const bladeUserOauth = pgTable(
  'blade_user_oauth',
  {
    id: idCol(),
    tenantId: tenantCol(),
    source: varchar('source', { length: 32 }).notNull(),
    /** The provider's subject. */
    uuid: varchar('uuid', { length: 255 }).notNull(),
    userId: bigintStr('user_id'),
    username: varchar('username', { length: 255 }).notNull().default(''),
    nickname: varchar('nickname', { length: 255 }).notNull().default(''),
    avatar: varchar('avatar', { length: 1000 }).notNull().default(''),
    email: varchar('email', { length: 255 }).notNull().default(''),
    phone: varchar('phone', { length: 64 }).notNull().default(''),
    /**
     * The unguessable handle the "not registered" answer hands out as `oauth_id`: register-guest binds by it, so
     * nobody can attach an identity they did not sign in with. Cleared once bound.
     */
    bindTicket: varchar('bind_ticket', { length: 64 }),
    bindExpire: datetime('bind_expire'),
    createTime: datetime('create_time').notNull().default(nowDefault),
    updateTime: datetime('update_time').notNull().default(nowDefault),
  },
  (t) => [
    uniqueIndex('blade_user_oauth_uq').on(t.tenantId, t.source, t.uuid),
    uniqueIndex('blade_user_oauth_ticket_uq').on(t.bindTicket),
    index('blade_user_oauth_user_idx').on(t.tenantId, t.userId),
    tenantPolicy('blade_user_oauth'),
  ],
);

/**
 * Pending sign-ins: the state of a render redirect (with its PKCE verifier and nonce) until the social grant
 * consumes it, and an authorization request of an SSO client. Single use, short-lived, shared by every instance.
 */
export const sysOauthState = pgTable(
  'sys_oauth_state',
  {
    state: varchar('state', { length: 64 }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    source: varchar('source', { length: 32 }).notNull(),
    codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    redirectUri: varchar('redirect_uri', { length: 1000 }).notNull(),
    expireTime: datetime('expire_time').notNull(),
    useTime: datetime('use_time'),
  },
  (t) => [index('sys_oauth_state_expire_idx').on(t.expireTime)],
);

/** Authorization codes this server issued as an SSO authorization server: single use, PKCE-bound, 60 s. */
export const sysAuthCode = pgTable(
  'sys_auth_code',
  {
    /** sha256 of the code: a database reader cannot redeem one. */
    codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: bigintStr('user_id').notNull(),
    roleId: varchar('role_id', { length: 1000 }).notNull().default(''),
    deptId: varchar('dept_id', { length: 1000 }).notNull().default(''),
    redirectUri: varchar('redirect_uri', { length: 1000 }).notNull(),
    codeChallenge: varchar('code_challenge', { length: 128 }).notNull(),
    expireTime: datetime('expire_time').notNull(),
    useTime: datetime('use_time'),
  },
  (t) => [index('sys_auth_code_expire_idx').on(t.expireTime)],
);
