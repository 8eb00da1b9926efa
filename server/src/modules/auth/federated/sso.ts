import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FEDERATED_MSG } from '@zoo/contract';
import type { Db, DbLike } from '../../../db/client';
import type { Session } from '../../../platform/auth/session';
import { BizError, OAuthError } from '../../../platform/http/errors';
import { bladeUser } from '../../../platform/identity/identity.tables';
import type { TokenUser } from '../../../platform/auth/tokens';
import { inTenant } from '../../../platform/tenancy/tenant-tx';
import { bladeClient } from '../../system/client/client.tables';
import { checkTenant, MSG, tokenUser } from '../login';
import type { ClientRow } from '../client';
import { sysAuthCode } from './federated.tables';
import { auditRefusal } from './refusal';

/** An authorization code is redeemed right away by the client's back end. */
const CODE_SECONDS = 60;

const sha256 = (s: string) => createHash('sha256').update(s).digest();
const b64url = (b: Buffer) => b.toString('base64url');

/** blade_client.web_server_redirect_uri holds the allow-list (comma-separated); a URI must equal one entry exactly. */
export const redirectAllowed = (c: ClientRow, uri: string) =>
  c.webServerRedirectUri
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .includes(uri);

/** First-party clients (autoapprove "true" or "all", Spring's convention) skip the consent question. */
const firstParty = (c: ClientRow) => ['true', 'all'].includes(c.autoapprove.trim().toLowerCase());

export interface AuthorizeInput {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  approve?: string;
}

/**
 * The authorization endpoint, for the signed-in user of this product (the web page forwards the other
 * application's request with the session's token). Answers where the browser goes next: the client's redirect URI
 * with a single-use, PKCE-bound code, or a consent question for a client that is not first-party.
 */
export async function authorize(
  app: FastifyInstance,
  req: FastifyRequest,
  db: DbLike,
  session: Session,
  q: AuthorizeInput,
): Promise<{ redirect: string; consent: string }> {
  const refuse = (reason: string): never => {
    auditRefusal(app, req, 'authorize', {
      clientId: q.client_id ?? '',
      redirectUri: q.redirect_uri ?? '',
      tenantId: session.tenantId,
      userId: session.userId,
      reason,
    });
    throw new BizError(reason);
  };
  // The request's own transaction: a second pool connection taken from inside it deadlocks the pool under load.
  const [client] = q.client_id
    ? await db
        .select()
        .from(bladeClient)
        .where(and(eq(bladeClient.clientId, q.client_id), eq(bladeClient.isDeleted, 0), eq(bladeClient.status, 1)))
    : [];
  if (!client || !client.authorizedGrantTypes.split(',').includes('authorization_code')) return refuse(FEDERATED_MSG.badClient);
  // Before anything is sent to it: an unlisted redirect URI never receives a code (or an error).
  if (!q.redirect_uri || !redirectAllowed(client, q.redirect_uri)) return refuse(FEDERATED_MSG.badRedirect);
  if (q.response_type !== 'code') return refuse('仅支持 response_type=code');
  if (!q.code_challenge || q.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) return refuse(FEDERATED_MSG.pkceRequired);
  if (!firstParty(client) && q.approve !== '1') return { redirect: '', consent: client.clientId };
  const code = randomBytes(32).toString('base64url');
  if (Math.random() < 0.05) await db.delete(sysAuthCode).where(sql`${sysAuthCode.expireTime} < localtimestamp(0)`);
  await db.insert(sysAuthCode).values({
    codeHash: b64url(sha256(code)),
    clientId: client.clientId,
    tenantId: session.tenantId,
    userId: session.userId,
    roleId: session.roleIds.join(','),
    deptId: session.deptId,
    redirectUri: q.redirect_uri,
    codeChallenge: q.code_challenge,
    expireTime: sql`localtimestamp(0) + make_interval(secs => ${CODE_SECONDS})` as never,
  });
  const target = new URL(q.redirect_uri);
  target.searchParams.set('code', code);
  if (q.state) target.searchParams.set('state', q.state);
  return { redirect: target.href, consent: '' };
}

/**
 * grant_type=authorization_code: the code is spent first (single use), then it must belong to this client, name
 * the same redirect URI and match the PKCE verifier; the user must still be enabled with a role.
 */
export async function authorizationCodeGrant(
  app: FastifyInstance,
  req: FastifyRequest,
  db: Db,
  client: ClientRow,
  q: { code?: string; redirect_uri?: string; code_verifier?: string },
): Promise<TokenUser> {
  const refuse = (reason: string): never => {
    auditRefusal(app, req, 'authorization_code', { clientId: client.clientId, redirectUri: q.redirect_uri ?? '', reason });
    throw new OAuthError('invalid_grant', reason);
  };
  if (!q.code || q.code.length > 128) return refuse(FEDERATED_MSG.badCode);
  const [row] = await db
    .update(sysAuthCode)
    .set({ useTime: sql`localtimestamp(0)` })
    .where(and(eq(sysAuthCode.codeHash, b64url(sha256(q.code))), isNull(sysAuthCode.useTime), sql`${sysAuthCode.expireTime} > localtimestamp(0)`))
    .returning();
  if (!row || row.clientId !== client.clientId) return refuse(FEDERATED_MSG.badCode);
  if (!q.redirect_uri || q.redirect_uri !== row.redirectUri || !redirectAllowed(client, q.redirect_uri)) return refuse(FEDERATED_MSG.badRedirect);
  const verifier = q.code_verifier ?? '';
  const expected = Buffer.from(row.codeChallenge);
  const got = Buffer.from(b64url(sha256(verifier)));
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || got.length !== expected.length || !timingSafeEqual(got, expected))
    return refuse(FEDERATED_MSG.badVerifier);
  return inTenant(db, { tenantId: row.tenantId }, async (tx) => {
    const tenantName = await checkTenant(tx, row.tenantId);
    const [u] = await tx
      .select()
      .from(bladeUser)
      .where(and(eq(bladeUser.id, row.userId), eq(bladeUser.isDeleted, 0)));
    if (!u || u.status !== 1) throw new OAuthError('invalid_grant', MSG.disabled);
    return tokenUser(tx, u, tenantName, row.roleId.split(',').length === 1 ? row.roleId : undefined, row.deptId || undefined);
  });
}
