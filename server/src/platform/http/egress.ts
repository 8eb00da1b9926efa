import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Outbound requests to addresses a tenant administrator typed (OSS endpoints, SMS gateways) must not reach this
 * server's own network: loopback, private, link-local (169.254.169.254, the cloud metadata service), CGNAT,
 * unique-local, multicast, reserved… Only public unicast addresses are allowed, plus what the operator lists in
 * ALLOW_PRIVATE_ENDPOINTS (e.g. a MinIO on the LAN).
 *
 * The check runs on the address actually connected to: the agents' `lookup` refuses a name that resolves to a
 * forbidden address (so DNS rebinding and redirects, each being a new connection, are checked too), and an
 * address literal — which Node connects to without a lookup — is checked before the request.
 */

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** A destination the egress rule refuses; callers answer it exactly like an unreachable one. */
export class EgressRefused extends Error {
  readonly code = 'EGRESS_REFUSED';
}

/** Parses ALLOW_PRIVATE_ENDPOINTS: addresses or CIDRs, comma-separated. Throws on a bad entry. */
export function parseAllowList(v: string | undefined): Cidr[] {
  return (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s.includes('/') ? ipaddr.parseCIDR(s) : (([a]) => [a, a.kind() === 'ipv4' ? 32 : 128] as Cidr)([ipaddr.parse(s)])));
}

export interface EgressPolicy {
  allow: Cidr[];
}

/** Whether an address may be connected to: public unicast, or on the operator's allow list. */
export function isAllowedAddress(ip: string, policy: EgressPolicy): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let a = ipaddr.parse(ip);
  // ::ffff:127.0.0.1 is 127.0.0.1.
  if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress()) a = (a as ipaddr.IPv6).toIPv4Address();
  if (policy.allow.some(([range, bits]) => range.kind() === a.kind() && a.match(range, bits))) return true;
  return a.range() === 'unicast';
}

/** The URL's host when it is an address literal ([::1] → ::1), else undefined. */
const literalHost = (u: URL) => {
  const h = u.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(h) ? h : undefined;
};

/** Refuses a URL that is not http(s) or names a forbidden address literal (names are checked when they resolve). */
export function checkUrl(url: string | URL, policy: EgressPolicy): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new EgressRefused('invalid url');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new EgressRefused('protocol');
  const ip = literalHost(u);
  if (ip && !isAllowedAddress(ip, policy)) throw new EgressRefused('address');
  if (!ip && /^localhost$|\.localhost$/i.test(u.hostname)) throw new EgressRefused('address');
  return u;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A `lookup` for sockets that resolves every address of the name and refuses the name if any is forbidden. */
export function guardedLookup(policy: EgressPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (!addresses.length || addresses.some((a) => !isAllowedAddress(a.address, policy))) return callback(new EgressRefused('address'), '');
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface Egress {
  policy: EgressPolicy;
  httpAgent: http.Agent;
  httpsAgent: https.Agent;
  check(url: string | URL): URL;
}

const cache = new Map<string, Egress>();

/** The agents of one allow list (kept per process: they pool connections). */
export function egressFor(allowList: string): Egress {
  let e = cache.get(allowList);
  if (!e) {
    const policy = { allow: parseAllowList(allowList) };
    const lookup = guardedLookup(policy) as unknown as net.LookupFunction;
    e = {
      policy,
      httpAgent: new http.Agent({ keepAlive: true, lookup } as http.AgentOptions),
      httpsAgent: new https.Agent({ keepAlive: true, lookup } as https.AgentOptions),
      check: (url) => checkUrl(url, policy),
    };
    cache.set(allowList, e);
  }
  return e;
}

/**
 * POSTs `body` through the guarded agents and resolves with the status and up to `maxBytes` of the answer.
 * Redirects are not followed (a provider API has no reason to redirect; following one is how an SSRF hops).
 */
export function egressPost(
  egress: Egress,
  url: string,
  init: { headers: Record<string, string>; body: string; timeoutMs?: number; maxBytes?: number },
): Promise<{ status: number; text: string }> {
  const u = egress.check(url);
  const lib = u.protocol === 'https:' ? https : http;
  const agent = u.protocol === 'https:' ? egress.httpsAgent : egress.httpAgent;
  const max = init.maxBytes ?? 1024 * 1024;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      u,
      { method: 'POST', headers: { ...init.headers, 'content-length': Buffer.byteLength(init.body) }, agent, timeout: init.timeoutMs ?? 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > max) req.destroy(new Error('answer too large'));
          else chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(init.body);
  });
}
