import * as oidc from 'openid-client';
import type { FastifyInstance } from 'fastify';
import { egressFor } from '../../../platform/http/egress';
import { egressFetch } from '../../../platform/http/egress-fetch';
import { tryOpen } from '../../../platform/crypto/sealed-box';
import type { bladeIdentityProvider } from './federated.tables';

type ProviderRow = typeof bladeIdentityProvider.$inferSelect;

/** What a provider says about the person who signed in, after the tenant's claim mapping. */
export interface ProviderProfile {
  subject: string;
  account: string;
  name: string;
  email: string;
  phone: string;
  avatar: string;
}

const claimText = (claims: Record<string, unknown>, name: string) => {
  const v = name ? claims[name] : undefined;
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
};

/**
 * The openid-client configuration of one provider: discovery from the issuer, or the explicit endpoints (which
 * also override discovered ones). Every call goes through the egress rule; plain http is accepted only because
 * the rule already limits where it may go (public addresses, or the operator's allow list).
 */
export async function providerConfig(app: FastifyInstance, p: ProviderRow, key: Buffer): Promise<oidc.Configuration> {
  const fetch = egressFetch(egressFor(app.zoo.config.allowPrivateEndpoints)) as unknown as oidc.CustomFetch;
  const secret = p.clientSecretEnc ? tryOpen(key, p.clientSecretEnc) : '';
  if (secret === null) throw new Error('client secret cannot be decrypted with the configured key');
  const auth = secret ? oidc.ClientSecretBasic(secret) : oidc.None();
  const insecure = (u: string) => u.startsWith('http:');
  let config: oidc.Configuration;
  if (p.issuer && !p.authorizationEndpoint) {
    config = await oidc.discovery(new URL(p.issuer), p.clientId, undefined, auth, {
      [oidc.customFetch]: fetch,
      ...(insecure(p.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
      timeout: 10,
    });
  } else {
    const meta: oidc.ServerMetadata = {
      issuer: p.issuer || new URL(p.authorizationEndpoint).origin,
      authorization_endpoint: p.authorizationEndpoint,
      token_endpoint: p.tokenEndpoint,
      ...(p.userinfoEndpoint ? { userinfo_endpoint: p.userinfoEndpoint } : {}),
      ...(p.jwksUri ? { jwks_uri: p.jwksUri } : {}),
    };
    config = new oidc.Configuration(meta, p.clientId, undefined, auth);
    config[oidc.customFetch] = fetch;
    if ([p.authorizationEndpoint, p.tokenEndpoint, p.userinfoEndpoint, p.jwksUri].some(insecure)) oidc.allowInsecureRequests(config);
  }
  config.timeout = 10;
  return config;
}

export const isOpenId = (p: ProviderRow) => p.scopes.split(/\s+/).includes('openid');

/** The provider's authorization URL for a render redirect. */
export function authorizationUrl(
  config: oidc.Configuration,
  p: ProviderRow,
  a: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
): Promise<URL> {
  return oidc.calculatePKCECodeChallenge(a.codeVerifier).then((challenge) =>
    oidc.buildAuthorizationUrl(config, {
      redirect_uri: a.redirectUri,
      scope: p.scopes || 'openid',
      state: a.state,
      ...(isOpenId(p) ? { nonce: a.nonce } : {}),
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }),
  );
}

/**
 * Redeems the code (PKCE verifier, state and nonce checked by openid-client) and maps the claims of the ID token
 * and the userinfo endpoint to a profile.
 */
export async function redeem(
  config: oidc.Configuration,
  p: ProviderRow,
  a: { redirectUri: string; code: string; state: string; nonce: string; codeVerifier: string },
): Promise<ProviderProfile> {
  const current = new URL(a.redirectUri);
  current.searchParams.set('code', a.code);
  current.searchParams.set('state', a.state);
  // RFC 9207: the state row is bound to this provider, so its own issuer is the expected `iss`.
  const meta = config.serverMetadata();
  if (meta.authorization_response_iss_parameter_supported) current.searchParams.set('iss', meta.issuer);
  const tokens = await oidc.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: a.codeVerifier,
    expectedState: a.state,
    ...(isOpenId(p) ? { expectedNonce: a.nonce, idTokenExpected: true } : {}),
  });
  let claims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
  if (meta.userinfo_endpoint) {
    const sub = typeof claims.sub === 'string' ? claims.sub : oidc.skipSubjectCheck;
    claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, sub)), ...claims };
  }
  const subject = claimText(claims, 'sub') || claimText(claims, 'id');
  if (!subject) throw new Error('the provider named no subject');
  return {
    subject,
    account: claimText(claims, p.claimAccount),
    name: claimText(claims, p.claimName),
    email: claimText(claims, p.claimEmail),
    phone: claimText(claims, p.claimPhone),
    avatar: claimText(claims, 'picture'),
  };
}
