import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { federatedEndpoints, identityProvider } from '@zoo/contract';
import { BizError, OAuthError } from '../../../platform/http/errors';
import { publicRoute, route } from '../../../platform/http/route';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { refuseDuplicate } from '../../../platform/resource/guards';
import { inTenant } from '../../../platform/tenancy/tenant-tx';
import { bladeIdentityProvider } from './federated.tables';
import { auditRefusal } from './refusal';
import { seal } from '../../../platform/crypto/sealed-box';
import { providerKey } from './provider-key';
import { beginSocial, SOURCE_RE } from './social';
import { authorize } from './sso';

const TENANT_RE = /^\d{6}$/;
/** Where the login page lives (the web app is served by the same server). */
const LOGIN_PAGE = '/login';

export function federatedRoutes(app: FastifyInstance): void {
  // The sealing key is read once at start: a save runs inside a request transaction, and taking a second pool
  // connection from there deadlocks the pool under concurrent saves (the malformed-input test's load).
  app.addHook('onReady', async () => {
    await providerKey(app);
  });
  /** The tenant administrator's providers: the secret is sealed on write and never part of a record. */
  resourceRoutes(app, {
    table: bladeIdentityProvider,
    def: identityProvider,
    toRecord: ({ clientSecretEnc, ...r }) => ({ ...r, secretSet: clientSecretEnc ? 1 : 0 }) as never,
    beforeSave: async (input, { db }, existing) => {
      await refuseDuplicate(db, bladeIdentityProvider, eq(bladeIdentityProvider.source, input.source), existing, `来源编码 [${input.source}] 已存在`);
      if (!input.issuer && !(input.authorizationEndpoint && input.tokenEndpoint)) throw new BizError('请填写签发者(自动发现),或同时填写授权端点与令牌端点');
      if (input.clientSecret) return { clientSecretEnc: seal(await providerKey(app), input.clientSecret) };
      return undefined;
    },
  });

  /** The login page's buttons: enabled providers of the tenant (anonymous; names only). */
  publicRoute(app, federatedEndpoints.providers, async ({ query, sys }) => {
    const tenantId = (query.tenantId ?? '').trim();
    if (!TENANT_RE.test(tenantId)) return [];
    return inTenant(sys, { tenantId }, (tx) =>
      tx
        .select({ source: bladeIdentityProvider.source, name: bladeIdentityProvider.name })
        .from(bladeIdentityProvider)
        .where(and(eq(bladeIdentityProvider.isDeleted, 0), eq(bladeIdentityProvider.status, 1)))
        .orderBy(asc(bladeIdentityProvider.sort), asc(bladeIdentityProvider.id)),
    );
  });

  /** GET render/{source}?tenantId=: to the provider with a stored state and PKCE (a browser navigation, so 302). */
  publicRoute(app, federatedEndpoints.render, async ({ query, req, reply }) => {
    const source = (req.params as { source?: string }).source ?? '';
    const tenantId = (query.tenantId ?? query.tenant_id ?? '').trim();
    if (!TENANT_RE.test(tenantId)) {
      auditRefusal(app, req, 'render', { tenantId, source, reason: '租户ID未找到' });
      throw new OAuthError('invalid_request', '租户ID未找到');
    }
    const url = await beginSocial(app, req, tenantId, source);
    return reply.redirect(url, 302) as never;
  });

  /**
   * GET callback/{source}: hands the browser to the login page with source, code and state; the page completes
   * grant_type=social. Nothing is redeemed here: the state is checked once, by the grant.
   */
  publicRoute(app, federatedEndpoints.callback, async ({ query, req, reply }) => {
    const source = (req.params as { source?: string }).source ?? '';
    const to = new URLSearchParams();
    if (!SOURCE_RE.test(source)) to.set('social_error', '未知的登录来源');
    else if (query.error || !query.code || !query.state) to.set('social_error', query.error_description || query.error || '第三方登录未完成');
    else {
      to.set('source', source);
      to.set('code', query.code);
      to.set('state', query.state);
    }
    return reply.redirect(`${LOGIN_PAGE}?${to.toString()}`, 302) as never;
  });

  /** SSO: this product as the authorization server of other applications (see sso.ts). */
  route(app, federatedEndpoints.authorize, async ({ query, req, session, db }) => authorize(app, req, db, session, query));
}
