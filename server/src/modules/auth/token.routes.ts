import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { authEndpoints } from '@zoo/contract';
import { OAuthError } from '../../platform/http/errors';
import { publicRoute } from '../../platform/http/route';
import { inTenant } from '../../platform/tenancy/tenant-tx';
import { bladeUser } from '../../platform/identity/identity.tables';
import { consumeCaptcha } from './captcha';
import { authenticateClient, type ClientRow } from './client';
import { MSG, checkTenant, passwordLogin, tokenUser } from './login';
import { tokenResponse } from './token-response';
import { TOO_MANY } from '../../platform/auth/throttle';
import { socialGrant } from './federated/social';
import { authorizationCodeGrant } from './federated/sso';

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

const SUPPORTED = new Set(['captcha', 'password', 'refresh_token', 'social', 'authorization_code']);
const header = (h: unknown) => (typeof h === 'string' && h.trim() ? h.trim() : undefined);

/** Rotation: the presented refresh token (and its access token) die here; reuse is refused. */
async function refreshGrant(
  app: FastifyInstance,
  client: ClientRow,
  tenantId: string,
  refreshToken: string | undefined,
  roleHeader?: string,
  deptHeader?: string,
) {
  const claims = refreshToken ? await app.zoo.tokens.verify(refreshToken, 'refresh') : null;
  if (!claims || claims.tenant_id !== tenantId || claims.client_id !== client.clientId) throw new OAuthError('invalid_grant', '刷新令牌无效或已过期');
  const family = await app.zoo.tokens.rotate(claims.jti!);
  if (!family) throw new OAuthError('invalid_grant', '刷新令牌已失效');
  const user = await inTenant(app.zoo.database.db, { tenantId }, async (tx) => {
    const tenantName = await checkTenant(tx, tenantId);
    const [u] = await tx
      .select()
      .from(bladeUser)
      .where(and(eq(bladeUser.id, String(claims.user_id)), eq(bladeUser.isDeleted, 0)));
    if (!u || u.status !== 1) throw new OAuthError('invalid_grant', MSG.disabled);
    return tokenUser(tx, u, tenantName, roleHeader, deptHeader);
  });
  const issued = await app.zoo.tokens.issue(user, client.clientId, client.accessTokenValidity, client.refreshTokenValidity, undefined, family);
  return tokenResponse(user, issued, client.clientId);
}

export function tokenRoutes(app: FastifyInstance): void {
  /** The separate refresh path of spec §7 (refresh token, tenant id, deptId, roleId in the query). */
  publicRoute(app, authEndpoints.tokenRefresh, async ({ query, req }) => {
    const client = await authenticateClient(app.zoo.database.db, req.headers.authorization, 'refresh_token');
    const tenantId = header(req.headers['tenant-id']) ?? query.tenantId ?? query.tenant_id;
    if (!tenantId) throw new OAuthError('invalid_request', MSG.noTenantId);
    const roleId = header(req.headers['role-id']) ?? query.roleId;
    const deptId = header(req.headers['dept-id']) ?? query.deptId;
    return refreshGrant(app, client, tenantId, query.refresh_token ?? query.refreshToken, roleId, deptId);
  });

  publicRoute(app, authEndpoints.token, async ({ query, req }) => {
    // Per client address, before anything costly (the per-account lockout cannot stop one client trying many accounts).
    if (await app.zoo.limiter.over('token', req.ip, app.zoo.config.rateLimitLogin, 1)) throw new OAuthError('invalid_request', TOO_MANY, 429);
    const grant = query.grant_type ?? '';
    if (!grant) throw new OAuthError('invalid_request', '缺少授权类型 grant_type');
    const db = app.zoo.database.db;
    const client = await authenticateClient(db, req.headers.authorization, grant);
    if (!SUPPORTED.has(grant)) throw new OAuthError('unsupported_grant_type', `不支持的授权类型: ${grant}`);

    // The header is what counts; Saber's camelCase tenantId query param is ignored (contract §2.2).
    const tenantId = header(req.headers['tenant-id']) ?? query.tenant_id;
    if (!tenantId) throw new OAuthError('invalid_request', MSG.noTenantId);
    const roleHeader = header(req.headers['role-id']);
    const deptHeader = header(req.headers['dept-id']);

    if (grant === 'refresh_token') return refreshGrant(app, client, tenantId, query.refresh_token, roleHeader, deptHeader);

    if (grant === 'social') {
      const out = await socialGrant(app, req, { tenantId, source: str(query.source), code: str(query.code), state: str(query.state) });
      // Not bound yet: the "not registered" answer (user_id -1, no token) that opens the register dialog.
      if ('notRegistered' in out) return out.notRegistered as never;
      const issued = await app.zoo.tokens.issue(out.user, client.clientId, client.accessTokenValidity, client.refreshTokenValidity);
      return { ...tokenResponse(out.user, issued, client.clientId), oauth_id: out.oauthId };
    }
    if (grant === 'authorization_code') {
      const user = await authorizationCodeGrant(app, req, db, client, {
        code: str(query.code),
        redirect_uri: str(query.redirect_uri),
        code_verifier: str(query.code_verifier),
      });
      if (user.tenantId !== tenantId) throw new OAuthError('invalid_grant', '授权码不属于该租户');
      const issued = await app.zoo.tokens.issue(user, client.clientId, client.accessTokenValidity, client.refreshTokenValidity);
      return tokenResponse(user, issued, client.clientId);
    }

    // With captcha mode on, the password grant is no way around the captcha.
    if (grant === 'captcha' || app.zoo.config.captchaMode) {
      const ok = await consumeCaptcha(db, header(req.headers['captcha-key']), header(req.headers['captcha-code']));
      if (!ok) throw new OAuthError('invalid_grant', MSG.badCaptcha);
    }
    const account = (query.username ?? '').trim();
    if (!account || !query.password) throw new OAuthError('invalid_grant', MSG.badCredentials);
    const user = await passwordLogin(app, { tenantId, account: account.slice(0, 64), digest: query.password, roleHeader, deptHeader });
    const issued = await app.zoo.tokens.issue(user, client.clientId, client.accessTokenValidity, client.refreshTokenValidity);
    return tokenResponse(user, issued, client.clientId);
  });
}
