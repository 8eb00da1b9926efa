import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FEDERATED_MSG } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { OAuthError } from '../../../platform/http/errors';
import { bladeUser } from '../../../platform/identity/identity.tables';
import type { TokenUser } from '../../../platform/auth/tokens';
import { inTenant } from '../../../platform/tenancy/tenant-tx';
import { checkTenant, MSG, tokenUser } from '../login';
import { bladeIdentityProvider, bladeUserOauth, sysOauthState } from './federated.tables';
import { auditRefusal } from './refusal';
import { authorizationUrl, providerConfig, redeem } from './relying-party';
import { providerKey } from './provider-key';

/** A render's state lives this long: the person has to sign in at the provider meanwhile. */
const STATE_SECONDS = 600;
/** How long a "not registered" answer's oauth_id may be used to register. */
const TICKET_MINUTES = 30;

export const SOURCE_RE = /^[a-z0-9_-]{1,32}$/;

type ProviderRow = typeof bladeIdentityProvider.$inferSelect;

/** The tenant's provider for a source, refusing unknown and disabled ones. */
export async function providerFor(tx: Tx, source: string): Promise<ProviderRow> {
  if (!SOURCE_RE.test(source)) throw new OAuthError('invalid_request', FEDERATED_MSG.unknownSource);
  const [p] = await tx
    .select()
    .from(bladeIdentityProvider)
    .where(and(eq(bladeIdentityProvider.source, source), eq(bladeIdentityProvider.isDeleted, 0)));
  if (!p) throw new OAuthError('invalid_request', FEDERATED_MSG.unknownSource);
  if (p.status !== 1) throw new OAuthError('access_denied', FEDERATED_MSG.disabled);
  return p;
}

/** Where the provider sends the browser back: this server's callback path, as the browser reached it. */
export function callbackUrl(req: FastifyRequest, source: string): string {
  return `${req.protocol}://${req.host}/api/blade-auth/oauth/callback/${source}`;
}

/** Render: a new state row (PKCE verifier, nonce) and the provider's authorization URL. */
export async function beginSocial(app: FastifyInstance, req: FastifyRequest, tenantId: string, source: string): Promise<string> {
  const db = app.zoo.database.db;
  const p = await inTenant(db, { tenantId }, (tx) => providerFor(tx, source)).catch((e: unknown) => {
    if (e instanceof OAuthError) auditRefusal(app, req, 'render', { tenantId, source, reason: e.description });
    throw e;
  });
  const config = await providerConfig(app, p, await providerKey(app)).catch((e: unknown) => {
    req.log.warn({ err: e, source }, 'identity provider unreachable');
    throw new OAuthError('temporarily_unavailable', FEDERATED_MSG.providerFailed, 502);
  });
  const row = {
    state: oidc.randomState(),
    tenantId,
    source,
    codeVerifier: oidc.randomPKCECodeVerifier(),
    nonce: oidc.randomNonce(),
    redirectUri: callbackUrl(req, source),
    expireTime: sql`localtimestamp(0) + make_interval(secs => ${STATE_SECONDS})`,
  };
  // Spent and expired states are swept now and then, as captchas are (no timer: any instance may do it).
  if (Math.random() < 0.05) await db.delete(sysOauthState).where(sql`${sysOauthState.expireTime} < localtimestamp(0)`);
  await db.insert(sysOauthState).values(row as never);
  return (await authorizationUrl(config, p, row)).href;
}

/** The raw "not registered" answer (Saber's user_id -1): no token, the handle register-guest binds with. */
export interface NotRegistered {
  user_id: '-1';
  oauth_id: string;
  tenant_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  avatar: string;
  access_token: '';
  refresh_token: '';
  error_code: 'not_registered';
  msg: string;
}

export type SocialOutcome = { user: TokenUser; oauthId: string } | { notRegistered: NotRegistered };

/**
 * grant_type=social: the state is consumed first (single use, whatever happens next), then the provider redeems
 * the code. A bound identity signs in as its user; an unbound one gets a fresh binding ticket.
 */
export async function socialGrant(
  app: FastifyInstance,
  req: FastifyRequest,
  q: { tenantId: string; source: string; code: string; state: string },
): Promise<SocialOutcome> {
  const db = app.zoo.database.db;
  const refuse = (kind: string, e: OAuthError): never => {
    auditRefusal(app, req, kind, { tenantId: q.tenantId, source: q.source, reason: e.description });
    throw e;
  };
  if (!q.source || !q.code || !q.state) refuse('social', new OAuthError('invalid_request', '缺少 source、code 或 state 参数'));
  if (q.state.length > 64 || q.code.length > 2048) refuse('state', new OAuthError('invalid_grant', FEDERATED_MSG.badState));
  const [st] = await db
    .update(sysOauthState)
    .set({ useTime: sql`localtimestamp(0)` })
    .where(and(eq(sysOauthState.state, q.state), isNull(sysOauthState.useTime), sql`${sysOauthState.expireTime} > localtimestamp(0)`))
    .returning();
  // Unknown (forged), already used (replayed), expired, or issued for another source or tenant: one answer.
  if (!st || st.source !== q.source || st.tenantId !== q.tenantId) return refuse('state', new OAuthError('invalid_grant', FEDERATED_MSG.badState));
  const p = await inTenant(db, { tenantId: q.tenantId }, async (tx) => {
    await checkTenant(tx, q.tenantId);
    return providerFor(tx, q.source);
  }).catch((e: unknown) => (e instanceof OAuthError ? refuse('social', e) : Promise.reject(e as Error)));
  let profile;
  try {
    const config = await providerConfig(app, p, await providerKey(app));
    profile = await redeem(config, p, { redirectUri: st.redirectUri, code: q.code, state: q.state, nonce: st.nonce, codeVerifier: st.codeVerifier });
  } catch (e) {
    req.log.warn({ err: e, source: q.source }, 'social code not redeemed');
    return refuse('code', new OAuthError('invalid_grant', FEDERATED_MSG.providerFailed));
  }
  return inTenant(db, { tenantId: q.tenantId }, async (tx): Promise<SocialOutcome> => {
    const tenantName = await checkTenant(tx, q.tenantId);
    const values = {
      username: profile.account.slice(0, 255),
      nickname: profile.name.slice(0, 255),
      email: profile.email.slice(0, 255),
      phone: profile.phone.slice(0, 64),
      avatar: profile.avatar.slice(0, 1000),
    };
    const [link] = await tx
      .insert(bladeUserOauth)
      .values({ source: q.source, uuid: profile.subject.slice(0, 255), ...values })
      .onConflictDoUpdate({
        target: [bladeUserOauth.tenantId, bladeUserOauth.source, bladeUserOauth.uuid],
        set: { ...values, updateTime: sql`localtimestamp(0)` },
      })
      .returning();
    if (link!.userId) {
      const [u] = await tx
        .select()
        .from(bladeUser)
        .where(and(eq(bladeUser.id, link!.userId), eq(bladeUser.isDeleted, 0)));
      if (u) {
        if (u.status !== 1) throw new OAuthError('invalid_grant', MSG.disabled);
        return { user: await tokenUser(tx, u, tenantName), oauthId: link!.id };
      }
    }
    const ticket = randomBytes(24).toString('base64url');
    await tx
      .update(bladeUserOauth)
      .set({
        userId: null,
        bindTicket: createHash('sha256').update(ticket).digest('hex'),
        bindExpire: sql`localtimestamp(0) + make_interval(mins => ${TICKET_MINUTES})`,
      })
      .where(eq(bladeUserOauth.id, link!.id));
    return {
      notRegistered: {
        user_id: '-1',
        oauth_id: ticket,
        tenant_id: q.tenantId,
        account: values.username,
        user_name: values.username,
        nick_name: values.nickname,
        real_name: values.nickname,
        avatar: values.avatar,
        access_token: '',
        refresh_token: '',
        error_code: 'not_registered',
        msg: FEDERATED_MSG.notRegistered,
      },
    };
  }).catch((e: unknown) => (e instanceof OAuthError ? refuse('social', e) : Promise.reject(e as Error)));
}

/**
 * register-guest with an oauth_id: binds the identity that ticket stands for to the new user (same transaction).
 * Throws when the ticket is unknown, used or expired.
 */
export async function bindTicket(tx: Tx, ticket: string, userId: string): Promise<boolean> {
  const rows = await tx
    .update(bladeUserOauth)
    .set({ userId, bindTicket: null, bindExpire: null, updateTime: sql`localtimestamp(0)` })
    .where(
      and(
        eq(bladeUserOauth.bindTicket, createHash('sha256').update(ticket).digest('hex')),
        isNull(bladeUserOauth.userId),
        sql`${bladeUserOauth.bindExpire} > localtimestamp(0)`,
      ),
    )
    .returning({ id: bladeUserOauth.id });
  return rows.length === 1;
}
