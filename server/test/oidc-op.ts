import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider for the federated-login tests: `oidc-provider` on a free loopback port with its
 * development interactions (a sign-in form that accepts any login, whose text becomes the subject, then a consent
 * form). People are described by `people` (claims per subject); unknown logins get claims from the login itself.
 */
export interface TestOp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
  /** Walks the provider's sign-in and consent forms as a browser would; answers the final redirect (code, state). */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
}

export async function startOp(o: { redirectUris: string[]; people?: Record<string, Record<string, string>> }): Promise<TestOp> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'zoo-rp';
  const clientSecret = 'zoo-rp-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: o.redirectUris, grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'], phone: ['phone_number'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['zoo-test-op-cookie-key'] },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, preferred_username: sub, name: `${sub} 同学`, email: `${sub}@op.test`, phone_number: '13800000000', ...o.people?.[sub] }),
    }),
  });
  server.on('request', provider.callback());

  const signIn = async (authorizationUrl: string, login: string): Promise<URL> => {
    const jar = new Map<string, string>();
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair!.indexOf('=');
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 12; hop++) {
      if (url.origin !== issuer) return url;
      let res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
      keep(res);
      if (res.status === 200) {
        // An interaction page: fill in whichever form it shows.
        const page = await res.text();
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
        const action = /action="([^"]+)"/.exec(page)?.[1];
        if (!prompt || !action) throw new Error(`unexpected provider page: ${page.slice(0, 200)}`);
        const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
        res = await fetch(new URL(action, issuer), { method: 'POST', redirect: 'manual', body, headers: { cookie: cookie() } });
        keep(res);
      }
      const next = res.headers.get('location');
      if (!next) throw new Error(`provider answered ${res.status} without a redirect: ${await res.text()}`);
      url = new URL(next, url);
    }
    throw new Error('too many redirects at the provider');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    signIn,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
