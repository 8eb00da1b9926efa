import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { authEndpoints } from '@zoo/contract';
import { OAuthError } from '../../platform/errors';
import { publicRoute } from '../../platform/route';
import { inTenant } from '../../platform/tenant-tx';
import { bladeUser } from '../iam/iam.tables';
import { consumeCaptcha } from './captcha';
import { authenticateClient } from './client';
import { MSG, checkTenant, passwordLogin, tokenUser } from './login';
import { tokenResponse } from './token-response';

const SUPPORTED = new Set(['captcha', 'password', 'refresh_token']);
const header = (h: unknown) => (typeof h === 'string' && h.trim() ? h.trim() : undefined);

export function tokenRoutes(app: FastifyInstance): void {
  publicRoute(app, authEndpoints.token, async ({ query, req }) => {
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

    if (grant === 'refresh_token') {
      const claims = query.refresh_token ? await app.zoo.tokens.verify(query.refresh_token, 'refresh') : null;
      if (!claims || claims.tenant_id !== tenantId || claims.client_id !== client.clientId)
        throw new OAuthError('invalid_grant', '刷新令牌无效或已过期');
      // Rotation: the presented refresh token (and its access token) die here; reuse is refused.
      if (!(await app.zoo.tokens.revokePair(claims.jti!))) throw new OAuthError('invalid_grant', '刷新令牌已失效');
      const user = await inTenant(db, { tenantId }, async (tx) => {
        const tenantName = await checkTenant(tx, tenantId);
        const [u] = await tx.select().from(bladeUser).where(and(eq(bladeUser.id, String(claims.user_id)), eq(bladeUser.isDeleted, 0)));
        if (!u || u.status !== 1) throw new OAuthError('invalid_grant', MSG.disabled);
        return tokenUser(tx, u, tenantName, roleHeader, deptHeader);
      });
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
